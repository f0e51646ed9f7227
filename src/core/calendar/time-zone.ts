import { CAMPUS_TIME_ZONE } from '../records/campus-clock.ts';
import type { CalendarDate } from '../records/session-time.ts';

/** The time zone of every session's date and times (pages, "Add to calendar", feeds): the campus's. */
export const SESSION_TIME_ZONE = CAMPUS_TIME_ZONE;

const offsetNames = new Intl.DateTimeFormat('en-US', { timeZone: SESSION_TIME_ZONE, timeZoneName: 'longOffset' });

const DAY = 86_400_000;

/** Minutes east of UTC in the session time zone at an instant, asked of Intl (`GMT-05:00` → -300). */
function intlOffsetAt(utcMs: number): number {
  const name = offsetNames.formatToParts(utcMs).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** The offset at each UTC midnight asked so far, by day number. */
const atMidnight = new Map<number, number>();

/** The offset at the start of a UTC day (day number since 1970), asked of Intl once. */
function midnightOffset(day: number): number {
  let offset = atMidnight.get(day);
  if (offset === undefined) atMidnight.set(day, (offset = intlOffsetAt(day * DAY)));
  return offset;
}

/**
 * Minutes east of UTC in the session time zone at an instant. Intl's answer costs about 5 µs,
 * and every session page asks it four times: a UTC day whose two midnights have the same offset
 * has that offset throughout (no zone changes its offset twice in a day; vtimezone.ts assumes
 * the same), so Intl is asked once a day, and at the instant itself only on a day of a change.
 */
function offsetAt(utcMs: number): number {
  const day = Math.floor(utcMs / DAY);
  const start = midnightOffset(day);
  return start === midnightOffset(day + 1) ? start : intlOffsetAt(utcMs);
}

/** `-05:00` (or `-04:00` in summer): the UTC offset of the session time zone at a local date and time. */
export function utcOffset(date: CalendarDate, minutes: number): string {
  const local = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const offset = offsetAt(local - offsetAt(local) * 60_000);
  const abs = Math.abs(offset);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${offset < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}
