import Papa from 'papaparse';
import type { Findings } from './findings.ts';
import { likelySplit, quotedForMessage } from './split-value.ts';
import { LineIndex } from './text-position.ts';

/** One cell's value and where its first character stands in the file. */
export interface CsvCell {
  value: string;
  line: number;
  column: number;
  /** Offset of the cell's first character as written (its opening quote, if quoted) in the parsed text. */
  offset: number;
  /** Whether the cell is written in double quotes. */
  quoted: boolean;
}

/** One record of the file: its cells, and the physical line it starts on. */
export interface CsvRow {
  line: number;
  cells: CsvCell[];
}

/** A parsed CSV file: the header row, then the data rows, with positions. */
export interface CsvTable {
  file: string;
  header: CsvRow | undefined;
  rows: CsvRow[];
}

/** Length of a cell as written in the file, from its parsed value. */
export function rawLength(value: string, quoted: boolean): number {
  if (!quoted) return value.length;
  let quotes = 0;
  for (let i = value.indexOf('"'); i !== -1; i = value.indexOf('"', i + 1)) quotes += 1;
  return value.length + quotes + 2;
}

/** Reports bare carriage returns and mixed line endings; returns the text with CRLF as LF. */
function normaliseLineEndings(text: string, file: string, index: LineIndex, findings: Findings): string {
  let crlf = 0;
  let lf = 0;
  let firstMinority = -1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (text[i - 1] === '\r') crlf += 1;
    else lf += 1;
  }
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) {
    if (text[i + 1] !== '\n') {
      findings.error(
        { file, ...index.position(i) },
        'line-endings',
        'a carriage return (CR) that does not end a line: remove it, or end lines with LF or CRLF.',
      );
    }
  }
  if (crlf > 0 && lf > 0) {
    const minorityIsCrlf = crlf < lf;
    for (let i = text.indexOf('\n'); i !== -1 && firstMinority === -1; i = text.indexOf('\n', i + 1)) {
      if ((text[i - 1] === '\r') === minorityIsCrlf) firstMinority = i;
    }
    findings.warning(
      { file, ...index.position(minorityIsCrlf ? firstMinority - 1 : firstMinority) },
      'line-endings',
      `mixed line endings (${crlf} CRLF, ${lf} LF); this line ends with ${minorityIsCrlf ? 'CRLF' : 'LF'}. ` +
        'Use one kind throughout (`npm run check -- --fix` does).',
    );
  }
  // CRLF becomes LF: line numbers and columns stay the same, since CR only ever ends a line.
  return crlf > 0 ? text.replace(/\r\n/g, '\n') : text;
}

/**
 * The first quoting problem of a row in `text[start, end)`: the opening quote of a quoted value, and its closing
 * quote when that is followed by more of the value (`"TC" 2218`: a stray quote) or undefined when the value is never
 * closed. Undefined when the row has neither.
 */
function quoteProblem(text: string, start: number, end: number): { open: number; close?: number } | undefined {
  let i = start;
  while (i < end) {
    if (text[i] !== '"') {
      // An unquoted value: a quote in it is kept as written; it ends at the next comma.
      const comma = text.indexOf(',', i);
      if (comma === -1 || comma >= end) return undefined;
      i = comma + 1;
      continue;
    }
    let j = text.indexOf('"', i + 1);
    while (j !== -1 && text[j + 1] === '"') j = text.indexOf('"', j + 2);
    if (j === -1 || j >= end) return { open: i };
    const next = text[j + 1];
    if (next === undefined || next === '\n') return undefined;
    if (next !== ',') return { open: i, close: j };
    i = j + 2;
  }
  return undefined;
}

/**
 * Reports a row's quoting problem at the quote that causes it; true when the row is lost to it (its cells are not
 * the ones written, so nothing more is said of them). A value never closed is reported at its opening quote; a
 * stray quote at the quote itself (`"TC" 2218`); a value whose closing quote is missing, so that it runs on to a
 * quote on a later line or one opening a later value (after a comma), at its opening quote.
 */
