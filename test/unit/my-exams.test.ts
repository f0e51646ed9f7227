import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { courseEvents, courseFeed, examTermData } from '../../src/core/exams/exam-ics.ts';
import { roomGroups } from '../../src/core/exams/exam-pages.ts';
import { examTerms } from '../../src/core/exams/exam-term.ts';
import { chosenCalendar, parseCourseList, unknownCourse } from '../../src/core/exams/my-exams.ts';

// "My exams" joins a term's events into one calendar, in the browser and at the edge: the course
// lists a URL may hold, and the events' escaping of what a schedule may write.
const sitting = (over: Record<string, string | null>) => ({
  section: '001',
  day: 'Friday',
  date: '2013-12-13',
  start_time: '12:30 PM',
  end_time: '3:00 PM',
  location: 'PAC 1,2',
  notes: '',
  ...over,
});
const [term] = examTerms([
  { term: '1139', course: 'CS 135', sections: [sitting({}), sitting({ section: '002', location: 'MC 1085' })] },
  {
    term: '1139',
    course: 'ENGL 109',
    sections: [sitting({ date: null, start_time: null, notes: 'Online; see, Quest' })],
  },
  { term: '1139', course: 'MATH 137', sections: [sitting({ location: 'DC 1350,1351,MC 1085; "odd"\\room' })] },
]);
const ctx = { url: 'https://example.org/', revised: 1_700_000_000 };

describe('the course lists of ?courses=', () => {
  it.each([
    ['CS135,MATH137', ['CS135', 'MATH137']],
    ['cs 135, math137,,CS135', ['CS135', 'MATH137']],
    ['BUS461UW', ['BUS461UW']],
  ])('reads %j', (text, keys) => expect(parseCourseList(text)).toEqual({ keys }));
  it.each(['C$', 'CS', '135', 'CS135<script>'])('refuses %j, naming it', (text) =>
    expect(parseCourseList(`CS135,${text}`)).toEqual({ bad: text }),
  );
});

describe('a term’s exam calendars', () => {
  const data = examTermData(term!, ctx);
  it('holds one event per exam time, rooms of every section, none for a course with no sitting', () => {
    expect(courseEvents(term!, term!.courses[0]!, ctx)).toHaveLength(1);
    const cal = new ICAL.Component(ICAL.parse(chosenCalendar(data, ['CS135', 'ENGL109'])));
    const [event] = cal.getAllSubcomponents('vevent');
    expect(cal.getAllSubcomponents('vevent')).toHaveLength(1);
    expect(event!.getFirstPropertyValue('location')).toBe('PAC 1,2; MC 1085');
    expect(event!.getFirstPropertyValue('uid')).toBe('exam-1139-CS135-1@campus-api-static');
  });
  it('escapes what the schedule writes (RFC 5545 TEXT) and parses back to the same text', () => {
    const ics = courseFeed(term!, term!.courses[2]!, ctx);
    expect(ics).toContain('LOCATION:DC 1350\\,1351\\,MC 1085\\; "odd"\\\\room');
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('location')).toBe('DC 1350,1351,MC 1085; "odd"\\room');
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });
  it('names the first course the term has no exam of', () => {
    expect(unknownCourse(data, ['CS135', 'XYZ999', 'ABC100'])).toBe('XYZ999');
    expect(unknownCourse(data, ['CS135', 'ENGL109'])).toBeUndefined();
  });
});

describe('the rooms of a sitting, by building', () => {
  it.each([
    ['PAC 1,2,3', ['PAC 1,2,3']],
    ['DC 1350,1351,MC 1085', ['DC 1350,1351', 'MC 1085']],
    ['WLU', ['WLU']],
    ['', []],
  ])('cuts %j', (location, groups) => expect(roomGroups(location)).toEqual(groups));
});

// ical.js reads X-WR-CALNAME and X-WR-CALDESC as unknown properties, escapes and all: the words hold none.
describe('what an exam calendar says it is, as ical.js reads it', () => {
  const data = examTermData(term!, ctx);
  const head = (ics: string) => {
    const cal = new ICAL.Component(ICAL.parse(ics));
    return ['prodid', 'x-wr-calname', 'x-wr-caldesc'].map((p) => cal.getFirstPropertyValue(p));
  };
  it("names a course's feed by its course and term, as final exams", () => {
    expect(head(courseFeed(term!, term!.courses[0]!, ctx))).toEqual([
      '-//campus-api-static//Final exams//EN',
      'Fall 2013 exams: CS 135',
      "Final exams of CS 135 in Fall 2013 from the Registrar's schedule: 1 exam.",
    ]);
  });
  it('names every course a student chose that has exams, in their order, and counts the exams', () => {
    const ics = chosenCalendar(data, ['MATH137', 'XYZ999', 'CS135', 'ENGL109']);
    expect(head(ics)).toEqual([
      '-//campus-api-static//Final exams//EN',
      'Fall 2013 exams: MATH 137 / CS 135 / ENGL 109',
      "Final exams of MATH 137 / CS 135 / ENGL 109 in Fall 2013 from the Registrar's schedule: 2 exams.",
    ]);
    expect(ics.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(ics).not.toContain('{name}');
  });
});
