import { campusDay } from '../../records/campus-clock.ts';
import { isoDate } from '../../records/session-time.ts';
import { dayLabel } from '../format.ts';
import type { Session } from '../session.ts';

/**
 * The notice of an archive (src/components/calendar/ArchiveNotice.astro): the data ends on its newest session's day,
 * and a subscription adds no future event until new sessions come. Shown as built when the build's day is past that
 * day; the script (src/scripts/archive-notice.ts) decides again by the visitor's clock.
 */
export interface ArchiveNoticeView {
  /** The newest session's day, `2015-03-17`. */
  newest: string;
  /** `Tue, Mar 17, 2015`. */
  label: string;
  /** Shown as built: the build's day is after `newest`. */
  shown: boolean;
}

/** The archive notice of `sessions` (in time order, all-day notes skipped) by the build's clock; none without one. */
export function archiveNotice(
  sessions: readonly Session[],
  timestamp: number | undefined,
): ArchiveNoticeView | undefined {
  const last = sessions.findLast((s) => !s.allDay);
  if (!last) return undefined;
  const newest = isoDate(last.date);
  const shown = timestamp !== undefined && campusDay(timestamp) > newest;
  return { newest, label: dayLabel(last.date), shown };
}
