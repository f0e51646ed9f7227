// The feed of the exams a URL names, `/exams/<term>.ics?courses=CS135,MATH137`: assembled from the
// term's data the build wrote (`/exams/<term>.json`, src/core/exams/exam-ics.ts), by the same code as
// the page's download (my-exams.ts). A missing, malformed or unknown course or term is a 400 or 404
// in one plain line that names it and says how to fix it.
import { chosenCalendar, type ExamTermData, parseCourseList, unknownCourse } from '../core/exams/my-exams.ts';
import { examPaths } from '../core/site/exam-paths.ts';
import { CONTENT_TYPES } from '../core/site/http-policy.ts';
import type { Asked, Service } from './handler.ts';
import { answer, errorAnswer } from './made-answer.ts';

/** `/exams/1139.ics`: the path of a term's feed of chosen courses; `/exams/1139/CS135.ics`: a course's feed. */
const CHOSEN_FEED = /^\/exams\/([^/]*)\.ics$/;
const COURSE_FEED = /^\/exams\/([^/]*)\/([^/]*)\.ics$/;

/** The term and the courses a feed's path and query name (its `courses`), or undefined for any other path. */
function feedAsked(asked: Asked): { term: string; list: string | null } | undefined {
  const course = COURSE_FEED.exec(asked.local);
  if (course) return { term: course[1]!, list: course[2]! };
  const term = CHOSEN_FEED.exec(asked.local)?.[1];
  return term === undefined ? undefined : { term, list: asked.query.get('courses') };
}

/** A plain one-line refusal. */
function refuse(service: Service, status: number, detail: string): Response {
  return errorAnswer({ status, detail, format: undefined }, service.now());
}

/** The term's exam data, or undefined when the build wrote none for it. */
async function termData(service: Service, asked: Asked, term: string): Promise<ExamTermData | undefined> {
  if (!/^\d{4}$/.test(term)) return undefined;
  const file = await service.files.find(asked.version, `/${examPaths.termData(term)}`);
  return file ? (JSON.parse(await file.text()) as ExamTermData) : undefined;
}

/** The feed of the courses a request names, its refusal, or undefined when the path is not such a feed. */
export async function answerChosenExams(service: Service, asked: Asked): Promise<Response | undefined> {
  const feed = feedAsked(asked);
  if (feed === undefined) return undefined;
  const { term, list } = feed;
  const example = `/exams/${term}.ics?courses=CS135,MATH137`;
  const data = await termData(service, asked, term);
  const home = `${service.basePath}${examPaths.home}`;
  if (!data) return refuse(service, 404, `no exam schedule for term "${term}": pick a term listed at ${home}.`);
  if (!list) return refuse(service, 400, `name your courses, e.g. ${example}.`);
  const parsed = parseCourseList(list);
  if ('bad' in parsed) {
    return refuse(service, 400, `"${parsed.bad}" is not a course: write subject and number, e.g. ${example}.`);
  }
  if (parsed.keys.length === 0) return refuse(service, 400, `name your courses, e.g. ${example}.`);
  const unknown = unknownCourse(data, parsed.keys);
  if (unknown) {
    const page = `${service.basePath}${examPaths.term(term)}`;
    return refuse(service, 404, `${unknown} has no exam in ${data.label}: check it on ${page} and fix courses=.`);
  }
  const headers = { 'Content-Type': CONTENT_TYPES.ics!, 'Cache-Control': 'public, max-age=3600' };
  return answer(200, headers, chosenCalendar(data, parsed.keys));
}
