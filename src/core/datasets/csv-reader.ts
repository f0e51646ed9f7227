import { FORBIDDEN_CHARS, forbiddenCharMessage } from '../read/characters.ts';
import { type CsvCell, checkRowWidths, parseCsvTable } from '../read/csv-table.ts';
import { decodeUtf8 } from '../read/decode.ts';
import type { Findings } from '../read/findings.ts';
import type { PublishedRecord } from '../records/record-spec.ts';
import type { ReadRecord, SourceFile, Tables } from './dataset.ts';

/** A data row that passed structural checks: its cells by column name, and where it starts. */
export interface DataRow {
  file: string;
  line: number;
  cells: Readonly<Record<string, CsvCell>>;
}

/** What a reader says about one of its files from the file's name. */
export type FileDescription = { ok: true; label: string } | { ok: false; reason: string };

/** State shared across the files of one data set while they are read (e.g. ids seen so far). */
export type ReadContext = Map<string, unknown>;

/** How the CSV files of one table are read: which files, their header, their rules, and each row's record. */
export interface CsvTableRule {
  /** The table the rows go to. */
  table: string;
  /** Which files of the folder it reads, by their path inside it (`1139.csv`, `AcademicGroups.csv`). */
  match: RegExp;
  /** The canonical header, in order. */
  columns: readonly string[];
  /** Checks a matching file's base name further (e.g. that it names a real term). */
  describeFile?(baseName: string): FileDescription;
  /** The rules of one row beyond its shape; reports to `findings`. */
  checkRow?(row: DataRow, findings: Findings, context: ReadContext): void;
  /**
   * The record of a checked row; by default each column is the field of its name, as text. Undefined
   * leaves the row out.
   */
  toRecord?(row: DataRow, findings: Findings, context: ReadContext): PublishedRecord | undefined;
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
    rows.push({ file, line: r.line, cells });
  }
  return rows;
}

/** The base name of a path, and the base name without its extension. */
export function baseName(rel: string): { base: string; key: string } {
  const base = rel.split('/').pop()!;
  return { base, key: base.replace(/\.[^.]+$/, '') };
}

/** The default record of a row: each column is the field of its name, as the cell's text. */
function textRecord(row: DataRow): PublishedRecord {
  const record: Record<string, string> = {};
  for (const k in row.cells) record[k] = row.cells[k]!.value;
  return record;
}

/**
 * Reads the CSV files of a data set by its table rules: each file goes to the first rule whose
 * `match` takes its path, and every row that passes its checks becomes a record of that table.
 * A file no rule takes is an error naming the files the data set expects.
 */
export function readCsvTables(
  name: string,
  rules: readonly CsvTableRule[],
  files: readonly SourceFile[],
  findings: Findings,
  context: ReadContext = new Map(),
): Tables {
  const tables: Record<string, ReadRecord[]> = Object.fromEntries(rules.map((r) => [r.table, []]));
  for (const source of files) {
    const rule = rules.find((r) => r.match.test(source.rel));
    if (!rule) {
      findings.error(
        { file: source.file, line: 1, column: 1 },
        'unknown-file',
        `this file belongs to no table of the data set "${name}". ` +
          `Its files are named like ` +
          `${rules.map((r) => r.match.source.replace(/^\^|\$$/g, '').replace(/\\\./g, '.')).join(', ')}; ` +
          `rename or remove it.`,
      );
      continue;
    }
    tables[rule.table]!.push(...readCsvFile(source, rule, findings, context));
  }
  return tables;
}

/** Reads one CSV file by its rule: its name, its shape, every cell, the rule's row checks; returns its records. */
function readCsvFile(
  source: SourceFile,
  rule: CsvTableRule,
  findings: Findings,
  context: ReadContext = new Map(),
): ReadRecord[] {
  const { base, key } = baseName(source.rel);
  const described = rule.describeFile?.(base);
  if (described && !described.ok)
    findings.error({ file: source.file, line: 1, column: 1 }, 'file-name', described.reason);
  const out: ReadRecord[] = [];
  for (const row of readCsvRows(source.bytes, source.file, rule.columns, findings)) {
    rule.checkRow?.(row, findings, context);
    const values = rule.toRecord ? rule.toRecord(row, findings, context) : textRecord(row);
    const first = Object.values(row.cells)[0]!;
    if (values) out.push({ values, at: { file: row.file, line: first.line, column: first.column }, fileKey: key });
  }
  return out;
}
