// Every output of the students' exams, described for the build (src/core/render/output.ts): the
// index and term pages (views, which the build renders with src/components/exams/ into the exam
// shell), each course's feed per term, and each term's data for "My exams".
import type { BuildingLookup } from '../buildings/location.ts';
import { type OutputSpec, type Rendering, rendering } from '../render/output.ts';
import { examPaths } from '../site/exam-paths.ts';
import type { ExamArchiveView } from './exam-archive.ts';
import { courseFeed, type ExamFeedContext, examTermDataOnce } from './exam-ics.ts';
import { type ExamPageView, examIndexView, examTermLinks, examTermView } from './exam-pages.ts';
import type { ExamTerm } from './exam-term.ts';

/** An exam page: its folder (site-relative) and its view, rendered when asked. */
export interface ExamPageSource {
  path: string;
  parts: Rendering<ExamPageView>;
}

/** The index of terms, then each term's page; each says so when the schedules are an archive (`archive`). */
export function* examPageSources(
  terms: readonly ExamTerm[],
  lookup: BuildingLookup,
  basePath: string,
  archive?: ExamArchiveView,
): Generator<ExamPageSource> {
  const links = examTermLinks(terms, basePath);
  yield { path: examPaths.home, parts: rendering(examIndexView, links, archive) };
  for (const term of terms) {
    const parts = rendering(examTermView, term, links, lookup, basePath, archive);
    yield { path: examPaths.term(term.term.code), parts };
  }
}

/** Each term's data for "My exams" (JSON), then each course's feed in each term. */
export function* examFeedFiles(terms: readonly ExamTerm[], ctx: ExamFeedContext): Generator<OutputSpec> {
  for (const term of terms) {
    const path = examPaths.termData(term.term.code);
    yield { path, from: [term, ctx], body: () => `${JSON.stringify(examTermDataOnce(term, ctx))}\n` };
  }
  for (const term of terms) {
    for (const course of term.courses) {
      yield {
        path: examPaths.courseFeed(term.term.code, course.course),
        from: [term.term, course, ctx],
        body: () => courseFeed(term, course, ctx),
      };
    }
  }
}

/** An exam page for Astro to render under `astro dev`: its term (none for the index) and its view. */
export interface ExamPage {
  code: string | undefined;
  view: ExamPageView;
}

/** Every exam page, rendered now (see examPageSources). */
export function* examPages(...args: Parameters<typeof examPageSources>): Generator<ExamPage> {
  for (const page of examPageSources(...args)) {
    const view = page.parts.make();
    yield { code: view.kind === 'term' ? view.code : undefined, view };
  }
}
