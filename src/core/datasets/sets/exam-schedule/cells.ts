// What any cell of an exam schedule may not hold: what no CSV cell may (checkCell), and beyond
// that a list broken over lines and HTML entities.
import type { CsvCell } from '../../../read/csv-table.ts';
import type { Findings } from '../../../read/findings.ts';
import { cellPosition, checkCell, shownValue } from '../../csv-reader.ts';

const ENTITY = /&(?:amp|lt|gt|quot|apos|nbsp|#\d+|#x[0-9a-f]+);/i;
// A cell with none of these has nothing for the checks below: most cells, read at once.
const SUSPECT = /[\u0000-\u001f\u007f&\ufffe\uffff]|^\s|\s$/;
const CHARACTER: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&apos;': "'",
  '&nbsp;': ' ',
};

/** Checks one cell's text; `lines` says whether line breaks belong in it (only notes are free text). */
export function checkCellText(file: string, name: string, cell: CsvCell, lines: boolean, findings: Findings): void {
  const value = cell.value;
  if (!SUSPECT.test(value)) return;
  checkCell(file, name, cell, findings);
  const place = (index: number) => ({ file, ...cellPosition(cell, index) });
  const inner = value.trim();
  if (!lines && inner.includes('\n')) {
    findings.warning(
      place(value.indexOf('\n')),
      'line-break',
      `${name} ${shownValue(inner)} is broken over ${inner.split('\n').length} lines, ` +
        `published with the line breaks. Write it on one line, its items separated by commas.`,
    );
  }
  const entity = ENTITY.exec(value);
  if (entity) {
    const plain = CHARACTER[entity[0].toLowerCase()] ?? 'the character it stands for';
    findings.warning(
      place(entity.index),
      'html-entity',
      `${name} holds the HTML entity ${entity[0]}, published as written. ` +
        `Write ${plain === 'the character it stands for' ? plain : `"${plain}"`} instead.`,
    );
  }
}
