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
  const steps = [
    // First, so in the script's own run: a remembered filter is chosen again before the page's load event.
    attachFilters,
    () => orderSubscribeOptions(platform),
    () => attachDirections(platform),
    attachCopyButtons,
    attachFilterLinks,
    attachFeedFinder,
    attachBuildingFinder,
    attachSearch,
    markPast,
    markArchive,
    moveEndedSessions,
  ];
  void inTurns(steps).then(() =>
    // The front door's lists arrive first, so today and the past are marked in them too.
    showThisWeek().then(() => {
      markPast();
      markToday();
    }),
  );
}

/**
 * Runs each step in a task of its own, in order: a phone then answers a tap between them, where the steps in one
 * task would block it for a quarter of a second. What the page shows at start is laid out from its markup, so
 * nothing moves meanwhile.
 */
async function inTurns(steps: readonly (() => void)[]): Promise<void> {
  for (const step of steps) {
    step();
    await new Promise((next) => setTimeout(next, 0));
  }
}
