// The types of the virtual module set up by build-context.ts.
declare module 'virtual:campus/context' {
  /**
   * All that the pages may read of the data in a build: address, directory, methods, buildings
   * (src/core/pages/page-context.ts).
   */
  export const pages: import('../core/pages/page-context.ts').PageContext;
  /**
   * A part of a page made from the sessions or records (src/core/pages/page-fills.ts): in a build its
   * marker, which the build fills in; under `astro dev` the part itself.
   */
  export function fill(name: string, arg?: string | number): string;
  /**
   * The month, term and session pages for Astro to render: none in a build (it fills them into shells),
   * all under `astro dev`.
   */
  export function calendarPageList(): import('../core/calendar/pages/calendar-pages.ts').CalendarPage[];
  /** The buildings' pages for Astro to render: none in a build (it fills them into a shell), all under `astro dev`. */
  export function buildingPageList(): import('../core/pages/building-page.ts').BuildingPage[];
  /** The exam pages for Astro to render: none in a build (it fills them into a shell), all under `astro dev`. */
  export function examPageList(): import('../core/exams/exam-outputs.ts').ExamPage[];
}
