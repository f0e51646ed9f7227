// The final exams read for students: each term's courses and their sittings, with dates and
// times parsed once (the published records keep the schedule's texts).
import type { ExamSitting } from '../records/exam-schedule-record.ts';
import { type CalendarDate, parseClockTime } from '../records/session-time.ts';
import { parseTermCode, type Term } from '../records/term.ts';
import { courseKey } from '../site/exam-paths.ts';

/** A sitting as students read it: the published values, and its date and times when it has them. */
export interface ExamSittingOf {
  section: string;
  /** The date and times in minutes after midnight; undefined when the schedule gives no sitting (see notes). */
  when?: { date: CalendarDate; start: number; end: number };
  location: string;
  notes: string;
}

/** A course's exam in a term. */
export interface ExamCourse {
  course: string;
  /** `CS135`: in paths and in `?courses=`. */
  key: string;
  sittings: ExamSittingOf[];
}

/** A term's exams, by course in the schedule's order of courses (sorted by course). */
export interface ExamTerm {
  term: Term;
  courses: ExamCourse[];
}

/** What the reader made of one course in one term (the data set's `courses` table). */
export interface ExamCourseValues {
  term: string;
  course: string;
  sections: readonly ExamSitting[];
}

/** `2013-12-13` as a calendar date, or undefined. */
function isoToDate(text: string | null): CalendarDate | undefined {
  const m = text === null ? null : /^(\d{4})-(\d\d)-(\d\d)$/.exec(text);
  return m ? { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) } : undefined;
}

/** A published sitting with its date and times read. */
function sittingOf(s: ExamSitting): ExamSittingOf {
  const date = isoToDate(s.date);
  const start = s.start_time === null ? undefined : parseClockTime(s.start_time);
  const end = s.end_time === null ? undefined : parseClockTime(s.end_time);
  const base = { section: s.section, location: (s.location ?? '').trim(), notes: s.notes };
  if (!date || !start?.ok) return base;
  return { ...base, when: { date, start: start.value, end: end?.ok ? end.value : start.value } };
}

/** Every term with exams, newest first, each with its courses in order of course (subject, then number). */
export function examTerms(records: readonly ExamCourseValues[]): ExamTerm[] {
  const byTerm = new Map<string, ExamCourse[]>();
  for (const r of records) {
    const course = { course: r.course, key: courseKey(r.course), sittings: r.sections.map(sittingOf) };
    const list = byTerm.get(r.term);
    if (list) list.push(course);
    else byTerm.set(r.term, [course]);
  }
  const terms: ExamTerm[] = [];
  for (const [code, courses] of byTerm) {
    const term = parseTermCode(code);
    if (!term) continue;
    courses.sort((a, b) => a.course.localeCompare(b.course, 'en', { numeric: true }));
    terms.push({ term, courses });
  }
  return terms.sort((a, b) => b.term.code.localeCompare(a.term.code));
}

/** Whether a record's values are a course's exams in a term (the exam schedule's `courses` table). */
export function isExamCourse<T extends object>(values: T): values is T & ExamCourseValues {
  const v = values as Partial<Record<keyof ExamCourseValues, unknown>>;
  return typeof v.term === 'string' && typeof v.course === 'string' && Array.isArray(v.sections);
}
