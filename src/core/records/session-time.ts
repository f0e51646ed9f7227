/** Month names as the data writes them, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** A calendar date with no time zone. `month` is 1-12. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The result of reading a text: the value, or why it could not be read. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string };

const DATE_PATTERN = /^([A-Za-z]+) (\d{1,2}), (\d{4})$/;
const TIME_PATTERN = /^(\d{1,2}):(\d{2}) ([AP]M)$/;

/** Days in a month of the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Reads `<Month name> <day>, <year>`, e.g. `September 5, 2013`, and checks the date exists. */
export function parseSessionDate(text: string): Parsed<CalendarDate> {
  const m = DATE_PATTERN.exec(text);
  const monthIndex = m ? MONTH_NAMES.indexOf(m[1] as (typeof MONTH_NAMES)[number]) : -1;
  if (!m || monthIndex < 0) {
    return {
      ok: false,
      reason:
        `"${text}" is not a date like "September 5, 2013": ` +
        `write the month name in full, the day, a comma and the four-digit year.`,
    };
  }
  const year = Number(m[3]);
  const month = monthIndex + 1;
  const day = Number(m[2]);
  const last = daysInMonth(year, month);
  if (day < 1 || day > last) {
    return { ok: false, reason: `"${text}" is not a real date: ${m[1]} ${year} has ${last} days.` };
  }
  return { ok: true, value: { year, month, day } };
}

/** Reads a 12-hour time `h:mm AM|PM` (hour 1-12, leading zero allowed); the value is minutes after midnight. */
export function parseClockTime(text: string): Parsed<number> {
  const m = TIME_PATTERN.exec(text);
  const hour = m ? Number(m[1]) : 0;
  const minute = m ? Number(m[2]) : 0;
  if (!m || hour < 1 || hour > 12 || minute > 59) {
    return {
      ok: false,
      reason:
        `"${text}" is not a 12-hour time like "9:30 AM" or "12:00 PM": ` +
        `hour 1 to 12, a colon, two-digit minutes, a space, then AM or PM.`,
    };
  }
  return { ok: true, value: (hour % 12) * 60 + minute + (m[3] === 'PM' ? 720 : 0) };
}

/** `2013-09-05`: a calendar date in ISO 8601 form. */
export function isoDate(d: CalendarDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;
}
