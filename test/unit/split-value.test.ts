// A maintainer who leaves a comma'd value unquoted is pointed at that value, with it quoted as the fix: real rows of
// data/infosessions broken the common ways; the expected column is found in the broken line by hand, not by the code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkRowWidths, parseCsvTable } from '../../src/core/read/csv-table.ts';
import { Findings } from '../../src/core/read/findings.ts';
import { ROOT } from '../helpers/build.ts';

const realLine = (file: string, line: number) =>
  readFileSync(path.join(ROOT, 'data/infosessions', file), 'utf8').split('\n')[line - 1]!;
const HEADER = realLine('1139.csv', 1);
const MCKINSEY = realLine('1139.csv', 3);
const AUDIBLE = realLine('1141.csv', 48);

/** The findings of checking a file of the real header and one broken row (line 2). */
function check(row: string) {
  const findings = new Findings();
  const table = parseCsvTable(`${HEADER}\n${row}\n`, 'x.csv', findings);
  checkRowWidths(table, 10, findings);
  return findings.list;
}

describe.each([
  ['a date', MCKINSEY, '"September 5, 2013"', 'September 5, 2013'],
  ['a date missing its opening quote', MCKINSEY, '"September 5, 2013"', 'September 5, 2013"'],
  ['a title', AUDIBLE, '"Audible.com, An Amazon Company"', 'Audible.com, An Amazon Company'],
  ['a list missing its opening quote', AUDIBLE, '"MATH - Information', 'MATH - Information'],
])('an unquoted comma in %s', (_, real, written, broken) => {
  const row = real.replace(written, broken);
  it('is reported at the value split, with the value quoted as the fix', () => {
    expect(row).not.toBe(real);
    const [finding, ...more] = check(row);
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ rule: 'cell-count', line: 2, column: row.indexOf(broken) + 1 });
    expect(finding!.message).toContain(`Put the value in double quotes: ${written.slice(0, 20)}`);
  });
});

describe('rows the rule leaves alone', () => {
  it('a missing closing quote is said at the opening quote, as before', () => {
    const row = MCKINSEY.replace('"September 5, 2013"', '"September 5, 2013');
    const [finding] = check(row);
    expect(finding).toMatchObject({ rule: 'unterminated-quote', column: row.indexOf('"September') + 1 });
  });
  it('a comma with no space after it has no likely place: the extra cells start is said', () => {
    const row = MCKINSEY.replace('McKinsey & Company', 'McKinsey,Company');
    const [finding] = check(row);
    expect(finding).toMatchObject({ rule: 'cell-count', column: row.length + 1 }); // the row's empty last cell
    expect(finding!.message).toContain('the extra cells start here');
  });
});

describe('a row that writes a space after every comma', () => {
  it('is pointed at where its extra cells start, not at a value of its own (a raw snapshot of Quest)', () => {
    const findings = new Findings();
    const text = 'abbreviation, description\nM, "Summer; both terms; July, August"\n';
    const table = parseCsvTable(text, 'Terms.csv', findings);
    checkRowWidths(table, 2, findings);
    const line = text.split('\n')[1]!;
    expect(findings.list.map((f) => [f.line, f.column])).toEqual([[2, line.indexOf(' August') + 1]]);
    expect(findings.list[0]!.message).not.toContain('Put the value in double quotes');
  });
});
