import Papa from 'papaparse';
import { infosessionRecord } from '../src/core/records/infosession-record.ts';
import { fieldNames } from '../src/core/records/record-spec.ts';
import { daysInMonth, MONTH_NAMES, parseClockTime } from '../src/core/records/session-time.ts';
import { readDataFolder } from '../src/load/data-fs.ts';

/** A small, fast, seeded pseudo-random generator (mulberry32): the same seed gives the same data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The term codes a data set of `count` sessions spreads over (about 100 sessions a term, as the real data). */
export function termCodes(count: number): string[] {
  const terms = Math.min(297, Math.max(1, Math.ceil(count / 100)));
  const codes: string[] = [];
  for (let i = 0; codes.length < terms; i++) {
    const year = 1 + Math.floor(i / 3);
    codes.push(`1${String(year).padStart(2, '0')}${[1, 5, 9][i % 3]}`);
  }
  return codes;
}

/**
 * Synthetic session files with the real data's distributions: every field but the id, date and
 * term is drawn from the real rows (so lengths, times, audiences and programs follow them), dates
 * fall on weekdays within the term, ids are unique. Returns file name → CSV text.
 */
export function generateSessions(real: readonly string[][], count: number, seed = 20261122): Map<string, string> {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const fields = fieldNames(infosessionRecord);
  const col = (name: string) => fields.indexOf(name);
  const timePairs = real
    .map((r) => [r[col('start_time')]!, r[col('end_time')]!] as const)
    .filter(([s, e]) => {
      const a = parseClockTime(s);
      const b = parseClockTime(e);
      return a.ok && b.ok && b.value > a.value;
    });
  const codes = termCodes(count);
  const files = new Map<string, string>();
  let id = 100000;
  codes.forEach((code, t) => {
    const n = Math.floor(count / codes.length) + (t < count % codes.length ? 1 : 0);
    const year = 2000 + Number(code.slice(1, 3));
    const first = Number(code.slice(3));
    const rows: { sort: number; cells: string[] }[] = [];
    for (let i = 0; i < n; i++) {
      const month = first + Math.floor(random() * 3);
      let day = 1 + Math.floor(random() * daysInMonth(year, month));
      const wd = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
      if (wd === 0 || wd === 6) day = Math.min(daysInMonth(year, month), day + (wd === 6 ? 2 : 1));
      if (day > daysInMonth(year, month)) day = 1;
      const [start, end] = pick(timePairs);
      const source = pick(real);
      const cells = fields.map((_, k) => source[k]!);
      cells[col('id')] = String(id++);
      cells[col('date')] = `${MONTH_NAMES[month - 1]} ${day}, ${year}`;
      cells[col('start_time')] = start;
      cells[col('end_time')] = end;
      const startMinutes = (parseClockTime(start) as { value: number }).value;
      rows.push({ sort: month * 100_000 + day * 2000 + startMinutes, cells });
    }
    rows.sort((a, b) => a.sort - b.sort);
    files.set(`${code}.csv`, `${Papa.unparse({ fields, data: rows.map((r) => r.cells) }, { newline: '\n' })}\n`);
  });
  return files;
}

/** The information sessions of a data folder as rows of cells in record-field order (what generateSessions takes). */
export function sessionRows(dataDir: string): string[][] {
  const fields = fieldNames(infosessionRecord);
  return (readDataFolder(dataDir, dataDir).datasets.infosessions?.sessions ?? []).map((r) =>
    fields.map((f) => String(r.values[f])),
  );
}
