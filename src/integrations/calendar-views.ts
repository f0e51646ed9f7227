// The views of the calendar's single pages, made from a build's context: what their holes
// (page-holes.ts) are filled from in a build (calendar-holes.ts), and what the pages render under `astro dev`.

import { archiveNotice } from '../core/calendar/pages/archive-notice.ts';
import { type FeedsPageView, feedsPageView } from '../core/calendar/pages/feeds-page.ts';
import {
  type CalendarIndexView,
  type CalendarSource,
  calendarIndexView,
  type FrontPageView,
  frontPageView,
  sessionsWindowView,
} from '../core/calendar/pages/front-page.ts';
import type { UpcomingWindowView } from '../core/calendar/pages/upcoming.ts';

/** The views of the calendar's single pages, each made when a hole first needs it. */
export interface CalendarViews {
  front(): FrontPageView;
  index(): CalendarIndexView;
  feeds(): FeedsPageView;
  window(): UpcomingWindowView;
}

/** What a build's pages are made from (a build's context), as views made once each. */
export function calendarViews(source: CalendarSource): CalendarViews {
  const once = <T>(make: () => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  return {
    front: once(() => frontPageView(source)),
    index: once(() => calendarIndexView(source)),
    feeds: once(() => ({
      ...feedsPageView(source.feeds, source.render),
      archive: archiveNotice(source.sessions, source.render.timestamp),
    })),
    window: once(() => sessionsWindowView(source)),
  };
}
