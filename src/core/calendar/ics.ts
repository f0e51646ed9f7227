import { isoDate } from '../records/session-time.ts';
import { clock, isoTime, placeOf, type Session } from './session.ts';
import type { RenderContext } from '../site/address.ts';
import { calendarPaths } from '../site/paths.ts';

/** The time zone every session is in. */
const TIME_ZONE = 'America/Toronto';

/** America/Toronto's rules since 2007 (DST from the second Sunday of March to the first Sunday of November). */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  `X-LIC-LOCATION:${TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Escapes a TEXT value (RFC 5545 3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/** Octets of one code point in UTF-8. */
function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** Folds a content line into lines of at most 75 octets, never splitting a UTF-8 character (RFC 5545 3.1). */
export function foldLine(line: string): string {
  if (line.length <= 25 || Buffer.byteLength(line) <= 75) return line;
  const parts: string[] = [];
  let start = 0;
  let octets = 0;
  let limit = 75;
  for (let i = 0; i < line.length; ) {
    const cp = line.codePointAt(i)!;
    const units = cp > 0xffff ? 2 : 1;
    const size = utf8Length(cp);
    if (octets + size > limit) {
      parts.push(line.slice(start, i));
      start = i;
      octets = 0;
      limit = 74; // continuation lines start with a space
    }
    octets += size;
    i += units;
  }
  parts.push(line.slice(start));
  return parts.join('\r\n ');
}

/** `20130905T093000`: a local date-time from a session's date and minutes. */
function localDateTime(date: Session['date'], minutes: number): string {
  return `${isoDate(date).replace(/-/g, '')}T${isoTime(minutes).replace(':', '')}00`;
}

/** `20231114T221320Z` from Unix seconds. */
function utcStamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * The build's revision number for SEQUENCE: minutes since 2020 at the build's timestamp. It
 * grows with every data change, so a client that compares SEQUENCE sees an edit as newer.
 */
function sequenceOf(timestamp: number): number {
  return Math.max(0, Math.floor((timestamp - 1_577_836_800) / 60));
}

/** A session's UID: the same for a session id wherever the site is served, so edits update events. */
function sessionUid(id: string): string {
  return `infosession-${id}@campus-api-static`;
}

/** One session as a VEVENT, its content lines folded and joined with CRLF. */
export function sessionEvent(s: Session, ctx: Pick<RenderContext, 'url' | 'timestamp'>): string {
  const page = `${ctx.url}${calendarPaths.session(s.id)}`;
  const stamp = utcStamp(ctx.timestamp);
  const title = `${s.cancelled ? 'CANCELLED: ' : ''}${s.employer || 'Information session'}${s.kind === 'session' ? ' information session' : ''}`;
  const details = [
    `${clock(s.start)} to ${clock(s.end)}, ${placeOf(s, true)}.`,
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
    `SEQUENCE:${sequenceOf(ctx.timestamp)}`,
    `DTSTART;TZID=${TIME_ZONE}:${localDateTime(s.date, s.start)}`,
    `DTEND;TZID=${TIME_ZONE}:${localDateTime(s.date, Math.max(s.end, s.start))}`,
    `SUMMARY:${escapeText(title)}`,
    `LOCATION:${escapeText(placeOf(s))}`,
    `DESCRIPTION:${escapeText(details.join('\n\n'))}`,
    `URL:${page}`,
    `STATUS:${s.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `CATEGORIES:${escapeText(s.kind)}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
  return lines.map(foldLine).join('\r\n');
}

/** A whole calendar: header, the time zone, then the given events (already rendered). */
export function calendarFile(name: string, description: string, events: readonly string[]): string {
  const head = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//campus-api-static//Information sessions//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
    `X-WR-CALDESC:${escapeText(description)}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT12H',
    'X-PUBLISHED-TTL:PT12H',
    ...VTIMEZONE,
  ].map(foldLine);
  return `${[...head, ...events, 'END:VCALENDAR'].join('\r\n')}\r\n`;
}
