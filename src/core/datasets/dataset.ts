import { checkRowWidths, parseCsvTable, type CsvCell } from '../read/csv-table.ts';
import { decodeUtf8 } from '../read/decode.ts';
import type { Findings } from '../read/findings.ts';
import { fieldNames, type RecordSpec } from '../records/record-spec.ts';

/** A data row that passed structural checks: its cells by field name, and where it starts. */
export interface DataRow {
  file: string;
  line: number;
  cells: Readonly<Record<string, CsvCell>>;
}

/** What a dataset says about one of its files from the file's name. */
export type FileDescription = { ok: true; label: string } | { ok: false; reason: string };

/** State shared across the files of one dataset while they are checked (e.g. ids seen so far). */
export type DatasetContext = Map<string, unknown>;

/** A published data set: where its CSV files live, what their rows hold, and the rules they follow. */
export interface DatasetSpec {
  /** Folder under data/ and the value of the directory's `source` column, e.g. `infosessions`. */
  name: string;
  record: RecordSpec;
  /** Checks a file's base name (e.g. `1139.csv`). */
  describeFile(baseName: string): FileDescription;
  /** The rules of one row beyond its shape; reports to `findings`. */
  checkRow(row: DataRow, findings: Findings, context: DatasetContext): void;
}

// XML 1.0 cannot carry these characters at all, so no published file may hold them.
const FORBIDDEN_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

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

/** Checks every cell for characters no output can hold and for stray spaces. */
function checkCells(row: DataRow, findings: Findings): void {
  for (const [field, cell] of Object.entries(row.cells)) {
    const bad = FORBIDDEN_CHARS.exec(cell.value);
    if (bad) {
      const code = bad[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      findings.error(
        { file: row.file, ...cellPosition(cell, bad.index) },
        'control-character',
        `${field} holds the control character U+${code}, which JSON can carry but XML cannot. Delete it.`,
      );
    }
    if (cell.value !== cell.value.trim()) {
      const leading = cell.value.length - cell.value.trimStart().length;
      const at = leading > 0 ? 0 : cell.value.trimEnd().length;
      findings.warning(
        { file: row.file, ...cellPosition(cell, at) },
        'whitespace',
        `${field} "${cell.value.length > 40 ? `${cell.value.slice(0, 37)}...` : cell.value}" has ${leading > 0 ? 'leading' : 'trailing'} spaces; ` +
          'they are published as written. Remove them (`npm run check -- --fix` does).',
      );
    }
  }
}

/**
 * Decodes and parses a CSV file whose first line must be exactly `columns`, checks its
 * shape and every cell, and returns the rows that have the right number of cells.
 */
export function readCsvRows(bytes: Uint8Array, file: string, columns: readonly string[], findings: Findings): DataRow[] {
  const text = decodeUtf8(bytes, file, findings);
  const table = parseCsvTable(text, file, findings);
  const expected = columns.join(',');
  if (!table.header) {
    findings.error({ file, line: 1, column: 1 }, 'header', `the file is empty. Its first line must be the header: ${expected}`);
    return [];
  }
  const got = table.header.cells.map((c) => c.value);
  if (got.join(',') !== expected) {
    const i = columns.findIndex((n, k) => got[k] !== n);
    const k = i === -1 ? columns.length : i;
    const at = table.header.cells[k] ?? table.header.cells[table.header.cells.length - 1]!;
    const found = got[k] === undefined ? 'missing' : `"${got[k]}"`;
    findings.error(
      { file, line: at.line, column: got[k] === undefined ? at.column + at.value.length : at.column },
      'header',
      `the header is not the canonical one: column ${k + 1} should be ${columns[k] ? `"${columns[k]}"` : 'absent'} but is ${found}. ` +
        `The first line must read exactly: ${expected}`,
    );
    return [];
  }
  const rows = checkRowWidths(table, columns.length, findings).map((r) => ({
    file,
    line: r.line,
    cells: Object.fromEntries(columns.map((n, k) => [n, r.cells[k]!])),
  }));
  for (const row of rows) checkCells(row, findings);
  return rows;
}

/** Checks one CSV file of a dataset: its name, its shape, every cell and the dataset's row rules. */
export function checkDatasetFile(
  bytes: Uint8Array,
  file: string,
  baseName: string,
  spec: DatasetSpec,
  findings: Findings,
  context: DatasetContext,
): DataRow[] {
  const described = spec.describeFile(baseName);
  if (!described.ok) findings.error({ file, line: 1, column: 1 }, 'file-name', described.reason);
  const rows = readCsvRows(bytes, file, fieldNames(spec.record), findings);
  for (const row of rows) spec.checkRow(row, findings, context);
  return rows;
}
