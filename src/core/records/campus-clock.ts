/** The time zone of the campus: the service's clock, its monthly usage and its quota resets. */
export const CAMPUS_TIME_ZONE = 'America/Toronto';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: CAMPUS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** The campus's wall clock at an instant: date and time fields, the zone's abbreviation, its offset in minutes. */
function wallClock(unixSeconds: number) {
  const p = Object.fromEntries(parts.formatToParts(new Date(unixSeconds * 1000)).map((x) => [x.type, x.value]));
  const [year, month, day, hour, minute, second] = ['year', 'month', 'day', 'hour', 'minute', 'second'].map((k) =>
    Number(p[k]),
  );
  const asUtc = Date.UTC(year!, month! - 1, day!, hour!, minute!, second!) / 1000;
  return {
    year: year!,
    month: month!,
    day: day!,
    hour: hour!,
    minute: minute!,
    second: second!,
    zone: String(p.timeZoneName),
    offset: Math.round((asUtc - unixSeconds) / 60),
  };
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** The campus's calendar day at an instant: `2014-01-13`. */
export function campusDay(unixSeconds: number): string {
  const c = wallClock(unixSeconds);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

/** An instant as ISO 8601 in campus time with its UTC offset: `2023-11-14T17:13:20-05:00`. */
export function campusDateTime(unixSeconds: number): string {
  const c = wallClock(unixSeconds);
  const sign = c.offset < 0 ? '-' : '+';
  const date = `${c.year}-${pad(c.month)}-${pad(c.day)}`;
  const time = `${pad(c.hour)}:${pad(c.minute)}:${pad(c.second)}`;
  return `${date}T${time}${sign}${pad(Math.trunc(c.offset / 60))}:${pad(c.offset % 60)}`;
}

/** The campus zone's abbreviation at an instant: `EST` or `EDT`. */
export function campusZone(unixSeconds: number): string {
  return wallClock(unixSeconds).zone;
}

/** The campus month an instant falls in, as `YYYY-MM` (usage is counted per such month). */
export function campusMonth(unixSeconds: number): string {
  const c = wallClock(unixSeconds);
  return `${c.year}-${pad(c.month)}`;
}

/** Unix seconds of the next start of a campus month after an instant: when monthly usage counts reset. */
export function nextMonthStart(unixSeconds: number): number {
  const c = wallClock(unixSeconds);
  const [year, month] = c.month === 12 ? [c.year + 1, 1] : [c.year, c.month + 1];
  let guess = Date.UTC(year, month - 1, 1) / 1000;
  for (let i = 0; i < 2; i++) guess = Date.UTC(year, month - 1, 1) / 1000 - wallClock(guess).offset * 60;
  return guess;
}
