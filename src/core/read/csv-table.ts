import Papa from 'papaparse';
import type { Findings } from './findings.ts';
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
 * The offset of the first closing quote of a quoted value in `text[start, end)` that is followed
 * by more of the value (`"TC" 2218`): where a stray double quote stands. Undefined when none.
 */
function strayQuote(text: string, start: number, end: number): number | undefined {
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
    if (j === -1 || j >= end) return undefined;
    const next = text[j + 1];
    if (next === undefined || next === '\n') return undefined;
    if (next !== ',') return j;
    i = j + 2;
  }
  return undefined;
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
      let lastQuoted = -1;
      for (const value of values) {
        const quoted = text[offset] === '"';
        if (quoted) lastQuoted = cells.length;
        const first = quoted ? offset + 1 : offset;
        cells.push({ value, ...index.position(first), offset, quoted });
        offset += rawLength(value, quoted) + 1;
      }
      const row: CsvRow = { line: index.position(start).line, cells };
      let strayReported = false;
      for (const error of result.errors) {
        if (error.code === 'MissingQuotes') {
          const open = cells[lastQuoted] ?? cells[cells.length - 1]!;
          findings.error(
            { file, line: open.line, column: Math.max(1, open.column - 1) },
            'unterminated-quote',
            'this quoted value is never closed, so the rest of the file was read as one value. ' +
              'Add the closing double quote; write a double quote inside a quoted value as "".',
          );
        } else if (error.code === 'InvalidQuotes' && !strayReported) {
          // papaparse may say it twice, at the value's start: said once, at the quote itself.
          strayReported = true;
          const at = strayQuote(text, start, rowStart);
          findings.error(
            { file, ...(at === undefined ? { line: row.line, column: 1 } : index.position(at)) },
            'stray-quote',
            'a double quote in the middle of a value. Quote the whole value and double the quote inside it ("like ' +
              '""this""").',
          );
        }
      }
      // A blank line holds nothing a contributor wrote; it is skipped.
      if (values.length === 1 && values[0] === '') return;
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
    const n = row.cells.length;
    if (n === width) {
      fit.push(row);
      continue;
    }
    const at = n > width ? row.cells[width]! : row.cells[n - 1]!;
    const column = n > width ? at.column : at.column + at.value.length;
    findings.error(
      { file: table.file, line: at.line, column },
      'cell-count',
      n > width
        ? `this row has ${n} cells, the header has ${width}: the extra cells start here. ` +
            'A value that contains a comma must be wrapped in double quotes.'
        : `this row has ${n} cells, the header has ${width}: it ends here. ` +
            `Add the missing cells (empty ones are fine: ,,).`,
    );
  }
  return fit;
}
