// Whether the exam schedules are current, said on the exam pages: from the same source of truth as the data portal's
// stale notice (the data set's update promise and its newest record: `staleness`, src/core/datasets/freshness.ts,
// which the build asks: src/pipeline/exam-stage.ts).
import { dayLabel } from '../calendar/format.ts';
import type { ExamTerm } from './exam-term.ts';

/** What the exam pages say of an archive (src/components/exams/ExamArchiveNotice.astro): data only. */
export interface ExamArchiveView {
  /** The newest term with a schedule, `Fall 2019`. */
  lastTerm: string;
  /** The newest exam's day, `Fri, Dec 20, 2019`. */
  newest: string;
  /** The source's promise, `each term's schedule published before its exams, three terms a year`. */
  promise: string;
}

/** How the exam schedules break their source's promise at a build: their newest sitting's day, and the promise. */
export interface ExamStaleness {
  /** `2019-12-20`. */
  newest: string;
  promise: string;
}

/**
 * The exam pages' archive notice when the schedules are older than their source promises at the build (`stale`, none
 * while they keep it); `terms`: newest first.
 */
export function examArchive(stale: ExamStaleness | undefined, terms: readonly ExamTerm[]): ExamArchiveView | undefined {
  const last = terms[0];
  if (!stale || !last) return undefined;
  const [year, month, day] = stale.newest.split('-').map(Number) as [number, number, number];
  return { lastTerm: last.term.label, newest: dayLabel({ year, month, day }), promise: stale.promise };
}
