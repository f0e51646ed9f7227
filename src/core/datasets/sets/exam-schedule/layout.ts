// The two layouts an exam-schedule file comes in: the data folder's canonical one, and the
// Registrar's export as uWaterloo/Datasets published it (seven columns named differently
// from term to term, notes in the Day column, often padded with empty columns).
import { type CsvCell, parseCsvTable } from '../../../read/csv-table.ts';
import { decodeUtf8 } from '../../../read/decode.ts';
import type { Findings } from '../../../read/findings.ts';
import { LineIndex } from '../../../read/text-position.ts';

/** The canonical header of data/exam-schedule/<term>.csv: one row per sitting. */
export const CANONICAL = ['course', 'section', 'day', 'date', 'start_time', 'end_time', 'location', 'notes'] as const;

/** A column of the canonical layout. */
export type Column = (typeof CANONICAL)[number];

/** The Registrar's export: its seven columns, each under the names the terms gave it. */
const EXPORT: readonly (readonly [Column, readonly string[]])[] = [
  ['course', ['Exam']],
  ['section', ['Section', 'Section(s)']],
  ['day', ['Day']],
  ['date', ['Date', 'Day/Date']],
  ['start_time', ['Start', 'Start Time']],
  ['end_time', ['End', 'Finish', 'End Time']],
  ['location', ['Location', 'Location(s)']],
];

/** Which layout a file is in: the export has no notes column (its notes stand in Day). */
export type Layout = 'canonical' | 'export';

/** A row's cells by canonical column: every column of both layouts, and `notes` (the export has none). */
export type ExamCells = Record<Exclude<Column, 'notes'>, CsvCell> & { notes?: CsvCell };

/** One row of a file: its cells by canonical column (the export has no `notes`). */
export interface ExamRow {
  file: string;
  line: number;
  layout: Layout;
  cells: ExamCells;
}

/** A file's rows and its header cells. */
export interface ExamTable {
  layout: Layout;
  header: readonly CsvCell[];
  rows: ExamRow[];
}

const sameName = (cell: CsvCell | undefined) => (cell?.value ?? '').replace(/\s+/g, ' ').trim();
const at = (file: string, cell: CsvCell) => ({ file, line: cell.line, column: cell.column });

/** Warns when every line ends with CRLF (mixed endings are reported by the CSV parser). */
function checkCrlf(text: string, file: string, findings: Findings): void {
  const crlf = text.indexOf('\r\n');
  if (crlf === -1 || /(^|[^\r])\n/.test(text)) return;
  findings.warning(
    { file, ...new LineIndex(text).position(crlf) },
    'line-endings',
    'lines end with CRLF; the files of the data folder end them with LF. Convert them (`npm run check -- --fix` does).',
  );
}

/** The layout a header names, or undefined after reporting why it names neither. */
function layoutOf(
  header: readonly CsvCell[],
  file: string,
  findings: Findings,
): { layout: Layout; width: number } | undefined {
  const names = header.map(sameName);
  if (CANONICAL.every((n, i) => names[i] === n)) return { layout: 'canonical', width: CANONICAL.length };
  const [first] = header;
  if (first && EXPORT.every(([, aliases], i) => aliases.includes(names[i] ?? ''))) {
    findings.warning(
      at(file, first),
      'layout',
      `the header is the Registrar's export (${names.slice(0, EXPORT.length).join(', ')}), ` +
        `read with its notes in Day. The data folder keeps one layout: ` +
        `make the first line ${CANONICAL.join(',')}, write dates as ISO 8601 and move each note from day to notes.`,
    );
    for (const cell of header.filter((c) => c.value.includes('\n'))) {
      findings.warning(
        at(file, cell),
        'line-break',
        `the header name ${JSON.stringify(cell.value)} is broken over lines. Write it on one line.`,
      );
    }
    return { layout: 'export', width: EXPORT.length };
  }
  const k = Math.max(
    0,
    CANONICAL.findIndex((n, i) => names[i] !== n),
  );
  const cell = header[k] ?? header.at(-1);
  findings.error(
    cell ? at(file, cell) : { file, line: 1, column: 1 },
    'header',
    `the header is not an exam schedule's: column ${k + 1} should be "${CANONICAL[k]}" but is ` +
      `${header[k] ? `"${header[k].value}"` : 'missing'}. ` +
      `The first line must read exactly: ${CANONICAL.join(',')}`,
  );
  return undefined;
}

