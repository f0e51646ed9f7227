// What the front door and the lists say of time, with no imports: the browser's script
// (src/scripts/front-door.ts, past.ts) says the same as the build without bundling the renderers.

/** The label of the badge of a day that has passed, in the calendar's lists. */
export const PAST_DAY = 'Past';

/** The front door's heading when the data holds nothing ahead. */
export const NOTHING_AHEAD = 'No sessions coming up';

/** What the front door says when the data holds nothing ahead: the newest term, and when it ended. */
export function endedNote(newest: { label: string; last: string }): string {
  return `${newest.label}, the newest term with sessions, ended on ${newest.last}. Its last sessions:`;
}

/** The heading of the front door's list of the first sessions ahead. */
export function comingUpHeading(term: string): string {
  return `Coming up in ${term}`;
}

/** The last of `days` (in time order) that hold at least `shown` sessions, in time order. */
export function lastDays<T extends { sessions: number }>(days: readonly T[], shown: number): T[] {
  let count = 0;
  let i = days.length;
  while (i > 0 && count < shown) count += days[--i]!.sessions;
  return days.slice(i);
}
