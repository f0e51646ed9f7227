import { type CsvCell, parseCsvTable, rawLength } from '../read/csv-table.ts';
import { decodeLines } from '../read/decode.ts';
import { Findings } from '../read/findings.ts';

/** What `check --fix` did, or would not do, to one file. */
export interface FixResult {
  /** The repaired text; undefined when nothing needed repair. */
  text: string | undefined;
  /** Each change, as `LINE:COLUMN: what changed`, in file order. */
  changes: string[];
}

/** Writes a value as a CSV cell, quoting it only when it must be (or was before). */
function cellText(value: string, quoted: boolean): string {
  return quoted || /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Repairs what is safe to repair in a CSV file's bytes: Windows-1252 bytes become UTF-8,
 * line endings become LF, spaces between a comma and an opening quote are removed, and spaces
 * around values are removed. It guesses at nothing else:
 * the caller checks the result and keeps the original when errors remain.
 */
export function fixCsv(bytes: Uint8Array): FixResult {
  const changes: string[] = [];
  // 1. Encoding: lines that are not UTF-8 are read as Windows-1252, line by line.
  const decoded = decodeLines(bytes);
  const bom = decoded.bom;
  let text = decoded.text;
  for (const m of decoded.mixed) {
    const chars = [...new Set([...m.text].filter((c) => c.charCodeAt(0) > 0x7f))].join(' ');
    changes.push(`${m.line}:1: bytes read as Windows-1252 and written as UTF-8 (${chars})`);
  }

  // 2. Line endings: LF throughout.
  const crlf = (text.match(/\r\n/g) ?? []).length;
  if (crlf > 0) {
    changes.push(`1:1: ${crlf} CRLF line ending${crlf === 1 ? '' : 's'} written as LF`);
    text = text.replace(/\r\n/g, '\n');
  }

  // 3. A space after a comma before an opening quote keeps the quotes in the value (and splits it at
  // its commas): remove such spaces, so the value reads as quoted, then parse again.
  for (;;) {
    const parsed = parseCsvTable(text, 'fix', new Findings());
    const cell = [...(parsed.header?.cells ?? []), ...parsed.rows.flatMap((r) => r.cells)].find(
      (c) => !c.quoted && /^[ \t]+"/.test(c.value),
    );
    if (!cell) break;
    const spaces = /^[ \t]+/.exec(cell.value)![0].length;
    text = text.slice(0, cell.offset) + text.slice(cell.offset + spaces);
    changes.push(
      `${cell.line}:${cell.column}: ${spaces === 1 ? 'a space' : `${spaces} spaces`} removed before the opening quote`,
    );
  }

  // 4. Spaces around values, cell by cell, spliced into the text from the end backwards.
  const table = parseCsvTable(text, 'fix', new Findings());
  const cells: CsvCell[] = [...(table.header?.cells ?? []), ...table.rows.flatMap((r) => r.cells)];
  const trims: string[] = [];
  for (const cell of cells.reverse()) {
    const trimmed = cell.value.trim();
    if (trimmed === cell.value) continue;
    const end = cell.offset + rawLength(cell.value, cell.quoted);
    text = text.slice(0, cell.offset) + cellText(trimmed, cell.quoted) + text.slice(end);
    const shown = cell.value.length > 30 ? `${cell.value.slice(0, 27)}...` : cell.value;
    trims.push(`${cell.line}:${cell.column}: spaces removed around "${shown}"`);
  }
  changes.push(...trims.reverse());
  return { text: changes.length > 0 ? (bom ? '\uFEFF' : '') + text : undefined, changes };
}
