// What Astro's pages read in a build (`virtual:campus/context`, set up by build-context.ts): the
// page context the build hands over, a marker for each part made from the sessions or records
// (the build fills it in), and no calendar or building pages (the build fills those into shells).

import type { CalendarPage } from '../core/calendar/pages/calendar-pages.ts';
import type { ExamPage } from '../core/exams/exam-outputs.ts';
import type { BuildingPage } from '../core/pages/building-page.ts';
import type { PageContext } from '../core/pages/page-context.ts';
import { fillMarker } from '../core/pages/page-fills.ts';

/** The virtual module's exports in a build, from the page context's JSON. */
export function builtPages(pageContextJson: string) {
  return {
    pages: JSON.parse(pageContextJson) as PageContext,
    fill: fillMarker,
    calendarPageList: (): CalendarPage[] => [],
    buildingPageList: (): BuildingPage[] => [],
    examPageList: (): ExamPage[] => [],
  };
}
