import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { countSessions, monthLabel, monthSlug, monthsWithin, termsWithin } from '../calendar.ts';
import type { SubscriptionFeeds } from '../feeds.ts';
import { dayLabel } from '../format.ts';
import type { Session } from '../session.ts';
import { type ArchiveNoticeView, archiveNotice } from './archive-notice.ts';
import { type FilterFormView, filterForm } from './filter-form.ts';
import { sessionCount } from './month-page.ts';
import { type FrontListView, frontList, frontSessions, type UpcomingWindowView, upcomingWindow } from './upcoming.ts';

/** What the calendar's single pages (front door, every term, feeds) are made from: a build's context has it. */
export interface CalendarSource {
  /** The sessions in time order. */
  sessions: readonly Session[];
  feeds: SubscriptionFeeds;
  render: RenderContext;
}

/** A term as the lists of terms name it: its page and its count. */
export interface TermLinkView {
  code: string;
  href: string;
  label: string;
  /** `91 sessions`. */
  countText: string;
}

/**
 * The front door's parts made from the sessions (src/components/calendar/FrontFilter.astro,
 * FrontList.astro, FrontTerms.astro): the filter, the first days by the build's clock, the terms.
 */
export interface FrontPageView {
  filter: FilterFormView;
  list: FrontListView;
  terms: TermLinkView[];
}

/** Every term with its months (src/components/calendar/TermCards.astro), under a lead with the counts. */
export interface CalendarIndexView {
  /** `363 sessions in 4 terms, newest first.` */
  lead: string;
  /** The archive notice of the whole data, if any. */
  archive?: ArchiveNoticeView | undefined;
  terms: (TermLinkView & { span: string; months: { href: string; label: string; count: number }[] })[];
}

/** The terms of a source's sessions, newest first (computed once per source). */
const termsOf = new WeakMap<CalendarSource, ReturnType<typeof termsWithin>>();
function terms(source: CalendarSource): ReturnType<typeof termsWithin> {
  let found = termsOf.get(source);
  if (!found) termsOf.set(source, (found = termsWithin(source.sessions)));
  return found;
}

/** The newest term with sessions and the day of its last session. */
function newest(source: CalendarSource): { label: string; last: string } | undefined {
  const t = terms(source)[0];
  return t && { label: t.term.label, last: dayLabel(t.sessions.at(-1)!.date) };
}

function termLink(source: CalendarSource, t: ReturnType<typeof termsWithin>[number]): TermLinkView {
  const href = withBase(source.render.basePath, calendarPaths.term(t.term.code));
  return { code: t.term.code, href, label: t.term.label, countText: sessionCount(countSessions(t.sessions)) };
}

/** The front door's parts, as the build sees them. */
export function frontPageView(source: CalendarSource): FrontPageView {
  const listed = frontSessions(source.feeds.newestTerms, newest(source), source.render);
  return {
    filter: filterForm(listed, source.render, true),
    list: {
      ...frontList(source.feeds.newestTerms, newest(source), source.render),
      archive: archiveNotice(source.sessions, source.render.timestamp),
    },
    terms: terms(source).map((t) => termLink(source, t)),
  };
}

/** `term`, `terms`. */
const termWord = (n: number) => (n === 1 ? 'term' : 'terms');

/** Every term with its months, newest first. */
export function calendarIndexView(source: CalendarSource): CalendarIndexView {
  const all = terms(source);
  const at = (target: string) => withBase(source.render.basePath, target);
  return {
    lead: `${sessionCount(countSessions(source.sessions))} in ${all.length} ${termWord(all.length)}, newest first.`,
    archive: archiveNotice(source.sessions, source.render.timestamp),
    terms: all.map((t) => ({
      ...termLink(source, t),
      span: `${dayLabel(t.sessions[0]!.date)} to ${dayLabel(t.sessions.at(-1)!.date)}`,
      months: monthsWithin(t.sessions)
        .filter((m) => m.sessions.length > 0)
        .map((m) => ({
          href: at(calendarPaths.month(monthSlug(m))),
          label: monthLabel(m),
          count: countSessions(m.sessions),
        })),
    })),
  };
}

/** The front door's script's window (infosessions/sessions.json), its days as views. */
export function sessionsWindowView(source: CalendarSource): UpcomingWindowView {
  return upcomingWindow(source.feeds.newestTerms, source.render, newest(source));
}
