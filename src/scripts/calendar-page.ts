import { attachFeedFinder } from './feed-finder.ts';
import { attachSearch } from './session-search.ts';
import { attachCopyButtons, attachFilters } from './session-filter.ts';

/**
 * The calendar's one script (one module, so the build inlines it whole: the CSP allows no
 * script files): session filters, the feeds page's finder, the search across terms and the
 * copy buttons, each where its markup is on the page.
 */
export function attachCalendar(): void {
  attachCopyButtons();
  attachFilters();
  attachFeedFinder();
  attachSearch();
}
