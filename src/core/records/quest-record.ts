import type { RecordSpec } from './record-spec.ts';

/** An academic group (faculty or college) of method 1229. */
export const academicGroupRecord = {
  name: 'academicGroup',
  title: 'Academic group',
  fields: [
    { name: 'group_code', type: 'string', nullable: true, description: 'Group code, e.g. ENG' },
    { name: 'group_short_name', type: 'string', nullable: true, description: "Short name (Quest's abbreviation)" },
    { name: 'group_full_name', type: 'string', nullable: true, description: 'Full name' },
  ],
} as const satisfies RecordSpec;

/** An academic organisation (department, school) of method 1231. */
export const academicUnitRecord = {
  name: 'academicUnit',
  title: 'Academic organisation',
  fields: [
    { name: 'unit_code', type: 'string', nullable: true, description: 'Unit code, e.g. AMATH' },
    { name: 'group_code', type: 'string', nullable: true, description: 'The group the unit belongs to (see 1229)' },
    {
      name: 'unit_short_name',
      type: 'string',
      nullable: true,
      description: "Abbreviated name (Quest's, at most 30 characters)",
    },
    { name: 'unit_full_name', type: 'string', nullable: true, description: 'Full name' },
  ],
} as const satisfies RecordSpec;

/** A subject code of method 1237. */
export const subjectRecord = {
  name: 'subject',
  title: 'Subject code',
  fields: [
    { name: 'subject', type: 'string', nullable: true, description: 'Subject code, e.g. CS' },
    { name: 'description', type: 'string', nullable: true, description: 'Subject name' },
    { name: 'unit', type: 'string', nullable: true, description: 'Owning unit code (see 1231)' },
    { name: 'group', type: 'string', nullable: true, description: 'Owning group code (see 1229)' },
  ],
} as const satisfies RecordSpec;

/** A term letter code of method 1249 (the data set's column `abbreviation` is the reference's field `term`). */
export const termCodeRecord = {
  name: 'termCode',
  title: 'Term letter code',
  fields: [
    {
      name: 'term',
      type: 'string',
      nullable: true,
      description: 'Term letter: F, W, S, or J, A, M for the summer halves',
    },
    { name: 'description', type: 'string', nullable: true, description: 'What the letter stands for' },
  ],
} as const satisfies RecordSpec;

/** A kind of class meeting of method 1259. */
export const instructionRecord = {
  name: 'instruction',
  title: 'Instruction kind',
  fields: [
    { name: 'abbreviation', type: 'string', nullable: true, description: 'Code, e.g. LEC' },
    { name: 'description', type: 'string', nullable: true, description: 'Its name' },
  ],
} as const satisfies RecordSpec;

/** A campus or partner code (CampusCodes.csv): read and checked, but no method of the directory publishes it. */
export const campusCodeRecord = {
  name: 'campusCode',
  title: 'Campus code',
  fields: [
    { name: 'abbreviation', type: 'string', nullable: true, description: 'Campus or partner code, e.g. UW, WLU, ONLN' },
    { name: 'description', type: 'string', nullable: true, description: 'Its name' },
  ],
} as const satisfies RecordSpec;
