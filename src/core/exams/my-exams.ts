// "My exams": one calendar of the courses a student picks, joined from a term's exam data
// (exam-ics.ts makes it at build time, every text already escaped and folded per RFC 5545).
// Plain string work (and the line folding, which uses no Node API either), so the browser's script
// and the server (the Worker and `npm start`) run the same code.

import { foldLine } from '../calendar/fold-line.ts';

/** A term's exams as data: the calendar's head (with the time zone) and each course's events, by course key. */
export interface ExamTermData {
  term: string;
  label: string;
  /**
   * The calendar up to its first event: content lines, each ended by CRLF; its name and description are the lines
   * `X-WR-CALNAME:${CALENDAR_NAME}` and `X-WR-CALDESC:${CALENDAR_ABOUT}`, which chosenCalendar fills in.
   */
  head: string;
  courses: Record<string, { course: string; events: string[] }>;
}

/** A course as one may type it: subject letters and a number, perhaps a letter or two after (`CS135`, `BUS461UW`). */
const COURSE = /^[A-Z]{2,8}\d{2,4}[A-Z]{0,3}$/;

/** The course keys a list names (`CS135,math 137`), or the first item that is not a course. */
export function parseCourseList(text: string): { keys: string[] } | { bad: string } {
  const keys: string[] = [];
  for (const item of text.split(',')) {
    const key = item.replace(/\s+/g, '').toUpperCase();
    if (key === '') continue;
    if (!COURSE.test(key)) return { bad: item.trim() };
    if (!keys.includes(key)) keys.push(key);
  }
  return { keys };
}

/** The first key of `keys` that has no exam in the term, if any. */
export function unknownCourse(data: ExamTermData, keys: readonly string[]): string | undefined {
  return keys.find((k) => !Object.hasOwn(data.courses, k));
}

/** The head's stand-ins for the calendar's name and description, filled in by chosenCalendar. */
export const CALENDAR_NAME = '{name}';
export const CALENDAR_ABOUT = '{description}';

/** A TEXT value escaped (RFC 5545, 3.3.11). */
const escaped = (text: string) => text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/**
 * The calendar's name and description for the chosen courses (`CS 135 / MATH 137`) of the term, in words without
 * commas or semicolons: readers that take X-WR-CALNAME as unknown (ical.js) would show their escapes.
 */
function calendarWords(data: ExamTermData, courses: string[], exams: number): string {
  const named = courses.join(' / ') || 'no course';
  const name = `${data.label} exams: ${named}`;
  const count = `${exams} exam${exams === 1 ? '' : 's'}`;
  const about = `Final exams of ${named} in ${data.label} from the Registrar's schedule: ${count}.`;
  return `${foldLine(`X-WR-CALNAME:${escaped(name)}`)}\r\n${foldLine(`X-WR-CALDESC:${escaped(about)}`)}\r\n`;
}

/** The calendar of the chosen courses' exams (keys the term has), in the order given, named by its courses. */
export function chosenCalendar(data: ExamTermData, keys: readonly string[]): string {
  const known = keys.filter((k) => Object.hasOwn(data.courses, k)).map((k) => data.courses[k]!);
  const events = known.flatMap((c) => c.events);
  const words = calendarWords(
    data,
    known.map((c) => c.course),
    events.length,
  );
  const head = data.head.replace(`X-WR-CALNAME:${CALENDAR_NAME}\r\nX-WR-CALDESC:${CALENDAR_ABOUT}\r\n`, () => words);
  return `${head}${events.join('')}END:VCALENDAR\r\n`;
}
