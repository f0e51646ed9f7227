import type { Findings } from '../../read/findings.ts';
import { changelogRecord, versionRecord } from '../../records/api-record.ts';
import { daysInMonth } from '../../records/session-time.ts';
import { type CsvTableRule, type DataRow, readCsvTables } from '../csv-reader.ts';
import type { Dataset, ReadRecord } from '../dataset.ts';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Checks a YYYY-MM-DD day that exists; reports to `findings`. */
function checkDay(row: DataRow, column: string, findings: Findings): void {
  const cell = row.cells[column]!;
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

const RULES: readonly CsvTableRule[] = [
  {
    table: 'versions',
    match: /^versions\.csv$/,
    columns: ['version', 'release_date'],
    checkRow(row, findings) {
      const cell = row.cells.version!;
      if (!/^\d+\.\d+$/.test(cell.value))
        findings.error(
          { file: row.file, line: cell.line, column: cell.column },
          'version',
          `version "${cell.value}" is not a decimal number such as 2.1.`,
        );
      checkDay(row, 'release_date', findings);
    },
    // A version that is no number was reported above: it makes no record.
    toRecord: (row) => {
      const version = row.cells.version!.value;
      if (!/^\d+\.\d+$/.test(version)) return undefined;
      return { version: Number(version), release_date: row.cells.release_date!.value };
    },
  },
  {
    table: 'changes',
    match: /^changelog\.csv$/,
    columns: ['date', 'change'],
    checkRow(row, findings) {
      checkDay(row, 'date', findings);
      const cell = row.cells.change!;
      if (cell.value.trim() === '')
        findings.error(
          { file: row.file, line: cell.line, column: cell.column },
          'empty',
          'change is empty: say what changed.',
        );
    },
    toRecord: (row) => ({ date: row.cells.date!.value, changes: [row.cells.change!.value] }),
  },
];

/** One record per day, its changes in file order (the file holds one row per change). */
function byDay(rows: readonly ReadRecord[]): ReadRecord[] {
  const days = new Map<string, ReadRecord>();
  for (const row of rows) {
    const date = row.values.date as string;
    const day = days.get(date);
    if (day)
      days.set(date, {
        ...day,
        values: { date, changes: [...(day.values.changes as string[]), ...(row.values.changes as string[])] },
      });
    else days.set(date, row);
  }
  return [...days.values()];
}

/** This service's own history, kept as data a pull request edits: its versions (1109) and its changelog (1117). */
export const dataset: Dataset = {
  name: 'api',
  title: "This service's versions and changes, data/api/versions.csv and changelog.csv",
  tables: [
    { name: 'versions', record: versionRecord, key: ['version'] },
    { name: 'changes', record: changelogRecord, key: ['date'] },
  ],
  read(files, findings) {
    const tables = readCsvTables('api', RULES, files, findings);
    return { ...tables, changes: byDay(tables.changes ?? []) };
  },
  feeds: {
    1109: { record: versionRecord, data: 'array', records: ({ tables }) => tables.versions ?? [] },
    1117: { record: changelogRecord, data: 'array', records: ({ tables }) => tables.changes ?? [] },
  },
};
