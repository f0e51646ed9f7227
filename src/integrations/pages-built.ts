// What Astro's pages read in a build (`virtual:campus/context`, set up by build-context.ts): the
// page context the build hands over, no calendar views (the calendar's single pages render their holes' markers,
// which the build fills: calendar-holes.ts), and no calendar, building, method or data portal pages (the build
// fills those into shells).

import type { CalendarPage } from '../core/calendar/pages/calendar-pages.ts';
import type { ExamPage } from '../core/exams/exam-outputs.ts';
import type { BuildingPage } from '../core/pages/building-page.ts';
import type { MethodPage } from '../core/pages/method-page.ts';
import type { PageContext } from '../core/pages/page-context.ts';
import type { CalendarViews } from './calendar-views.ts';
import type { DataPage } from './data-pages.ts';

/** The virtual module's exports in a build, from the page context's JSON. */
export function builtPages(pageContextJson: string) {
  return {
    pages: JSON.parse(pageContextJson) as PageContext,
    calendarViews: (): CalendarViews | undefined => undefined,
    calendarPageList: (): CalendarPage[] => [],
    buildingPageList: (): BuildingPage[] => [],
    methodPageList: (): MethodPage[] => [],
    dataPageList: (): DataPage[] => [],
    examPageList: (): ExamPage[] => [],
  };
}
