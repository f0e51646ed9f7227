import { markArchive } from './archive-notice.ts';
import { attachBuildingFinder } from './building-finder.ts';
import { moveEndedSessions } from './building-sessions.ts';
import { attachDirections } from './directions.ts';
import { attachFeedFinder } from './feed-finder.ts';
import { showThisWeek } from './front-door.ts';
import { markPast } from './past.ts';
import { orderSubscribeOptions, platformOf } from './platform.ts';
import { attachCopyButtons, attachFilterLinks, attachFilters } from './session-filter.ts';
import { attachSearch } from './session-search.ts';
import { markToday } from './today.ts';

/**
 * The script of every page that has one but a session's (one module, so the build inlines it
 * whole: the CSP allows no script files; a session page has session-page.ts): the subscribe
 * options in the visitor's platform's order, session filters and the links that carry them, the
 * feeds page's finder, the search across terms, the copy buttons, the front door's days by the
 * visitor's clock and today's mark, a building's sessions by the visitor's clock and the directions links
 * to the visitor's maps app, each where its markup is.
 */
export function attachCalendar(): void {
  const platform = platformOf(navigator.userAgent);
  orderSubscribeOptions(platform);
  attachDirections(platform);
  attachCopyButtons();
  attachFilters();
  attachFilterLinks();
  attachFeedFinder();
  attachBuildingFinder();
  attachSearch();
  markPast();
  markArchive();
  moveEndedSessions();
  // The front door's lists arrive first, so today and the past are marked in them too.
  void showThisWeek().then(() => {
    markPast();
    markToday();
  });
}
