// Whether the exam schedules are current: the same source of truth as the data portal's stale notice (the data set's
// update promise and its newest record, src/core/datasets/freshness.ts), said on the exam pages.
import { dayLabel } from '../calendar/format.ts';
import type { Tables } from '../datasets/dataset.ts';
import { staleness } from '../datasets/freshness.ts';
import { dataset as examSchedule } from '../datasets/sets/exam-schedule.ts';
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

/**
 * The exam pages' archive notice when the schedules' newest sitting is older than their source promises at the
 * build's time (Unix seconds); none while they keep the promise. `tables`: the exam-schedule data set's tables;
 * `terms`: its terms, newest first.
 */
export function examArchive(
  tables: Partial<Tables>,
  terms: readonly ExamTerm[],
  timestamp: number,
): ExamArchiveView | undefined {
  const stale = staleness(examSchedule, tables, timestamp);
  const last = terms[0];
  if (!stale || !last) return undefined;
  const [year, month, day] = stale.newest.split('-').map(Number) as [number, number, number];
  return { lastTerm: last.term.label, newest: dayLabel({ year, month, day }), promise: stale.promise };
}
