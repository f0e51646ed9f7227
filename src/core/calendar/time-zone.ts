import { CAMPUS_TIME_ZONE } from '../records/campus-clock.ts';
import type { CalendarDate } from '../records/session-time.ts';

/** The time zone of every session's date and times (pages, "Add to calendar", feeds): the campus's. */
export const SESSION_TIME_ZONE = CAMPUS_TIME_ZONE;

const offsetNames = new Intl.DateTimeFormat('en-US', { timeZone: SESSION_TIME_ZONE, timeZoneName: 'longOffset' });

/** Minutes east of UTC in the session time zone at an instant (`GMT-05:00` → -300). */
function offsetAt(utcMs: number): number {
  const name = offsetNames.formatToParts(utcMs).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d\d):(\d\d)/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** `-05:00` (or `-04:00` in summer): the UTC offset of the session time zone at a local date and time. */
export function utcOffset(date: CalendarDate, minutes: number): string {
  const local = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const offset = offsetAt(local - offsetAt(local) * 60_000);
  const abs = Math.abs(offset);
  return `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
