import type { FieldSpec, RecordSpec } from './record-spec.ts';

/** A text field the data set lacks: published as null (the reference's field, kept for its clients). */
const absent = <N extends string>(name: N, description: string) =>
  ({
    name,
    type: 'string',
    nullable: true,
    description: `${description} (not in the data set: null)`,
  }) as const satisfies FieldSpec;

/** A flag of a course's `offerings` (method 1163): not in the data set, so null. */
const flag = <N extends string>(name: N, description: string) =>
  ({
    name,
    type: 'boolean',
    nullable: true,
    description: `${description} (not in the data set: null)`,
  }) as const satisfies FieldSpec;

const subject = {
  name: 'subject',
  type: 'string',
  nullable: true,
  description: 'Subject code, e.g. CS (the file name)',
} as const satisfies FieldSpec;
const catalogNumber = {
  name: 'catalog_number',
  type: 'string',
  nullable: true,
  description: 'Catalogue number: digits, sometimes a letter suffix, e.g. 135, 102W (the column `number`)',
} as const satisfies FieldSpec;
const title = {
  name: 'title',
  type: 'string',
  nullable: true,
  description: 'Course title',
} as const satisfies FieldSpec;
const units = {
  name: 'units',
  type: 'number',
  nullable: true,
  description: 'Credit weight, e.g. 0.5 (not in the data set: null)',
} as const satisfies FieldSpec;
const level = absent('academic_level', '`undergraduate` or `graduate`');

/** A course as the data set holds it: the three columns of `courses/<SUBJECT>.csv`. */
export const courseRowRecord = {
  name: 'courseRow',
  title: 'Course',
  fields: [subject, catalogNumber, title],
} as const satisfies RecordSpec;

/** A course of a subject's listing (method 1153): the reference's record, null where the data set has nothing. */
export const courseRecord = {
  name: 'course',
  title: 'Course of a subject',
  fields: [
    absent('course_id', "Registrar's course number, zero-padded, e.g. 004380"),
    subject,
    catalogNumber,
    title,
    units,
    absent('description', 'Short calendar description'),
    level,
  ],
} as const satisfies RecordSpec;

/**
 * One course in full (method 1163): the reference's record, null (nested `offerings` included) where
 * the data set has nothing.
 */
export const courseDetailsRecord = {
  name: 'courseDetails',
  title: 'Course details',
  fields: [
    absent('course_id', "Registrar's course number"),
    subject,
    catalogNumber,
    title,
    units,
    absent('description', 'Calendar description'),
    {
      name: 'instructions',
      type: 'string-list',
      nullable: true,
      description: 'Kinds of class meeting: LEC, TUT, LAB, … (not in the data set: null)',
    },
    absent('prerequisites', 'Prerequisites as calendar text'),
    absent('antirequisites', 'Antirequisites as calendar text'),
    absent('corequisites', 'Corequisites as calendar text'),
    absent('crosslistings', 'Cross-listed courses'),
    {
      name: 'terms_offered',
      type: 'string-list',
      nullable: true,
      description: 'Term letters when offered: F, W, S (not in the data set: null)',
    },
    absent('notes', 'Extra remarks'),
    {
      name: 'offerings',
      type: 'object',
      nullable: true,
      description: 'Where it is offered, eight flags (not in the data set: null)',
      fields: [
        flag('online', 'Offered online'),
        flag('online_only', 'Offered online only'),
        flag('st_jerome', "Offered at St. Jerome's"),
        flag('st_jerome_only', "Offered only at St. Jerome's"),
        flag('renison', 'Offered at Renison'),
        flag('renison_only', 'Offered only at Renison'),
        flag('conrad_grebel', 'Offered at Conrad Grebel'),
        flag('conrad_grebel_only', 'Offered only at Conrad Grebel'),
      ],
    },
    flag('needs_department_consent', "Enrolment needs the department's approval"),
    flag('needs_instructor_consent', "Enrolment needs the instructor's approval"),
    { name: 'extra', type: 'string-list', nullable: true, description: 'Further remarks (not in the data set: null)' },
    absent('calendar_year', 'Calendar edition, e.g. 1415 for 2014-15'),
    absent('url', 'Calendar page of the course'),
    level,
  ],
} as const satisfies RecordSpec;
