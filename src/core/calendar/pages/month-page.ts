import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { countSessions, type MonthKey, monthGrid, monthLabel, monthSlug, WEEKDAYS } from '../calendar.ts';
import { termFeedName } from '../feeds.ts';
import { shortMonth } from '../format.ts';
import type { Session } from '../session.ts';
import type { ArchiveNoticeView } from './archive-notice.ts';
import { type FeedHeadView, feedHead } from './feed-links.ts';
import { type FilterFormView, filterForm } from './filter-form.ts';
import type { ListingPage } from './listing-page.ts';
import type { PagerLink, PagerView } from './pager.ts';
import { allPast, type DayView, dayView } from './session-list.ts';

/** `12 sessions`, `1 session`. */
export function sessionCount(n: number): string {
  return `${n} session${n === 1 ? '' : 's'}`;
}

/** A month with its sessions, and the months with sessions around it (empty months are skipped). */
export interface MonthPageInput {
  month: MonthKey & { sessions: Session[] };
  prev: MonthKey | undefined;
  next: MonthKey | undefined;
  /** The day before which its days had passed at the build (pastUntil); '' for none. */
  until?: string;
  /** The archive notice of the whole data (archiveNotice). */
  archive?: ArchiveNoticeView | undefined;
}

/** A square of the month's grid: before the first day (blank), a day without sessions (empty), or a day. */
export type MonthCell = { kind: 'blank' } | { kind: 'empty'; iso: string; day: number } | ({ kind: 'day' } & MonthDay);

/** A day of the month with sessions: its number in the grid, and its list. */
export type MonthDay = DayView & { day: number };

/**
 * A month's page (src/components/calendar/MonthBody.astro): pagers (to the months with sessions
 * around it and to its term) at both ends, the filter, and its days as one list: a seven-column
 * grid on wide screens, an agenda on narrow ones.
 */
export interface MonthBodyView {
  label: string;
  /** Its sessions, not counting all-day notes. */
  count: number;
  /** `12 sessions`. */
  countText: string;
  terms: PagerLink[];
  allPast: boolean;
  /** The archive notice of the whole data, if any. */
  archive?: ArchiveNoticeView | undefined;
  pager: PagerView;
  /** The filter and the grid; undefined for a month without sessions. */
  list: { filter: FilterFormView; weekdays: string[]; cells: MonthCell[] } | undefined;
}

/** A month's page as data. */
export function monthPage(
  { month, prev, next, until = '', archive }: MonthPageInput,
  ctx: Pick<RenderContext, 'url' | 'basePath'>,
): ListingPage {
  const label = monthLabel(month);
  const count = countSessions(month.sessions);
  const at = (path: string) => withBase(ctx.basePath, path);
  const link = (m: MonthKey | undefined) => m && { href: at(calendarPaths.month(monthSlug(m))), text: shortMonth(m) };
  const terms = [...new Map(month.sessions.map((s) => [s.term.code, s.term] as const)).values()];
  const up = terms[0]
    ? { href: at(calendarPaths.term(terms[0].code)), text: terms[0].label }
    : { href: at(calendarPaths.home), text: 'All terms' };
  const cells = monthGrid(month.year, month.month, month.sessions)
    .flat()
    .map((day): MonthCell => {
      if (!day) return { kind: 'blank' };
      if (day.sessions.length === 0) return { kind: 'empty', iso: isoDate(day.date), day: day.date.day };
      return { kind: 'day', day: day.date.day, ...dayView(day, ctx, until) };
    });
  const body: MonthBodyView = {
    label,
    count,
    countText: sessionCount(count),
    terms: terms.map((t) => ({ href: at(calendarPaths.term(t.code)), text: t.label })),
    allPast: allPast(until),
    archive,
    pager: { label: 'Months', prev: link(prev), up, next: link(next) },
    list:
      month.sessions.length > 0
        ? { filter: filterForm(month.sessions, ctx), weekdays: WEEKDAYS.map((d) => d.slice(0, 3)), cells }
        : undefined,
  };
  const head: FeedHeadView | undefined = terms[0]
    ? feedHead(calendarPaths.termFeed(terms[0].code), termFeedName(terms[0].label), ctx)
    : undefined;
  const summary = `${count} employer information sessions in ${label}.`;
  const path = calendarPaths.month(monthSlug(month));
  return { kind: 'month', path, title: `Sessions in ${label}`, summary, head, body };
}