function reportQuoting(text: string, index: LineIndex, row: { start: number; end: number }, file: string, f: Findings) {
  const problem = quoteProblem(text, row.start, row.end);
  const open = problem ? index.position(problem.open) : { line: index.position(row.start).line, column: 1 };
  if (problem && problem.close === undefined) {
    f.error(
      { file, ...open },
      'unterminated-quote',
      'this quoted value is never closed, so the rest of the file was read as one value. ' +
        'Add the closing double quote; write a double quote inside a quoted value as "".',
    );
    return true;
  }
  const close = problem?.close === undefined ? undefined : index.position(problem.close);
  // The quote it runs on to opens a later value (after a comma), or stands on a later line: this one is unclosed.
  if (close && (close.line > open.line || text[problem!.close! - 1] === ',')) {
    f.error(
      { file, ...open },
      'unterminated-quote',
      `this quoted value is not closed where it ends: it runs on to the quote at ${close.line}:${close.column}, ` +
        'which more text follows. Add the closing double quote where the value ends; write a double quote inside ' +
        'a quoted value as "".',
    );
    return true;
  }
  f.error(
    { file, ...(close ?? open) },
    'stray-quote',
    'a double quote in the middle of a value. Quote the whole value and double the quote inside it ("like ""this"").',
  );
  return false;
}

/**
 * Parses CSV text with papaparse and locates every cell. Structural problems (an
 * unterminated or stray quote, a row whose cell count differs from the header's) are
 * reported to `findings`; rows are returned whatever their shape so callers can
 * decide what else to check.
 */
export function parseCsvTable(original: string, file: string, findings: Findings): CsvTable {
  const text = normaliseLineEndings(original, file, new LineIndex(original), findings);
  const index = text === original ? new LineIndex(original) : new LineIndex(text);
  const rows: CsvRow[] = [];
  let rowStart = 0;
  Papa.parse<string[]>(text, {
    delimiter: ',',
    newline: '\n',
    quoteChar: '"',
    step(result) {
      const start = rowStart;
      rowStart = result.meta.cursor;
      const values = result.data;
      const cells: CsvCell[] = [];
      let offset = start;
      for (const value of values) {
        const quoted = text[offset] === '"';
        const first = quoted ? offset + 1 : offset;
        cells.push({ value, ...index.position(first), offset, quoted });
        offset += rawLength(value, quoted) + 1;
      }
      const row: CsvRow = { line: index.position(start).line, cells };
      // papaparse may say it twice, at the value's start: said once, at its cause.
      const quoting = result.errors.some((e) => e.code === 'MissingQuotes' || e.code === 'InvalidQuotes');
      const lost = quoting && reportQuoting(text, index, { start, end: rowStart }, file, findings);
      // A blank line holds nothing a contributor wrote; it is skipped. A data row lost to its quotes is too.
      if ((values.length === 1 && values[0] === '') || (lost && rows.length > 0)) return;
      rows.push(row);
    },
  });
  const [header, ...data] = rows;
  return { file, header, rows: data };
}

/** Reports rows whose cell count differs from `width`; returns the rows that fit. */
export function checkRowWidths(table: CsvTable, width: number, findings: Findings): CsvRow[] {
  const fit: CsvRow[] = [];
  for (const row of table.rows) {
    if (row.cells.length === width) fit.push(row);
    else if (row.cells.length > width) reportExtraCells(table.file, row, width, findings);
    else reportMissingCells(table.file, row, width, findings);
  }
  return fit;
}

/**
 * Reports a row with too many cells: at the value most likely split by an unquoted comma, with that value quoted
 * as the fix, or else where the extra cells start.
 */
function reportExtraCells(file: string, row: CsvRow, width: number, findings: Findings): void {
  const n = row.cells.length;
  const split = likelySplit(row.cells, n - width);
  const at = split?.first ?? row.cells[width]!;
  findings.error(
    { file, line: at.line, column: at.column },
    'cell-count',
    split
      ? `this row has ${n} cells, the header has ${width}: this value holds a comma, so it was read as several ` +
          `cells. Put the value in double quotes: ${quotedForMessage(split.value)}.`
      : `this row has ${n} cells, the header has ${width}: the extra cells start here. ` +
          'A value that contains a comma must be wrapped in double quotes.',
  );
}

/** Reports a row with too few cells, where it ends. */
function reportMissingCells(file: string, row: CsvRow, width: number, findings: Findings): void {
  const n = row.cells.length;
  const at = row.cells[n - 1]!;
  findings.error(
    { file, line: at.line, column: at.column + at.value.length },
    'cell-count',
    `this row has ${n} cells, the header has ${width}: it ends here. Add the missing cells (empty ones are fine: ,,).`,
  );
}
