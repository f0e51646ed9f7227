// The exams as iCalendar: one event per course, date and time (the sections that sit together
// at once share it, each with its rooms), a feed per course and term, and each term's data for
// "My exams" (my-exams.ts). Times are the campus's, with its VTIMEZONE, as the sessions' feeds.

import { foldLine } from '../calendar/fold-line.ts';
import { timeRange } from '../calendar/format.ts';
import { calendarFile, escapeText, sessionZone } from '../calendar/ics.ts';
import { isoTime } from '../calendar/session.ts';
import { SESSION_TIME_ZONE as TIME_ZONE } from '../calendar/time-zone.ts';
import { isoDate } from '../records/session-time.ts';
import { examPaths } from '../site/exam-paths.ts';
import type { ExamCourse, ExamSittingOf, ExamTerm } from './exam-term.ts';
import { CALENDAR_ABOUT, CALENDAR_NAME, chosenCalendar, type ExamTermData } from './my-exams.ts';

/** Where the pages are served and when the schedule last changed (Unix seconds): each event's stamp and SEQUENCE. */
export interface ExamFeedContext {
  url: string;
  revised: number;
}

/** One exam of a course: a date and time, and the sittings (sections and rooms) at it. */
interface ExamEvent {
  date: NonNullable<ExamSittingOf['when']>['date'];
  start: number;
  end: number;
  sittings: ExamSittingOf[];
}

/** A course's sittings grouped by date and time, in order of first appearance; sittings without a time left out. */
export function courseExams(course: ExamCourse): ExamEvent[] {
  const events = new Map<string, ExamEvent>();
  for (const s of course.sittings) {
    if (!s.when) continue;
    const key = `${isoDate(s.when.date)} ${s.when.start} ${s.when.end}`;
    const event = events.get(key) ?? { ...s.when, sittings: [] };
    event.sittings.push(s);
    events.set(key, event);
  }
  return [...events.values()];
}

/** `20131213T123000`: a local date-time. */
function localDateTime(event: ExamEvent, minutes: number): string {
  return `${isoDate(event.date).replace(/-/g, '')}T${isoTime(minutes).replace(':', '')}00`;
}

/** `20231114T221320Z` from Unix seconds. */
function utcStamp(seconds: number): string {
  return new Date(seconds * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** The rooms of an exam, each place once: `PAC 1,2,3; MC 4020`. */
export function examRooms(event: ExamEvent): string {
  return [...new Set(event.sittings.map((s) => s.location).filter(Boolean))].join('; ');
}

/** One exam as a VEVENT, folded, each line ended by CRLF. Its UID: term, course and the exam's number in the course. */
function examEvent(term: ExamTerm, course: ExamCourse, event: ExamEvent, n: number, ctx: ExamFeedContext): string {
  const page = `${ctx.url}${examPaths.term(term.term.code)}`;
  const stamp = utcStamp(ctx.revised);
  const sections = event.sittings.map((s) => `Section ${s.section || '(all)'}: ${s.location || 'room not given'}`);
  const details = [`${timeRange(event.start, event.end)}.`, ...sections, `Exam schedule: ${page}`];
  const rooms = examRooms(event);
  const lines = [
    'BEGIN:VEVENT',
    `UID:exam-${term.term.code}-${course.key}-${n}@campus-api-static`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `SEQUENCE:${Math.max(0, Math.floor((ctx.revised - 1_577_836_800) / 60))}`,
    `DTSTART;TZID=${TIME_ZONE}:${localDateTime(event, event.start)}`,
    `DTEND;TZID=${TIME_ZONE}:${localDateTime(event, Math.max(event.end, event.start))}`,
    `SUMMARY:${escapeText(`${course.course} final exam`)}`,
    ...(rooms ? [`LOCATION:${escapeText(rooms)}`] : []),
    `DESCRIPTION:${escapeText(details.join('\n'))}`,
    `URL:${page}`,
    'STATUS:CONFIRMED',
    'CATEGORIES:Final exam',
    'TRANSP:OPAQUE',
    'END:VEVENT',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A course's events in a term, each ended by CRLF. */
export function courseEvents(term: ExamTerm, course: ExamCourse, ctx: ExamFeedContext): string[] {
  return courseExams(course).map((event, i) => examEvent(term, course, event, i + 1, ctx));
}

/**
 * A term's exams as every exam feed is made from them (my-exams.ts): the calendar's head and every course's events.
 * The head leaves the calendar's name and description to chosenCalendar, which names the courses it holds.
 * A course's feed and the feed of chosen courses are both joined from it, so the server's answer and the file agree.
 */
export function examTermData(term: ExamTerm, ctx: ExamFeedContext): ExamTermData {
  const zone = sessionZone(term.term.year, term.term.year);
  const head = calendarFile(CALENDAR_NAME, CALENDAR_ABOUT, [], zone, 'Final exams').replace(/END:VCALENDAR\r\n$/, '');
  const courses: ExamTermData['courses'] = {};
  for (const c of term.courses) courses[c.key] = { course: c.course, events: courseEvents(term, c, ctx) };
  return { term: term.term.code, label: term.term.label, head, courses };
}

const termData = new WeakMap<ExamTerm, ExamTermData>();

/** A term's data made once per term (examTermData): the term's JSON and each course's feed share it. */
export function examTermDataOnce(term: ExamTerm, ctx: ExamFeedContext): ExamTermData {
  let data = termData.get(term);
  if (!data) termData.set(term, (data = examTermData(term, ctx)));
  return data;
}

/** A course's feed in a term (`exams/1139/CS135.ics`): its events joined as the server joins them. */
export function courseFeed(term: ExamTerm, course: ExamCourse, ctx: ExamFeedContext): string {
  return chosenCalendar(examTermDataOnce(term, ctx), [course.key]);
}
