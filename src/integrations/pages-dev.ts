// What Astro's pages read under `astro dev` (or `astro check`), when nobody hands a context over
// (`virtual:campus/context`, set up by build-context.ts): data/ (or DATA_DIR) read below the
// project's root, every hole rendered in place, and the calendar's pages for Astro to render
// through src/pages/infosessions/[...path].astro, and the buildings' through src/pages/buildings/[code].astro.

import { buildingLookup } from '../core/buildings/location.ts';
import { type CalendarPage, calendarPages } from '../core/calendar/pages/calendar-pages.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import { type ExamPage, examPages } from '../core/exams/exam-outputs.ts';
import { type BuildingPage, buildingPages } from '../core/pages/building-page.ts';
import { type MethodPage, methodPages } from '../core/pages/method-page.ts';
import { type PageContext, pageContext } from '../core/pages/page-context.ts';
import { createBuildContext } from '../pipeline/context.ts';
import { examArchiveOf, examTermsOf } from '../pipeline/exam-stage.ts';
import { type CalendarViews, calendarViews } from './calendar-views.ts';
import { type DataPage, dataPages } from './data-pages.ts';

/** The virtual module's exports under `astro dev`, read from the project at `root`. */
export function devPages(root: string) {
  const context = createBuildContext(root);
  const lookup = buildingLookup(context.buildings, context.site.places?.places);
  return {
    pages: pageContext(context) as PageContext,
    calendarViews: (): CalendarViews | undefined => calendarViews(context),
    buildingPageList: (): BuildingPage[] => [
      ...buildingPages(context.buildings, context.sessions, lookup, context.site.directory, context.render),
    ],
    methodPageList: (): MethodPage[] => [...methodPages(context)],
    dataPageList: (): DataPage[] => [
      ...dataPages({
        registry: DATASETS,
        datasets: context.site.datasets,
        directory: context.site.directory,
        ...context,
      }),
    ],
    examPageList: (): ExamPage[] => [
      ...examPages(examTermsOf(context), lookup, context.render.basePath, examArchiveOf(context)),
    ],
    calendarPageList: (): CalendarPage[] => [
      ...calendarPages(context.sessions, { ...context.render, buildings: lookup }),
    ],
  };
}
