import { FORBIDDEN_CHARS, forbiddenCharMessage } from '../read/characters.ts';
import { type CsvCell, checkRowWidths, parseCsvTable } from '../read/csv-table.ts';
import { decodeUtf8 } from '../read/decode.ts';
import type { Findings, Place } from '../read/findings.ts';
import type { DataRecord, SiteRecord } from '../records/site-data.ts';
import type { SourceFile } from './dataset.ts';

/** A data row that passed structural checks: its cells by column name, and where it starts. */
export interface DataRow {
  file: string;
  line: number;
  cells: Readonly<Record<string, CsvCell>>;
  /**
   * The cell of a column of the rule's `columns` (each has one: the header was checked against them); a name
   * that is not a column gets an empty cell at the row's start.
   */
  cell(column: string): CsvCell;
}

/** Where a record starts and its file's base name without the extension: what a record keeps besides its values. */
export interface RecordPlace {
  at: Place;
  fileKey: string;
}

/** What a reader says about one of its files from the file's name. */
export type FileDescription = { ok: true; label: string } | { ok: false; reason: string };

/**
 * How the CSV files of one table are read: which files, their header, their rules, and each row's record
 * (`R`, by default values of any fields: give it `DataRecord<RecordOf<typeof yourRecord>>` and `toRecord` is
 * checked against the description). State shared across a data set's files (ids seen so far) lives in the
 * closure of a function making the rule for each read.
 */
export interface CsvTableRule<R extends SiteRecord = DataRecord> {
  /** The table the rows go to. */
  table: string;
  /** Which files of the folder it reads, by their path inside it (`1139.csv`, `AcademicGroups.csv`). */
  match: RegExp;
  /** The canonical header, in order. */
  columns: readonly string[];
  /** Checks a matching file's base name further (e.g. that it names a real term). */
  describeFile?(baseName: string): FileDescription;
  /** The rules of one row beyond its shape; reports to `findings`. */
  checkRow?(row: DataRow, findings: Findings): void;
  /**
   * The record of a checked row: its values and its `place` (`{ values: {…}, ...place }`; `textRecord` publishes
   * each column as the field of its name, as text). A record may keep what its reader parsed beside its values
   * (SessionRecord's `when`): then parse in `toRecord` and skip `checkRow`. Undefined leaves the row out.
   */
  toRecord(row: DataRow, findings: Findings, place: RecordPlace): R | undefined;
}

/**
 * Position of the character at `index` of a cell's value (lines inside quoted values count;
 * in a quoted cell each `"` is written twice, so it takes two columns).
 */
export function cellPosition(cell: CsvCell, index: number): { line: number; column: number } {
  const before = cell.value.slice(0, index);
  const breaks = before.split('\n').length - 1;
  const lineStart = before.lastIndexOf('\n') + 1;
  const doubled = cell.quoted ? before.length - lineStart - before.slice(lineStart).replaceAll('"', '').length : 0;
  return breaks === 0
    ? { line: cell.line, column: cell.column + index + doubled }
    : { line: cell.line + breaks, column: index - lineStart + 1 + doubled };
}

/**
 * A value as a finding quotes it: shortened past 40 characters, a line break written \n so that the
 * finding stays on one line.
 */
export function shownValue(value: string): string {
  const short = value.length > 40 ? `${value.slice(0, 37)}...` : value;
  return `"${short.replaceAll('\r', '\\r').replaceAll('\n', '\\n')}"`;
}

/**
 * The checks every CSV cell of every data set passes: characters no output can hold, quotes kept
 * in a value by a space before them, and spaces (or line breaks) around the value.
 */
export function checkCell(file: string, field: string, cell: CsvCell, findings: Findings): void {
  const value = cell.value;
  const place = (index: number) => ({ file, ...cellPosition(cell, index) });
  const bad = FORBIDDEN_CHARS.exec(value);
  if (bad) {
    findings.error(place(bad.index), 'control-character', forbiddenCharMessage(field, bad[0]));
  }
  const lead = /^[ \t]+"/.exec(value);
  if (!cell.quoted && lead) {
    findings.error(
      place(lead[0].length - 1),
      'stray-quote',
      `${field} starts with a space before its opening quote, so the quotes are read as part of the value (and a ` +
        `comma inside it splits the cell). ` +
        'Remove the space after the comma (`npm run check -- --fix` does).',
    );
  } else if (value !== value.trim()) {
    const leading = value.length - value.trimStart().length;
    const around = leading > 0 ? value.slice(0, leading) : value.slice(value.trimEnd().length);
    findings.warning(
      place(leading > 0 ? 0 : value.trimEnd().length),
      'whitespace',
      `${field} ${shownValue(value)} has ${leading > 0 ? 'leading' : 'trailing'} ` +
        `${/[\r\n]/.test(around) ? 'spaces or line breaks' : 'spaces'}; ` +
        'they are published as written. Remove them (`npm run check -- --fix` does).',
    );
  }
}

/**
 * Decodes and parses a CSV file whose first line must be `columns` (names with spaces around
 * them are a warning), checks its shape and every cell, and returns the rows that have the
 * right number of cells.
 */
