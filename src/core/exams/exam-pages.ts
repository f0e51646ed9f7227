// The exam pages' views (plain data; src/components/exams/ renders them): the index of terms, and
// a term's page listing its exams by course, each room linked to its building's page.
import type { BuildingLookup } from '../buildings/location.ts';
import { dayLabel, timeRange } from '../calendar/format.ts';
import { isoTime } from '../calendar/session.ts';
import { isoDate } from '../records/session-time.ts';
import { examPaths } from '../site/exam-paths.ts';
import { withBase } from '../site/paths.ts';
import type { ExamArchiveView } from './exam-archive.ts';
import type { ExamCourse, ExamSittingOf, ExamTerm } from './exam-term.ts';

/** A building's rooms as a sitting names them (`PAC 1,2,3`), with the building's page when there is one. */
export interface ExamRoomsView {
  text: string;
  href?: string;
}

/** One sitting's row: its sections, when (when the schedule gives it), its rooms, its notes. */
export interface ExamSittingView {
  section: string;
  day?: string;
  /** `2013-12-13T12:30`: for the `<time>` element. */
  datetime?: string;
  time?: string;
  rooms: ExamRoomsView[];
  notes: string;
}

/** A course's exams on its term's page: its name (what the finder reads, course-finder.ts), its feed, its sittings. */
export interface ExamCourseView {
  course: string;
  key: string;
  id: string;
  feedHref: string;
  sittings: ExamSittingView[];
}

/** A term as the index and the term pages' pager list it. */
export interface ExamTermLink {
  code: string;
  label: string;
  href: string;
  courses: number;
  sittings: number;
}

/** A term's exam page. */
export interface ExamTermView {
  kind: 'term';
  title: string;
  summary: string;
  code: string;
  label: string;
  homeHref: string;
  /** The term's data for "My exams" (my-exams.ts), and the feed of chosen courses the server answers. */
  dataHref: string;
  chosenFeedHref: string;
  courses: ExamCourseView[];
  /** The courses by subject (`CS`), in the courses' order: each a fold of the page. */
  subjects: ExamSubjectView[];
  terms: ExamTermLink[];
  /** What the page says when the schedules are an archive (examArchive); none while current. */
  archive?: ExamArchiveView | undefined;
}

/** A subject's courses on a term's exam page: one fold, closed until opened or found. */
export interface ExamSubjectView {
  subject: string;
  id: string;
  courses: ExamCourseView[];
}

/** The index of terms. */
export interface ExamIndexView {
  kind: 'index';
  title: string;
  summary: string;
  terms: ExamTermLink[];
  /** What the page says when the schedules are an archive (examArchive); none while current. */
  archive?: ExamArchiveView | undefined;
}

/** Any exam page's view. */
export type ExamPageView = ExamTermView | ExamIndexView;

/** A sitting's location cut into buildings' rooms: `DC 1350,1351,MC 1085` → `DC 1350,1351`, `MC 1085`. */
export function roomGroups(location: string): string[] {
  const groups: string[] = [];
  for (const part of location.split(',').map((p) => p.trim())) {
    if (part === '') continue;
    if (groups.length === 0 || /^[A-Za-z]/.test(part)) groups.push(part);
    else groups[groups.length - 1] += `,${part}`;
  }
  return groups;
}

/** A sitting's row, its rooms linked through `lookup`. */
function sittingView(s: ExamSittingOf, lookup: BuildingLookup, basePath: string): ExamSittingView {
  const rooms = roomGroups(s.location).map((text) => {
    const b = lookup(text);
    return b?.page ? { text, href: withBase(basePath, b.page) } : { text };
  });
  const base = { section: s.section, rooms, notes: s.notes };
  if (!s.when) return base;
  const { date, start, end } = s.when;
  return { ...base, day: dayLabel(date), datetime: `${isoDate(date)}T${isoTime(start)}`, time: timeRange(start, end) };
}

/** A course's block on its term's page. */
function courseView(term: string, c: ExamCourse, lookup: BuildingLookup, basePath: string): ExamCourseView {
  const feedHref = withBase(basePath, examPaths.courseFeed(term, c.course));
  const sittings = c.sittings.map((s) => sittingView(s, lookup, basePath));
  return { course: c.course, key: c.key, id: `exam-${c.key}`, feedHref, sittings };
}

/** Courses grouped by their subject (the course's first word: `CS 135` is CS's), in their order. */
export function bySubject(courses: readonly ExamCourseView[]): ExamSubjectView[] {
  const subjects = new Map<string, ExamSubjectView>();
  for (const c of courses) {
    const subject = c.course.split(' ')[0]!;
    const fold = subjects.get(subject) ?? { subject, id: `exam-subject-${subject}`, courses: [] };
    fold.courses.push(c);
    subjects.set(subject, fold);
  }
  return [...subjects.values()];
}

/** Each term as the pages link it, newest first. */
export function examTermLinks(terms: readonly ExamTerm[], basePath: string): ExamTermLink[] {
  return terms.map((t) => ({
    code: t.term.code,
    label: t.term.label,
    href: withBase(basePath, examPaths.term(t.term.code)),
    courses: t.courses.length,
    sittings: t.courses.reduce((n, c) => n + c.sittings.length, 0),
  }));
}

/** A term's exam page. */
export function examTermView(
  term: ExamTerm,
  terms: readonly ExamTermLink[],
  lookup: BuildingLookup,
  basePath: string,
  archive?: ExamArchiveView,
): ExamTermView {
  const { code, label } = term.term;
  const courses = term.courses.map((c) => courseView(code, c, lookup, basePath));
  return {
    kind: 'term',
    title: `Final exams, ${label}`,
    summary: `The ${label} final exam schedule: ${term.courses.length} courses, each with its date, time and rooms.`,
    code,
    label,
    homeHref: withBase(basePath, examPaths.home),
    dataHref: withBase(basePath, examPaths.termData(code)),
    chosenFeedHref: withBase(basePath, examPaths.chosenFeed(code)),
    courses,
    subjects: bySubject(courses),
    terms: [...terms],
    archive,
  };
}

/** The index of terms. */
export function examIndexView(terms: readonly ExamTermLink[], archive?: ExamArchiveView): ExamIndexView {
  const span = terms.length > 0 ? `, ${terms.at(-1)!.label} to ${terms[0]!.label}` : '';
  return {
    kind: 'index',
    title: 'Final exams',
    summary: `The final exam schedules of ${terms.length} terms${span}: find a course's exam, or make your calendar.`,
    terms: [...terms],
    archive,
  };
}
