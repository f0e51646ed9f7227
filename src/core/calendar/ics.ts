import { isoDate } from '../records/session-time.ts';
import type { RenderContext } from '../site/address.ts';
import { calendarPaths } from '../site/paths.ts';
import { foldLine } from './fold-line.ts';
import { timeRange } from './format.ts';
import { isoTime, placeOf, type Session } from './session.ts';
import { sessionTitle } from './session-wording.ts';
import { SESSION_TIME_ZONE as TIME_ZONE } from './time-zone.ts';
import { vtimezone } from './vtimezone.ts';

const zones = new Map<string, string[]>();
/** The VTIMEZONE of the sessions' zone, right for every year from `from` to `to` (made once per span). */
export function sessionZone(from: number, to: number): string[] {
  const key = `${from}-${to}`;
  if (!zones.has(key)) zones.set(key, vtimezone(TIME_ZONE, from, to).map(foldLine));
  return zones.get(key)!;
}

/** Escapes a TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A calendar's name as its X-WR-CALNAME holds it: a comma or semicolon (with the spaces after it) becomes one space
 * ("Kik Interactive, Inc" → "Kik Interactive Inc"). Both are escaped in a TEXT value, and readers that keep an
 * unknown property's value as written (ical.js, some calendar apps) show the backslash; a backslash stays, escaped.
 */
function calendarName(name: string): string {
  return name.replace(/\s*[,;]\s*/g, ' ').trim();
}

/** `20131014`: a date as iCalendar writes a DATE value. */
function dateValue(date: Session['date']): string {
  return isoDate(date).replace(/-/g, '');
}

/** The day after a date (the exclusive end of an all-day event). */
function nextDay(date: Session['date']): Session['date'] {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** `20130905T093000`: a local date-time from a session's date and minutes. */
function localDateTime(date: Session['date'], minutes: number): string {
  return `${isoDate(date).replace(/-/g, '')}T${isoTime(minutes).replace(':', '')}00`;
}

/** `20231114T221320Z` from Unix seconds. */
function utcStamp(seconds: number): string {
  return new Date(seconds * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * An event's revision number for SEQUENCE: minutes since 2020 at the time its session last
 * changed (or the build's timestamp). It grows with every change to the session, so a client
 * that compares SEQUENCE sees an edit as newer, and stays put while the session does.
 */
function sequenceOf(timestamp: number): number {
  return Math.max(0, Math.floor((timestamp - 1_577_836_800) / 60));
}

/** A session's UID: the same for a session id wherever the site is served, so edits update events. */
function sessionUid(id: string): string {
  return `infosession-${id}@campus-api-static`;
}

/**
 * One session as a VEVENT, its content lines folded and joined with CRLF. An all-day note (a
 * holiday) is a DATE event of its one day (DTEND the next day, RFC 5545 3.6.1), without times
 * or a placeholder location; it and a cancelled session are TRANSPARENT: they do not make
 * anyone busy. `revised` (Unix seconds) is when the session last changed: its DTSTAMP,
 * LAST-MODIFIED and SEQUENCE; without it, the build's timestamp.
 */
export function sessionEvent(
  s: Session,
  ctx: Pick<RenderContext, 'url'> & { timestamp: number | null },
  revised?: number,
): string {
  const page = `${ctx.url}${calendarPaths.session(s.id)}`;
  const time = revised ?? ctx.timestamp ?? 0;
  const stamp = utcStamp(time);
  const title = sessionTitle(s);
  const when = s.allDay
    ? [`DTSTART;VALUE=DATE:${dateValue(s.date)}`, `DTEND;VALUE=DATE:${dateValue(nextDay(s.date))}`]
    : [
        `DTSTART;TZID=${TIME_ZONE}:${localDateTime(s.date, s.start)}`,
        `DTEND;TZID=${TIME_ZONE}:${localDateTime(s.date, Math.max(s.end, s.start))}`,
      ];
  const details = [
    s.allDay ? (s.locationTbd ? '' : `${placeOf(s)}.`) : `${timeRange(s.start, s.end)}, ${placeOf(s, true)}.`,
    s.audience && `Audience: ${s.audience}`,
    s.programs.length > 0 && `Programs: ${s.programs.join(', ')}`,
    s.website && `Website: ${s.websiteHref ?? s.website}`,
    s.description.trim(),
    `Details: ${page}`,
  ].filter(Boolean) as string[];
  const lines = [
    'BEGIN:VEVENT',
    `UID:${sessionUid(s.id)}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `SEQUENCE:${sequenceOf(time)}`,
    ...when,
    `SUMMARY:${escapeText(title)}`,
    ...(s.allDay && s.locationTbd ? [] : [`LOCATION:${escapeText(placeOf(s))}`]),
    `DESCRIPTION:${escapeText(details.join('\n\n'))}`,
    `URL:${page}`,
    `STATUS:${s.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `CATEGORIES:${escapeText(s.kind)}`,
    `TRANSP:${s.cancelled || s.allDay ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
  ];
  return lines.map(foldLine).join('\r\n');
}

/**
 * A whole calendar: header, the time zone (`zone`, from sessionZone), then the given events (already rendered).
 * `product` names what the calendar holds in its PRODID (information sessions unless told).
 */
export function calendarFile(
  name: string,
  description: string,
  events: readonly string[],
  zone: readonly string[],
  product = 'Information sessions',
): string {
  const head = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//campus-api-static//${product}//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendarName(name))}`,
    `X-WR-CALDESC:${escapeText(description)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
    'X-PUBLISHED-TTL:PT12H',
  ].map(foldLine);
  return `${[...head, ...zone, ...events, 'END:VCALENDAR'].join('\r\n')}\r\n`;
}
