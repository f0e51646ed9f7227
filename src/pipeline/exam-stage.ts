// The students' exams in a build: each term's courses read from the exam schedule's records, their
// feeds and "My exams" data (made only when what they are made from changed), and their pages filled
// into the exam shell Astro rendered.
import type { BuildingLookup } from '../core/buildings/location.ts';
import { staleness } from '../core/datasets/freshness.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import { type ExamArchiveView, examArchive } from '../core/exams/exam-archive.ts';
import type { ExamFeedContext } from '../core/exams/exam-ics.ts';
import { examFeedFiles, examPageSources } from '../core/exams/exam-outputs.ts';
import type { ExamPageView } from '../core/exams/exam-pages.ts';
import { type ExamTerm, examTerms, isExamCourse } from '../core/exams/exam-term.ts';
import type { PageShell } from '../integrations/page-components.ts';
import type { BuildContext } from './context.ts';
import { digested, filled } from './digested-files.ts';
import type { InputDigests } from './input-digests.ts';
import type { OutputFile } from './output-files.ts';

/** The data set and table the exams are read from. */
const EXAM_SET = 'exam-schedule';

const termsOf = new WeakMap<BuildContext, ExamTerm[]>();

/** The terms of the build's exam schedule, newest first (none when the data folder has no exam schedule). */
export function examTermsOf(context: Pick<BuildContext, 'site'>): ExamTerm[] {
  const key = context as BuildContext;
  let terms = termsOf.get(key);
  if (!terms) {
    const records = context.site.datasets[EXAM_SET]?.courses ?? [];
    terms = examTerms(records.map((r) => r.values).filter(isExamCourse));
    termsOf.set(key, terms);
  }
  return terms;
}

/** What the exam pages say when the schedules are older than their source promises at the build (else none). */
export function examArchiveOf(context: Pick<BuildContext, 'site' | 'render'>): ExamArchiveView | undefined {
  const stale = staleness(DATASETS[EXAM_SET]!, context.site.datasets[EXAM_SET] ?? {}, context.render.timestamp);
  return examArchive(stale, examTermsOf(context));
}

/** Where the exams' events link, and when the schedule last changed (else the build's timestamp). */
function feedContext(context: BuildContext): ExamFeedContext {
  return { url: context.render.url, revised: context.dataTimes?.[EXAM_SET] ?? context.render.timestamp ?? 0 };
}

/** Each term's "My exams" data and each course's feed in each term. */
export function examFiles(context: BuildContext, digests: InputDigests): Iterable<OutputFile> {
  return digested(examFeedFiles(examTermsOf(context), feedContext(context)), digests);
}

/** The index of terms and each term's page, filled into the exam shell. */
export function* examPageFiles(
  context: BuildContext,
  shell: PageShell<ExamPageView>,
  digests: InputDigests,
  buildings: BuildingLookup,
): Generator<OutputFile> {
  const archive = examArchiveOf(context);
  for (const page of examPageSources(examTermsOf(context), buildings, context.render.basePath, archive)) {
    yield filled(digests, shell, page.path, page.parts);
  }
}
