import type { Term } from '../../records/term.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { byDay, countSessions, monthLabel, monthSlug, monthsWithin } from '../calendar.ts';
import { termFeedName } from '../feeds.ts';
import { dayLabel } from '../format.ts';
import type { Session } from '../session.ts';
import type { ArchiveNoticeView } from './archive-notice.ts';
import { type FeedLinksView, feedHead, feedLinksView } from './feed-links.ts';
import { type FilterFormView, filterForm } from './filter-form.ts';
import type { ListingPage } from './listing-page.ts';
import { sessionCount } from './month-page.ts';
import type { PagerView } from './pager.ts';
import { allPast, type DayView, dayView } from './session-list.ts';

/** A term with its sessions (in time order), and the terms with sessions before and after it. */
export interface TermPageInput {
  term: Term;
  sessions: readonly Session[];
  prev?: Term | undefined;
  next?: Term | undefined;
  /** The day before which its days had passed at the build (pastUntil); '' for none. */
  until?: string;
  /** The archive notice of the whole data (archiveNotice). */
  archive?: ArchiveNoticeView | undefined;
}

/** A month of a term's agenda: its anchor, name, month page, count, and days. */
export interface TermMonth {
  anchor: string;
  label: string;
  href: string;
  count: number;
  days: DayView[];
}

/**
 * A term's page (src/components/calendar/TermBody.astro): its dates and feed, pagers to the terms
 * around it at both ends, jumps to its months, the filter, and its sessions as an agenda, month by
 * month and day by day. Students read the term's name; its code stays in the address.
 */
export interface TermBodyView {
  label: string;
  countText: string;
  /** `Mon, Jan 6, 2014` to `Fri, Apr 4, 2014`; undefined without sessions. */
  span: { from: string; to: string } | undefined;
  allPast: boolean;
  /** The archive notice of the whole data, if any. */
  archive?: ArchiveNoticeView | undefined;
  feed: FeedLinksView;
  pager: PagerView;
  filter: FilterFormView;
  months: TermMonth[];
}

/** A term's page as data. */
export function termPage(
  { term, sessions, prev, next, until = '', archive }: TermPageInput,
  ctx: Pick<RenderContext, 'url' | 'basePath'>,
): ListingPage {
  const at = (path: string) => withBase(ctx.basePath, path);
  const link = (t: Term | undefined) => t && { href: at(calendarPaths.term(t.code)), text: t.label };
  const count = countSessions(sessions);
  const first = sessions[0];
  const last = sessions[sessions.length - 1];
  const months = monthsWithin(sessions)
    .filter((m) => m.sessions.length > 0)
    .map((m) => ({
      anchor: `m${monthSlug(m).replace('/', '-')}`,
      label: monthLabel(m),
      href: at(calendarPaths.month(monthSlug(m))),
      count: countSessions(m.sessions),
      days: byDay(m.sessions).map((day) => dayView(day, ctx, until)),
    }));
  const body: TermBodyView = {
    label: term.label,
    countText: sessionCount(count),
    span: first && last ? { from: dayLabel(first.date), to: dayLabel(last.date) } : undefined,
    allPast: allPast(until),
    archive,
    feed: feedLinksView(calendarPaths.termFeed(term.code), term.label, ctx),
    pager: {
      label: 'Terms',
      prev: link(prev),
      up: { href: at(calendarPaths.home), text: 'All terms' },
      next: link(next),
    },
    filter: filterForm(sessions, ctx),
    months,
  };
  const head = feedHead(calendarPaths.termFeed(term.code), termFeedName(term.label), ctx);
  const summary = `${count} employer information sessions in ${term.label}.`;
  return { kind: 'term', path: calendarPaths.term(term.code), title: `Sessions in ${term.label}`, summary, head, body };
}
