// The data tables sort written-out dates and 12-hour times in time (src/core/browse/cell-order.ts): the information
// sessions' dates sorted by month name before (a new user's trial: descending began at "September 9, 2013", the
// newest being March 17, 2015). The oracle is the JavaScript engine's own date parser, on every real value of data/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { sortedRows } from '../../src/core/browse/browse-query.ts';
import { orderText } from '../../src/core/browse/cell-order.ts';
import { ROOT } from '../helpers/build.ts';

/** Every session row of data/infosessions/, as papaparse reads it. */
function sessionRows(): Record<string, string>[] {
  const dir = path.join(ROOT, 'data/infosessions');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .flatMap(
      (f) =>
        Papa.parse<Record<string, string>>(readFileSync(path.join(dir, f), 'utf8'), {
          header: true,
          skipEmptyLines: true,
        }).data,
    );
}

/** Milliseconds since the epoch, as the engine reads a written date (and a time on a day of its own). */
const engineTime = (text: string) => new Date(text).getTime();

const rows = sessionRows();
const dates = [...new Set(rows.map((r) => r.date!).filter((d) => !Number.isNaN(engineTime(d))))];
const times = [...new Set([...rows.map((r) => r.start_time!), ...rows.map((r) => r.end_time!)])].filter(
  (t) => !Number.isNaN(engineTime(`January 1, 2000 ${t}`)),
);

describe('the sort text of a cell', () => {
  it("orders every session date of data/ as the engine's date parser does", () => {
    expect(dates.length).toBeGreaterThan(100);
    const byText = [...dates].sort((a, b) => (orderText(a) < orderText(b) ? -1 : 1));
    const byEngine = [...dates].sort((a, b) => engineTime(a) - engineTime(b));
    expect(byText).toEqual(byEngine);
    expect(orderText('March 17, 2015')).toBe('2015-03-17');
  });

  it("orders every start and end time of data/ as the engine's parser does", () => {
    expect(times.length).toBeGreaterThan(20);
    const at = (t: string) => engineTime(`January 1, 2000 ${t}`);
    const byText = [...times].sort((a, b) => (orderText(a) < orderText(b) ? -1 : orderText(a) > orderText(b) ? 1 : 0));
    expect(byText.map(at)).toEqual([...byText.map(at)].sort((a, b) => a - b));
    expect(['9:00 AM', '12:30 PM', '1:30 PM', '12:15 AM'].map(orderText)).toEqual(['09:00', '12:30', '13:30', '00:15']);
  });

  it('leaves any other text as it is', () => {
    for (const text of ['TBD', 'Smarch 5, 2013', 'September 32, 2013', '13:30 PM', 'DC 1350', '2013-12-05', ''])
      expect(orderText(text)).toBe(text);
  });
});

describe("the sessions' table sorted by date", () => {
  it('puts the newest session first, descending, and the oldest first, ascending', () => {
    const table = { columns: ['date'], facets: [], rows: rows.map((r) => [r.date ?? null]) };
    const all = table.rows.map((_, i) => i);
    const desc = sortedRows(table, all, { sort: { column: 'date', desc: true } }).map((i) => table.rows[i]![0]!);
    const newest = Math.max(...rows.map((r) => engineTime(r.date!)).filter((t) => !Number.isNaN(t)));
    expect(engineTime(desc[0]!)).toBe(newest);
    const times = desc.map(engineTime).filter((t) => !Number.isNaN(t));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
