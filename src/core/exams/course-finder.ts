// The exam page's course finder (src/scripts/exam-page.ts), pure: which courses what a student types finds. A
// subject typed alone finds that subject (`CS`: CS's courses, not PACS's); with a number, the courses of that subject
// whose number starts so (`CS 1`: CS 1xx). Spaces and case aside: `cs135` is `CS 135`.

/** A course as the finder reads it: its subject and catalogue number, lower case (`cs`, `135`; `bus`, `121w`). */
export interface FinderCourse {
  subject: string;
  number: string;
}

/** `CS 135` → `{ subject: 'cs', number: '135' }`: the subject is the first word, the number the rest, spaces aside. */
export function finderCourse(course: string): FinderCourse {
  const [subject = '', ...rest] = course.trim().toLowerCase().split(/\s+/);
  return { subject, number: rest.join('') };
}

/**
 * Which of `courses` the typed text finds, in their order. The text's leading letters name the subject: a subject
 * of the page when one is named so exactly, else every subject they begin (`ACT` while typing `ACTSC`); what
 * follows begins the number. No letters: any subject (`135`); nothing typed: every course.
 */
export function findCourses(typed: string, courses: readonly FinderCourse[]): boolean[] {
  const text = typed.toLowerCase().replace(/\s+/g, '');
  const [, letters = '', number = ''] = /^([a-z]*)(.*)$/s.exec(text)!;
  const exact = courses.some((c) => c.subject === letters);
  const subjectFound = (subject: string) => (exact ? subject === letters : subject.startsWith(letters));
  return courses.map((c) => subjectFound(c.subject) && c.number.startsWith(number));
}
