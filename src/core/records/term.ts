import type { CalendarDate } from './session-time.ts';

/** An academic term, named by its code: 1, the year's last two digits, the starting month (1, 5, 9). */
export interface Term {
  code: string;
  year: number;
  season: 'Winter' | 'Spring' | 'Fall';
  /** First and last month of the term, 1-12. */
  firstMonth: number;
  lastMonth: number;
  /** `Fall 2013`. */
  label: string;
}

const SEASONS = { 1: 'Winter', 5: 'Spring', 9: 'Fall' } as const;

/** Reads a term code such as `1139` (Fall 2013); undefined when it is not one. */
export function parseTermCode(code: string): Term | undefined {
  const m = /^1(\d\d)([159])$/.exec(code);
  if (!m) return undefined;
  const year = 2000 + Number(m[1]);
  const firstMonth = Number(m[2]) as 1 | 5 | 9;
  const season = SEASONS[firstMonth];
  return { code, year, season, firstMonth, lastMonth: firstMonth + 3, label: `${season} ${year}` };
}

/** The term a date falls in. */
export function termOfDate(d: CalendarDate): Term {
  const start = d.month >= 9 ? 9 : d.month >= 5 ? 5 : 1;
  return parseTermCode(`1${String(d.year % 100).padStart(2, '0')}${start}`)!;
}

/** Whether a date falls within a term's months. */
export function isInTerm(d: CalendarDate, t: Term): boolean {
  return d.year === t.year && d.month >= t.firstMonth && d.month <= t.lastMonth;
}
