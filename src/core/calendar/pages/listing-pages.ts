import type { RenderContext } from '../../site/address.ts';
import { monthsWithin, termsWithin } from '../calendar.ts';
import type { Session } from '../session.ts';
import type { ListingPage } from './listing-page.ts';
import { monthPage } from './month-page.ts';
import { termPage } from './term-page.ts';

export type { ListingPage } from './listing-page.ts';
export { monthPage } from './month-page.ts';
export { termPage } from './term-page.ts';

/**
 * Every month with sessions and every term, one page at a time. A month without sessions gets
 * no page: nothing links to it (pagers skip it, the lists name only months with sessions), and
 * a page saying "none" would only be a dead end.
 */
export function* listingPages(sessions: readonly Session[], ctx: Pick<RenderContext, 'url' | 'basePath'>): Generator<ListingPage> {
  const months = monthsWithin(sessions).filter((m) => m.sessions.length > 0);
  for (let i = 0; i < months.length; i++) yield monthPage({ month: months[i]!, prev: months[i - 1], next: months[i + 1] }, ctx);
  const terms = termsWithin(sessions);
  for (let i = 0; i < terms.length; i++) yield termPage({ ...terms[i]!, prev: terms[i + 1]?.term, next: terms[i - 1]?.term }, ctx);
}
