import type { Findings, Place } from '../../read/findings.ts';
import {
  academicGroupRecord,
  academicUnitRecord,
  campusCodeRecord,
  instructionRecord,
  subjectRecord,
  termCodeRecord,
} from '../../records/quest-record.ts';
import { fieldNames, type RecordSpec } from '../../records/record-spec.ts';
import { type CsvTableRule, cellPosition, type DataRow, readCsvTables, textRecord } from '../csv-reader.ts';
import type { Dataset, Feed, ReadRecord, SourceFile } from '../dataset.ts';

/** A code that must exist in another table: where it is written and which table must hold it. */
interface Reference {
  table: 'groups' | 'units';
  code: string;
  field: string;
  at: Place;
}

/** The cell of a row, by column. */
const cellOf = (row: DataRow, column: string) => row.cell(column);
const placeOf = (row: DataRow, column: string): Place => ({
  file: row.file,
  line: cellOf(row, column).line,
  column: cellOf(row, column).column,
});

/** A code column must not be empty. */
function requireCode(row: DataRow, column: string, findings: Findings): void {
  if (cellOf(row, column).value.trim() === '')
    findings.error(placeOf(row, column), 'empty', `${column} is empty: every row needs its code.`);
}

/** Notes a code that must exist in another table (checked once every file is read) in `references`. */
function refer(row: DataRow, column: string, table: Reference['table'], references: Reference[]): void {
  references.push({ table, code: cellOf(row, column).value.trim(), field: column, at: placeOf(row, column) });
}

/**
 * Warns when a short name drops an apostrophe its full name has (`St. Jeromes` for
 * `St. Jerome's University`): Quest's abbreviations lose punctuation.
 */
