// The types of the virtual module set up by build-context.ts.
declare module 'virtual:campus/context' {
  /**
   * All that the pages may read of the data in a build: address, directory, methods, buildings
   * (src/core/pages/page-context.ts).
   */
  export const pages: import('../core/pages/page-context.ts').PageContext;
  /**
   * The views of the calendar's single pages (front door, every term, feeds, sessions.json), each made when asked:
   * under `astro dev`; none in a build, where the pages render their holes' markers and the build fills them
   * (src/integrations/calendar-holes.ts).
   */
  export function calendarViews(): import('./calendar-views.ts').CalendarViews | undefined;
  /**
   * The month, term and session pages for Astro to render: none in a build (it fills them into shells),
   * all under `astro dev`.
   */
  export function calendarPageList(): import('../core/calendar/pages/calendar-pages.ts').CalendarPage[];
  /** The buildings' pages for Astro to render: none in a build (it fills them into a shell), all under `astro dev`. */
  export function buildingPageList(): import('../core/pages/building-page.ts').BuildingPage[];
  /** The methods' pages for Astro to render: none in a build (it fills them into a shell), all under `astro dev`. */
  export function methodPageList(): import('../core/pages/method-page.ts').MethodPage[];
  /** The data portal's pages for Astro to render: none in a build (it fills them into shells), all in `astro dev`. */
  export function dataPageList(): import('./data-pages.ts').DataPage[];
  /** The exam pages for Astro to render: none in a build (it fills them into a shell), all under `astro dev`. */
  export function examPageList(): import('../core/exams/exam-outputs.ts').ExamPage[];
}
