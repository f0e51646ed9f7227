import type { Findings } from '../../read/findings.ts';
import { changelogRecord, versionRecord } from '../../records/api-record.ts';
import type { RecordOf } from '../../records/record-spec.ts';
import { daysInMonth } from '../../records/session-time.ts';
import type { DataRecord } from '../../records/site-data.ts';
import { type CsvTableRule, checkCsvFileNames, type DataRow, readCsvTable } from '../csv-reader.ts';
import { defineDataset } from '../dataset.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A released version, and the changes of a day, as their records. */
type VersionRecord = DataRecord<RecordOf<typeof versionRecord>>;
type ChangesRecord = DataRecord<RecordOf<typeof changelogRecord>>;

/** Checks a YYYY-MM-DD day that exists; reports to `findings`. */
function checkDay(row: DataRow, column: string, findings: Findings): void {
  const cell = row.cell(column);
  const m = DAY.exec(cell.value);
  if (
    !m ||
    Number(m[2]) < 1 ||
    Number(m[2]) > 12 ||
    Number(m[3]) < 1 ||
    Number(m[3]) > daysInMonth(Number(m[1]), Number(m[2]))
  ) {
    findings.error(
      { file: row.file, line: cell.line, column: cell.column },
      'date',
      `${column} "${cell.value}" is not a real day written YYYY-MM-DD, e.g. 2026-11-22.`,
    );
  }
}

const VERSIONS: CsvTableRule<VersionRecord> = {
  table: 'versions',
  match: /^versions\.csv$/,
  columns: ['version', 'release_date'],
  checkRow(row, findings) {
    const cell = row.cell('version');
    if (!/^\d+\.\d+$/.test(cell.value))
      findings.error(
        { file: row.file, line: cell.line, column: cell.column },
        'version',
        `version "${cell.value}" is not a decimal number such as 2.1.`,
      );
    checkDay(row, 'release_date', findings);
  },
  // A version that is no number was reported above: it makes no record.
  toRecord: (row, _findings, place) => {
    const version = row.cell('version').value;
    if (!/^\d+\.\d+$/.test(version)) return undefined;
    return { values: { version: Number(version), release_date: row.cell('release_date').value }, ...place };
  },
};

const CHANGES: CsvTableRule<ChangesRecord> = {
  table: 'changes',
  match: /^changelog\.csv$/,
  columns: ['date', 'change'],
  checkRow(row, findings) {
    checkDay(row, 'date', findings);
    const cell = row.cell('change');
    if (cell.value.trim() === '')
      findings.error(
        { file: row.file, line: cell.line, column: cell.column },
        'empty',
        'change is empty: say what changed.',
      );
  },
  toRecord: (row, _findings, place) => ({
    values: { date: row.cell('date').value, changes: [row.cell('change').value] },
    ...place,
  }),
};

/** One record per day, its changes in file order (the file holds one row per change). */
function byDay(rows: readonly ChangesRecord[]): ChangesRecord[] {
  const days = new Map<string, ChangesRecord>();
  for (const row of rows) {
    // The reader writes every date and change as text: never null here.
    const date = row.values.date ?? '';
    const day = days.get(date);
    if (day)
      days.set(date, {
        ...day,
        values: { date, changes: [...(day.values.changes ?? []), ...(row.values.changes ?? [])] },
      });
    else days.set(date, row);
  }
  return [...days.values()];
}

/** This service's own history, kept as data a pull request edits: its versions (1109) and its changelog (1117). */
export const dataset = defineDataset({
  name: 'api',
  title: "This service's versions and changes, data/api/versions.csv and changelog.csv",
  tables: [
    { name: 'versions', record: versionRecord, key: ['version'] },
    { name: 'changes', record: changelogRecord, key: ['date'] },
  ],
  read(files, findings) {
    checkCsvFileNames('api', [VERSIONS, CHANGES], files, findings);
    return {
      versions: readCsvTable(VERSIONS, files, findings),
      changes: byDay(readCsvTable(CHANGES, files, findings)),
    };
  },
  feeds: {
    1109: { record: versionRecord, data: 'array', records: ({ tables }) => tables.versions ?? [] },
    1117: { record: changelogRecord, data: 'array', records: ({ tables }) => tables.changes ?? [] },
  },
});