export function readCsvRows(
  bytes: Uint8Array,
  file: string,
  columns: readonly string[],
  findings: Findings,
): DataRow[] {
  const text = decodeUtf8(bytes, file, findings);
  const table = parseCsvTable(text, file, findings);
  const expected = columns.join(',');
  if (!table.header) {
    findings.error(
      { file, line: 1, column: 1 },
      'header',
      `the file is empty. Its first line must be the header: ${expected}`,
    );
    return [];
  }
  const got = table.header.cells.map((c) => c.value.trim());
  if (got.join(',') !== expected) {
    const i = columns.findIndex((n, k) => got[k] !== n);
    const k = i === -1 ? columns.length : i;
    const at = table.header.cells[k] ?? table.header.cells[table.header.cells.length - 1]!;
    const found = got[k] === undefined ? 'missing' : `"${table.header.cells[k]!.value}"`;
    findings.error(
      { file, line: at.line, column: got[k] === undefined ? at.column + at.value.length : at.column },
      'header',
      `the header is not the canonical one: column ${k + 1} should be ${columns[k] ? `"${columns[k]}"` : 'absent'} ` +
        `but is ${found}. ` +
        `The first line must read exactly: ${expected}`,
    );
    return [];
  }
  for (const cell of table.header.cells) {
    if (cell.value !== cell.value.trim()) {
      findings.warning(
        { file, line: cell.line, column: cell.column },
        'whitespace',
        `the header name "${cell.value}" has spaces around it. ` +
          `The first line must read exactly: ${expected} (\`npm run check -- --fix\` repairs it).`,
      );
    }
  }
  // Loops rather than entries and maps: a large archive has hundreds of thousands of rows.
  const rows: DataRow[] = [];
  for (const r of checkRowWidths(table, columns.length, findings)) {
    const cells: Record<string, CsvCell> = {};
    for (let k = 0; k < columns.length; k++) {
      const cell = r.cells[k]!;
      cells[columns[k]!] = cell;
      checkCell(file, columns[k]!, cell, findings);
    }
    rows.push(new CsvRow(file, r.line, cells));
  }
  return rows;
}

/** A data row of a checked width (readCsvRows). */
class CsvRow implements DataRow {
  readonly file: string;
  readonly line: number;
  readonly cells: Readonly<Record<string, CsvCell>>;

  constructor(file: string, line: number, cells: Readonly<Record<string, CsvCell>>) {
    this.file = file;
    this.line = line;
    this.cells = cells;
  }

  cell(column: string): CsvCell {
    return this.cells[column] ?? { value: '', line: this.line, column: 1, offset: 0, quoted: false };
  }
}

/** The base name of a path, and the base name without its extension. */
export function baseName(rel: string): { base: string; key: string } {
  const base = rel.split('/').pop()!;
  return { base, key: base.replace(/\.[^.]+$/, '') };
}

/** The record of a row whose every column is the field of its name, as the cell's text. */
export function textRecord(row: DataRow, _findings: Findings, place: RecordPlace): DataRecord {
  const values: Record<string, string> = {};
  for (const k in row.cells) values[k] = row.cells[k]!.value;
  return { values, ...place };
}

/**
 * Reads the CSV files of a data set by its table rules: each file goes to the first rule whose
 * `match` takes its path, and every row that passes its checks becomes a record of that table.
 * A file no rule takes is an error naming the files the data set expects. (Tables of different
 * record types: `checkCsvFileNames` once, then `readCsvTable` per rule.)
 */
export function readCsvTables<R extends SiteRecord = DataRecord>(
  name: string,
  rules: readonly CsvTableRule<R>[],
  files: readonly SourceFile[],
  findings: Findings,
): Readonly<Record<string, readonly R[]>> {
  const tables: Record<string, R[]> = Object.fromEntries(rules.map((r) => [r.table, []]));
  for (const source of files) {
    const rule = rules.find((r) => r.match.test(source.rel));
    if (rule) tables[rule.table]?.push(...readCsvFile(source, rule, findings));
  }
  checkCsvFileNames(name, rules, files, findings);
  return tables;
}

/** The records of the files one rule takes (`match`), in file order. */
export function readCsvTable<R extends SiteRecord>(
  rule: CsvTableRule<R>,
  files: readonly SourceFile[],
  findings: Findings,
): R[] {
  return files.filter((f) => rule.match.test(f.rel)).flatMap((source) => readCsvFile(source, rule, findings));
}

/** Reports each file that no rule takes, naming the files the data set expects. */
export function checkCsvFileNames(
  name: string,
  rules: readonly Pick<CsvTableRule<SiteRecord>, 'match'>[],
  files: readonly SourceFile[],
  findings: Findings,
): void {
  for (const source of files) {
    if (rules.some((r) => r.match.test(source.rel))) continue;
    findings.error(
      { file: source.file, line: 1, column: 1 },
      'unknown-file',
      `this file belongs to no table of the data set "${name}". ` +
        `Its files are named like ` +
        `${rules.map((r) => r.match.source.replace(/^\^|\$$/g, '').replace(/\\\./g, '.')).join(', ')}; ` +
        `rename or remove it.`,
    );
  }
}

/** Reads one CSV file by its rule: its name, its shape, every cell, the rule's row checks; returns its records. */
function readCsvFile<R extends SiteRecord>(source: SourceFile, rule: CsvTableRule<R>, findings: Findings): R[] {
  const { base, key } = baseName(source.rel);
  const described = rule.describeFile?.(base);
  if (described && !described.ok)
    findings.error({ file: source.file, line: 1, column: 1 }, 'file-name', described.reason);
  const out: R[] = [];
  for (const row of readCsvRows(source.bytes, source.file, rule.columns, findings)) {
    const first = Object.values(row.cells)[0]!;
    const place = { at: { file: row.file, line: first.line, column: first.column }, fileKey: key };
    rule.checkRow?.(row, findings);
    const record = rule.toRecord(row, findings, place);
    if (record) out.push(record);
  }
  return out;
}