/** Reports the empty column names after the real ones, and a name that is not empty there. */
function checkPadding(header: readonly CsvCell[], width: number, file: string, findings: Findings): void {
  const pads = header.slice(width);
  const named = pads.find((c) => c.value.trim() !== '');
  const [pad] = pads;
  if (named) {
    findings.error(
      at(file, named),
      'header',
      `the header has a column "${named.value}" after the schedule's ${width}; ` +
        `remove it (and its cells), or rename the file's columns.`,
    );
  } else if (pad) {
    findings.warning(
      at(file, pad),
      'padding',
      `the header ends with ${pads.length} empty column name${pads.length === 1 ? '' : 's'}, ` +
        `and the rows with empty cells for them. Remove them.`,
    );
  }
}

/** Reports a row with fewer cells than its layout's columns, or with text beyond them; whether the row is whole. */
function checkWidth(
  cells: readonly CsvCell[],
  width: number,
  headerWidth: number,
  file: string,
  findings: Findings,
): boolean {
  const last = cells.at(-1);
  // A parsed row has at least one cell (csv-table.ts skips blank lines).
  if (last === undefined) return false;
  if (cells.length < width) {
    findings.error(
      { file, line: last.line, column: last.column + last.value.length },
      'cell-count',
      `this row has ${cells.length} cells where the schedule has ${width} columns: it ends here. ` +
        `Add the missing cells (empty ones are fine: ,,).`,
    );
    return false;
  }
  const stray = cells.slice(width).find((c) => c.value !== '');
  if (stray) {
    findings.error(
      at(file, stray),
      'cell-count',
      `this row has text after its ${width} columns, from here: "${stray.value}". ` +
        `A value that contains a comma must be wrapped in double quotes; otherwise delete the extra cells.`,
    );
  } else if (cells.length !== headerWidth) {
    const where = cells[headerWidth] ?? { ...last, column: last.column + last.value.length };
    findings.warning(
      at(file, where),
      'padding',
      `this row has ${cells.length} cells where the header has ${headerWidth}; ` +
        `the ones after the ${width} columns are empty. Remove them.`,
    );
  }
  return true;
}

/**
 * Decodes and parses one file, recognises its layout and reports its shape; undefined when its header
 * is neither layout.
 */
export function readExamTable(bytes: Uint8Array, file: string, findings: Findings): ExamTable | undefined {
  const text = decodeUtf8(bytes, file, findings);
  checkCrlf(text, file, findings);
  const table = parseCsvTable(text, file, findings);
  if (!table.header) {
    findings.error(
      { file, line: 1, column: 1 },
      'header',
      `the file is empty. Its first line must be the header: ${CANONICAL.join(',')}`,
    );
    return undefined;
  }
  const header = table.header.cells;
  const shape = layoutOf(header, file, findings);
  if (!shape) return undefined;
  checkPadding(header, shape.width, file, findings);
  const columns = shape.layout === 'canonical' ? CANONICAL : EXPORT.map(([c]) => c);
  const rows: ExamRow[] = [];
  for (const row of table.rows) {
    if (!checkWidth(row.cells, shape.width, header.length, file, findings)) continue;
    // The row has a cell for each of the layout's columns (checkWidth).
    const cellOf = (column: Column): CsvCell =>
      row.cells[columns.indexOf(column)] ?? { value: '', line: row.line, column: 1, offset: 0, quoted: false };
    const cells: ExamCells = {
      course: cellOf('course'),
      section: cellOf('section'),
      day: cellOf('day'),
      date: cellOf('date'),
      start_time: cellOf('start_time'),
      end_time: cellOf('end_time'),
      location: cellOf('location'),
      ...(columns.includes('notes') ? { notes: cellOf('notes') } : {}),
    };
    rows.push({ file, line: row.line, layout: shape.layout, cells });
  }
  return { layout: shape.layout, header, rows };
}
