// Where the students' exam pages and feeds are published, site-relative (src/core/site/paths.ts keeps the rest).

/** A course's key in paths and in `?courses=`: its subject and number without the space, upper case (`CS135`). */
export function courseKey(course: string): string {
  return course.replace(/\s+/g, '').toUpperCase();
}

/** Site-relative paths of the exam pages, feeds and per-term data. */
export const examPaths = {
  /** The index of terms. */
  home: 'exams/',
  /** A term's page: its exams by course. */
  term: (term: string) => `exams/${term}/`,
  /** A term's exams as data for "My exams": each course's events, ready to join (exam-ics.ts). */
  termData: (term: string) => `exams/${term}.json`,
  /** A course's feed in a term. */
  courseFeed: (term: string, course: string) => `exams/${term}/${courseKey(course)}.ics`,
  /** The feed of the courses a URL names (`?courses=CS135,MATH137`), which only the server and the edge answer. */
  chosenFeed: (term: string) => `exams/${term}.ics`,
  /** Where Astro renders the shell the build fills per exam page (and then removes). */
  shell: 'exam-shell/',
};