function checkPunctuation(row: DataRow, short: string, full: string, findings: Findings): void {
  const words = new Set(
    cellOf(row, full)
      .value.split(/\s+/)
      .filter((w) => w.includes("'")),
  );
  const cell = cellOf(row, short);
  for (const word of words) {
    const bare = word.replace(/'/g, '');
    const i = cell.value.search(new RegExp(`(?<![\\w'])${bare.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w'])`));
    if (i >= 0) {
      findings.warning(
        { file: row.file, ...cellPosition(cell, i) },
        'punctuation',
        `${short} "${cell.value}" writes "${bare}" where ${full} has "${word}". Restore the apostrophe.`,
      );
    }
  }
}

/** A table rule of one file of the folder, whose columns are its record's fields unless given. */
function file(table: string, name: string, record: RecordSpec, rest: Partial<CsvTableRule> = {}): CsvTableRule {
  return {
    table,
    match: new RegExp(`^${name.replace('.', '\\.')}$`),
    columns: fieldNames(record),
    toRecord: textRecord,
    ...rest,
  };
}

/** Warns about semicolons standing in for commas inside a description (a work-around for broken quoting). */
function checkSemicolons(row: DataRow, findings: Findings): void {
  const cell = cellOf(row, 'description');
  const i = cell.value.indexOf(';');
  if (i >= 0) {
    findings.warning(
      { file: row.file, ...cellPosition(cell, i) },
      'semicolon',
      `description "${cell.value.trim()}" uses semicolons where the text means commas. ` +
        `Write commas and wrap the value in double quotes.`,
    );
  }
}

/** The rules of one read; codes that must exist elsewhere are noted in `references`. */
const rules = (references: Reference[]): readonly CsvTableRule[] => [
  file('groups', 'AcademicGroups.csv', academicGroupRecord, {
    checkRow(row, findings) {
      requireCode(row, 'group_code', findings);
      checkPunctuation(row, 'group_short_name', 'group_full_name', findings);
    },
  }),
  file('units', 'AcademicOrganizations.csv', academicUnitRecord, {
    checkRow(row, findings) {
      requireCode(row, 'unit_code', findings);
      refer(row, 'group_code', 'groups', references);
      checkPunctuation(row, 'unit_short_name', 'unit_full_name', findings);
    },
  }),
  file('subjects', 'Subjects.csv', subjectRecord, {
    checkRow(row, findings) {
      requireCode(row, 'subject', findings);
      refer(row, 'unit', 'units', references);
      refer(row, 'group', 'groups', references);
    },
  }),
  file('terms', 'Terms.csv', termCodeRecord, {
    columns: ['abbreviation', 'description'],
    checkRow(row, findings) {
      requireCode(row, 'abbreviation', findings);
      checkSemicolons(row, findings);
    },
    toRecord: (row, _findings, place) => ({
      values: { term: cellOf(row, 'abbreviation').value, description: cellOf(row, 'description').value },
      ...place,
    }),
  }),
  file('instructions', 'Instructions.csv', instructionRecord, {
    checkRow: (row, findings) => requireCode(row, 'abbreviation', findings),
  }),
  file('campuses', 'CampusCodes.csv', campusCodeRecord, {
    checkRow: (row, findings) => requireCode(row, 'abbreviation', findings),
  }),
];

/** The file of each table other tables refer to. */
const REFERRED: Record<Reference['table'], string> = {
  groups: 'AcademicGroups.csv',
  units: 'AcademicOrganizations.csv',
};

/**
 * The tables whose file is there but could not be read (a wrong header, an empty file), each with the place of
 * that cause: their codes are unknown, so the codes that refer to them are not checked.
 */
function unreadTables(files: readonly SourceFile[], findings: Findings): Map<Reference['table'], Place> {
  const unread = new Map<Reference['table'], Place>();
  const tables: readonly Reference['table'][] = ['groups', 'units'];
  for (const table of tables) {
    const source = files.find((f) => f.rel === REFERRED[table]);
    const cause = source && findings.errors.find((f) => f.file === source.file && f.rule === 'header');
    if (cause) unread.set(table, { file: cause.file, line: cause.line, column: cause.column });
  }
  return unread;
}

/**
 * One error per file for the codes that refer to a table that could not be read, listed after its cause: how many
 * wait on it (not one false "is not in" per row).
 */
function reportWaiting(waiting: readonly Reference[], table: Reference['table'], cause: Place, findings: Findings) {
  const byFile = new Map<string, Reference[]>();
  for (const r of waiting) byFile.set(r.at.file, [...(byFile.get(r.at.file) ?? []), r]);
  for (const refs of byFile.values()) {
    const [first] = refs;
    if (!first) continue;
    const fields = [...new Set(refs.map((r) => r.field))].join(' and ');
    findings.error(
      first.at,
      'reference',
      `the ${refs.length} value${refs.length === 1 ? '' : 's'} of ${fields} in this file ` +
        `${refs.length === 1 ? 'is' : 'are'} not checked: they name rows of ${REFERRED[table]}, ` +
        `which could not be read (its error is reported above). Fix that first, then check again.`,
      cause,
    );
  }
}

/** Reports every code that names a group or unit its table does not hold (unless that table could not be read). */
function checkReferences(
  tables: Record<string, readonly ReadRecord[]>,
  references: readonly Reference[],
  unread: ReadonlyMap<Reference['table'], Place>,
  findings: Findings,
): void {
  const codes = {
    groups: new Set((tables.groups ?? []).map((r) => r.values.group_code)),
    units: new Set((tables.units ?? []).map((r) => r.values.unit_code)),
  };
  for (const [table, cause] of unread) {
    const waiting = references.filter((r) => r.table === table);
    if (waiting.length > 0) reportWaiting(waiting, table, cause, findings);
  }
  for (const ref of references) {
    if (codes[ref.table].has(ref.code) || unread.has(ref.table)) continue;
    const where = `${REFERRED[ref.table]} (${ref.table === 'groups' ? 'group_code' : 'unit_code'})`;
    findings.error(
      ref.at,
      'reference',
      `${ref.field} "${ref.code}" is not in ${where}. Use a code listed there, or add it there first.`,
    );
  }
}

/** A fixed-path method publishing every record of one table. */
const listOf = (table: string, record: RecordSpec): Feed => ({
  record,
  data: 'array',
  records: ({ tables }) => tables[table] ?? [],
});

/** Quest's academic code tables: one CSV per table, `data/quest/<upstream name>.csv`, feeding methods 1229 to 1259. */
export const dataset: Dataset = {
  name: 'quest',
  title: 'Academic code tables of the student system Quest (uWaterloo/Datasets Quest)',
  source: {
    repository: 'uWaterloo/Datasets',
    path: 'Quest',
    url: 'https://github.com/uWaterloo/Datasets/tree/9259aca/Quest',
  },
  tables: [
    { name: 'groups', record: academicGroupRecord, key: ['group_code'] },
    { name: 'units', record: academicUnitRecord, key: ['unit_code'] },
    { name: 'subjects', record: subjectRecord, key: ['subject'] },
    { name: 'terms', record: termCodeRecord, key: ['term'] },
    { name: 'instructions', record: instructionRecord, key: ['abbreviation'] },
    { name: 'campuses', record: campusCodeRecord, key: ['abbreviation'] },
  ],
  read(files, findings) {
    const references: Reference[] = [];
    const tables = readCsvTables('quest', rules(references), files, findings);
    checkReferences(tables, references, unreadTables(files, findings), findings);
    return tables;
  },
  feeds: {
    1229: listOf('groups', academicGroupRecord),
    1231: listOf('units', academicUnitRecord),
    1237: listOf('subjects', subjectRecord),
    1249: listOf('terms', termCodeRecord),
    1259: listOf('instructions', instructionRecord),
  },
};
