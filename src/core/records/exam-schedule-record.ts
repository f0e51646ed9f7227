import type { FieldSpec, RecordOf, RecordSpec } from './record-spec.ts';

/**
 * One sitting of a course's final exam (an item of `sections`); without a sitting, day to end_time are
 * null and notes says why.
 */
const sittingFields = [
  {
    name: 'section',
    type: 'string',
    nullable: false,
    description:
      'Section or sections sitting together, e.g. 001, 001,002, 001 to 004, 081 Online; ' +
      'empty when the schedule names none',
  },
  {
    name: 'day',
    type: 'string',
    nullable: true,
    description: 'Weekday of the sitting, e.g. Thursday; null without a sitting',
  },
  {
    name: 'date',
    type: 'string',
    nullable: true,
    description: 'Date of the sitting, ISO 8601 (2011-08-04); null without a sitting',
  },
  {
    name: 'start_time',
    type: 'string',
    nullable: true,
    description: 'Start, 12-hour clock with AM/PM, e.g. 9:00 AM; null without a sitting',
  },
  {
    name: 'end_time',
    type: 'string',
    nullable: true,
    description: 'End, same format as start_time; null without a sitting',
  },
  {
    name: 'location',
    type: 'string',
    nullable: true,
    description: 'Building code and rooms, e.g. PAC 1,2,3, or WLU; null when none is given',
  },
  {
    name: 'notes',
    type: 'string',
    nullable: false,
    description: 'Remark, e.g. why there is no sitting or where to look it up; empty when none',
  },
] as const satisfies readonly FieldSpec[];

/** A course's final exam in one term, with its sittings: the record of method 1187. */
export const examCourseRecord = {
  name: 'examCourse',
  title: 'Course exam',
  fields: [
    {
      name: 'course',
      type: 'string',
      nullable: false,
      description: 'Subject code and catalogue number, e.g. ACTSC 221',
    },
    {
      name: 'sections',
      type: 'record-list',
      nullable: false,
      description: 'One item per sitting, in the order of the schedule',
      fields: sittingFields,
    },
  ],
} as const satisfies RecordSpec;

/** A course's exam as the data set holds it: its term (the file it comes from) and the published record. */
export const termExamCourseRecord = {
  name: 'termExamCourse',
  title: 'Course exam of a term',
  fields: [
    {
      name: 'term',
      type: 'string',
      nullable: false,
      description: 'Term code, e.g. 1115 (Spring 2011): the file the rows come from',
    },
    ...examCourseRecord.fields,
  ],
} as const satisfies RecordSpec;

/** One sitting of a course's final exam, as published (an item of `sections`). */
export type ExamSitting = RecordOf<typeof examCourseRecord>['sections'][number];
