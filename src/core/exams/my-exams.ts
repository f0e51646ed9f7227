// "My exams": one calendar of the courses a student picks, joined from a term's exam data
// (exam-ics.ts makes it at build time, every text already escaped and folded per RFC 5545).
// Plain string work with no imports, so the browser's script and the server (the Worker and
// `npm start`) run the same code.

/** A term's exams as data: the calendar's head (with the time zone) and each course's events, by course key. */
export interface ExamTermData {
  term: string;
  label: string;
  /** The calendar up to its first event: content lines, each ended by CRLF. */
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

/** The calendar of the chosen courses' exams (keys the term has), in the order given. */
export function chosenCalendar(data: ExamTermData, keys: readonly string[]): string {
  const events = keys.flatMap((k) => (Object.hasOwn(data.courses, k) ? data.courses[k]!.events : []));
  return `${data.head}${events.join('')}END:VCALENDAR\r\n`;
}
