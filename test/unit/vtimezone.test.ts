import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarFile, sessionEvent, sessionZone } from '../../src/core/calendar/ics.ts';
import type { Session } from '../../src/core/calendar/session.ts';
import { transitions, vtimezone } from '../../src/core/calendar/vtimezone.ts';
import { testSession } from '../helpers/session.ts';

/** A session on a date at a local time (minutes), in America/Toronto. */
function at(year: number, month: number, day: number, start: number): Session {
  return testSession({ id: `${year}${month}${day}`, date: { year, month, day }, start, end: start + 60 });
}

/** The UTC instant ical.js (an independent implementation) gives an event's start, with the file's own VTIMEZONE. */
function startOf(s: Session, zone: readonly string[]): string {
  const cal = new ICAL.Component(
    ICAL.parse(calendarFile('t', 't', [sessionEvent(s, { url: 'https://x.test/', timestamp: 0 })], zone)),
  );
  const tz = new ICAL.Timezone(cal.getFirstSubcomponent('vtimezone')!);
  const event = new ICAL.Event(cal.getFirstSubcomponent('vevent')!);
  const start = event.startDate.clone();
  start.zone = tz;
  return start.toJSDate().toISOString();
}

describe("the VTIMEZONE, made from the platform's time zone data for the data's years", () => {
  // The bench's synthetic data spans 2001–2099; the rules changed in 2007.
  const zone = sessionZone(2001, 2099);

  it.each([
    [
      '2005-03-20, before the pre-2007 start of DST (first Sunday of April): EST',
      at(2005, 3, 20, 600),
      '2005-03-20T15:00:00.000Z',
    ],
    ['2005-04-04, after it: EDT', at(2005, 4, 4, 600), '2005-04-04T14:00:00.000Z'],
    [
      '2005-10-31, after the pre-2007 end (last Sunday of October): EST',
      at(2005, 10, 31, 600),
      '2005-10-31T15:00:00.000Z',
    ],
    [
      '2015-03-20, after the post-2007 start (second Sunday of March): EDT',
      at(2015, 3, 20, 600),
      '2015-03-20T14:00:00.000Z',
    ],
    [
      '2015-11-02, after the post-2007 end (first Sunday of November): EST',
      at(2015, 11, 2, 600),
      '2015-11-02T15:00:00.000Z',
    ],
    ['2099-07-01, summer of the last year: EDT', at(2099, 7, 1, 600), '2099-07-01T14:00:00.000Z'],
    ["2001-01-15, the first year's winter: EST", at(2001, 1, 15, 600), '2001-01-15T15:00:00.000Z'],
  ])('places %s', (_, s, utc) => {
    expect(startOf(s, zone)).toBe(utc);
  });

  it.each([
    ['America/Toronto', 1970, 2099],
    ['Africa/Casablanca', 2010, 2030], // Ramadan: summer time suspended for about a month, then an hour off since 2019
    ['Australia/Lord_Howe', 1980, 2030], // a half-hour change
    ['Pacific/Apia', 2009, 2013], // a whole day skipped in 2011
    ['America/Sao_Paulo', 1985, 2020],
  ])('finds a week at a time the same changes as a day at a time (%s, %i-%i)', (zone, from, to) => {
    const daily = transitions(zone, from, to, 1);
    expect(daily.length).toBeGreaterThan(0);
    expect(transitions(zone, from, to)).toEqual(daily);
  });

  it('describes each run of years by one yearly rule, the current one without an end', () => {
    const text = vtimezone('America/Toronto', 2001, 2099).join('\n');
    expect(text).toContain('RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z');
    expect(text).toContain('RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z');
    expect(text).toContain('DTSTART:20070311T020000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\n');
    expect(text).toContain('DTSTART:20071104T020000\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\n');
    expect(text.match(/BEGIN:(STANDARD|DAYLIGHT)/g)).toHaveLength(4);
  });

  it('gives a zone without changes one STANDARD component, and a zone with "last Sunday" rules -1SU', () => {
    expect(vtimezone('Asia/Tokyo', 2010, 2012).filter((l) => l.startsWith('BEGIN:'))).toEqual([
      'BEGIN:VTIMEZONE',
      'BEGIN:STANDARD',
    ]);
    const london = vtimezone('Europe/London', 2013, 2015).join('\n');
    expect(london).toContain('BYMONTH=3;BYDAY=-1SU');
    expect(london).toContain('BYMONTH=10;BYDAY=-1SU');
  });
});
