// What the front door and the lists say of time, with no imports: the browser's script
// (src/scripts/front-door.ts, past.ts) says the same as the build without bundling the renderers.

/** The label of the badge of a day that has passed, in the calendar's lists. */
export const PAST_DAY = 'Past';

/** The front door's heading when the data holds nothing ahead. */
export const NOTHING_AHEAD = 'No sessions coming up';

/** What the front door says when the data holds nothing ahead: the newest term, and when it ended. */
export function endedNote(newest: { label: string; last: string }): string {
  return `${newest.label}, the newest term with sessions, ended on ${newest.last}.`;
}

/**
 * What leads from that note into the newest term's last days: `Its last sessions:`; or, when the filter leaves none
 * of them (`unmatched`: what the student chose, `Health Informatics`), that none matches, with nothing to lead into.
 */
export function lastSessionsLead(unmatched = ''): string {
  return unmatched ? `None of its last sessions matches ${unmatched}.` : 'Its last sessions:';
}

/** The heading of the front door's list of the first sessions ahead. */
export function comingUpHeading(term: string): string {
  return `Coming up in ${term}`;
}

/**
 * How far back a subscriber's feed reaches (feed-window.ts), in days: when nothing is ahead, from the data's last
 * day. The front door's last sessions reach no further, so that each one it lists is in the calendar a student
 * subscribes to from it (12 listed and 11 in the feed before, a new user's trial).
 */
export const RECENT_DAYS = 28;

/**
 * The last of `days` (in time order, ISO dates) that hold at least `shown` sessions, none more than RECENT_DAYS
 * before the last of them, in time order.
 */
export function lastDays<T extends { date: string; sessions: number }>(days: readonly T[], shown: number): T[] {
  const last = days.at(-1)?.date ?? '';
  let count = 0;
  let i = days.length;
  while (i > 0 && count < shown && daysBetween(days[i - 1]!.date, last) <= RECENT_DAYS) count += days[--i]!.sessions;
  return days.slice(i);
}

/** The whole days from `from` to `to` (ISO days), by the calendar (no clock: a day is a date). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * What the front door says of a week with no session left: the next session's day (`label`) and how far
 * it is from `today` (ISO days): `No more sessions this week; the next is on Mon, May 5, 2014, 16 weeks ahead.`
 */
export function emptyWeekNote(today: string, next: { date: string; label: string }): string {
  const days = daysBetween(today, next.date);
  const weeks = Math.floor(days / 7);
  const far = days < 14 ? `${days} day${days === 1 ? '' : 's'}` : `${weeks} weeks`;
  return `No more sessions this week; the next is on ${next.label}, ${far} ahead.`;
}
