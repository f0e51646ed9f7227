import { isoDate } from '../../records/session-time.ts';
import type { Rendering } from '../../render/output.ts';
import { rendering } from '../../render/output.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths } from '../../site/paths.ts';
import { monthSlug, monthsWithin, termsWithin } from '../calendar.ts';
import type { Session } from '../session.ts';
import { pastUntil } from '../session-wording.ts';
import { archiveNotice } from './archive-notice.ts';
import type { ListingPage } from './listing-page.ts';
import { monthPage } from './month-page.ts';
import { termPage } from './term-page.ts';

export type { ListingPage } from './listing-page.ts';
export { monthPage } from './month-page.ts';
export { termPage } from './term-page.ts';

/** A listing page to make: where it goes, and what it is made from (made when asked). */
export interface ListingPageSource {
  path: string;
  page: Rendering<ListingPage>;
}

/**
 * Every month with sessions and every term, one page at a time, each made when asked. A month
 * without sessions gets no page: nothing links to it (pagers skip it, the lists name only
 * months with sessions), and a page saying "none" would only be a dead end.
 */
export function* listingPageSources(
  sessions: readonly Session[],
  ctx: Pick<RenderContext, 'url' | 'basePath'> & { timestamp?: number | undefined },
): Generator<ListingPageSource> {
  // Exactly what the pages read of the context: what they are made from names nothing else.
  const at = { url: ctx.url, basePath: ctx.basePath };
  const archive = archiveNotice(sessions, ctx.timestamp);
  const months = monthsWithin(sessions).filter((m) => m.sessions.length > 0);
  for (let i = 0; i < months.length; i++) {
    const month = months[i]!;
    const until = pastUntil(ctx.timestamp, isoDate(month.sessions[0]!.date), isoDate(month.sessions.at(-1)!.date));
    const input = { month, prev: months[i - 1], next: months[i + 1], until, archive };
    yield { path: calendarPaths.month(monthSlug(month)), page: rendering(monthPage, input, at) };
  }
  const terms = termsWithin(sessions);
  for (let i = 0; i < terms.length; i++) {
    const term = terms[i]!;
    const until = pastUntil(ctx.timestamp, isoDate(term.sessions[0]!.date), isoDate(term.sessions.at(-1)!.date));
    const input = { ...term, prev: terms[i + 1]?.term, next: terms[i - 1]?.term, until, archive };
    yield { path: calendarPaths.term(term.term.code), page: rendering(termPage, input, at) };
  }
}

/** Every month with sessions and every term, one page at a time (see listingPageSources). */
export function* listingPages(
  sessions: readonly Session[],
  ctx: Pick<RenderContext, 'url' | 'basePath'> & { timestamp?: number | undefined },
): Generator<ListingPage> {
  for (const source of listingPageSources(sessions, ctx)) yield source.page.make();
}
