// What any cell of an exam schedule may not hold: characters XML cannot carry, quotes made
// literal by a space, spaces around the value, a list broken over lines, HTML entities.
import type { CsvCell } from '../../../read/csv-table.ts';
import type { Findings } from '../../../read/findings.ts';
import { cellPosition } from '../../csv-reader.ts';

// XML 1.0 cannot carry these characters at all, so no published file may hold them.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const ENTITY = /&(?:amp|lt|gt|quot|apos|nbsp|#\d+|#x[0-9a-f]+);/i;
// A cell with none of these has nothing for the checks below: most cells, read at once.
const SUSPECT = /[\u0000-\u001f&\ufffe\uffff]|^\s|\s$/;
const CHARACTER: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&nbsp;': ' ' };

const shown = (value: string) => JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value);

/** Checks one cell's text; `lines` says whether line breaks belong in it (only notes are free text). */
export function checkCellText(file: string, name: string, cell: CsvCell, lines: boolean, findings: Findings): void {
  if (!SUSPECT.test(cell.value)) return;
  const place = (index: number) => ({ file, ...cellPosition(cell, index) });
  const value = cell.value;
  const control = CONTROL.exec(value);
  if (control) {
    const code = control[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    findings.error(place(control.index), 'control-character', `${name} holds the control character U+${code}, which XML cannot carry. Delete it.`);
  }
  const lead = /^[ \t]+"/.exec(value);
  if (!cell.quoted && lead) {
    findings.error(
      place(lead[0].length - 1),
      'stray-quote',
      `${name} starts with a space before its opening quote, so the quotes are read as part of the value (and a comma inside it splits the cell). ` +
        'Remove the space after the comma (`npm run check -- --fix` does).',
    );
  } else if (value !== value.trim()) {
    const leading = value.length - value.trimStart().length;
    findings.warning(
      place(leading > 0 ? 0 : value.trimEnd().length),
      'whitespace',
      `${name} ${shown(value)} has ${leading > 0 ? 'leading' : 'trailing'} spaces or line breaks; they are published as written. Remove them (\`npm run check -- --fix\` does).`,
    );
  }
  const inner = value.trim();
  if (!lines && inner.includes('\n')) {
    findings.warning(
      place(value.indexOf('\n')),
      'line-break',
      `${name} ${shown(inner)} is broken over ${inner.split('\n').length} lines, published with the line breaks. Write it on one line, its items separated by commas.`,
    );
  }
  const entity = ENTITY.exec(value);
  if (entity) {
    const plain = CHARACTER[entity[0].toLowerCase()] ?? 'the character it stands for';
    findings.warning(place(entity.index), 'html-entity', `${name} holds the HTML entity ${entity[0]}, published as written. Write ${plain === 'the character it stands for' ? plain : `"${plain}"`} instead.`);
  }
}
