import { type CalendarDate, MONTH_NAMES } from '../records/session-time.ts';
import { type MonthKey, weekday } from './calendar.ts';
import { clock } from './session.ts';

// The one style in which every page, list and script of the calendar writes dates and times:
// `Tue, Jan 7, 2014`, `11:30 AM–1:00 PM`, `Jan 2014` where room is short. Machines get ISO
// forms (isoDate, isoTime) in datetime attributes.

const WEEKDAY_ABBR = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

/** `Jan`: the first three letters of a month (1-12). */
function monthAbbr(month: number): string {
  return MONTH_NAMES[month - 1]!.slice(0, 3);
}

/** `Tue, Jan 7, 2014`: a date as every page writes it. */
export function dayLabel(d: CalendarDate): string {
  return `${WEEKDAY_ABBR[weekday(d)]}, ${monthAbbr(d.month)} ${d.day}, ${d.year}`;
}

/** The ends of a time range as written (`11:30 AM`, `1:00 PM`): just the start when the data gives no later end. */
export function timeRangeEnds(start: number, end: number): [string] | [string, string] {
  return end > start ? [clock(start), clock(end)] : [clock(start)];
}

/** What stands between the ends of a time range: an en dash. */
export const RANGE_DASH = '–';

/** `11:30 AM–1:00 PM`; just the start when the data gives no later end. */
export function timeRange(start: number, end: number): string {
  return timeRangeEnds(start, end).join(RANGE_DASH);
}

/** `Jan 2014`: a month where room is short (pagers). */
export function shortMonth(m: MonthKey): string {
  return `${monthAbbr(m.month)} ${m.year}`;
}
