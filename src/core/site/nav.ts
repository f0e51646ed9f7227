import type { RenderContext } from './address.ts';
import { examPaths } from './exam-paths.ts';
import { buildingPaths, calendarPaths, portalPaths, sitePaths, withBase } from './paths.ts';

/** One entry of the site's navigation. */
export interface NavItem {
  id: string;
  label: string;
  href: string;
}

/** Which part of the site a page belongs to: students' sessions, students' exams, or developers' API. */
export type SiteArea = 'students' | 'exams' | 'developers';

/** The navigation ids of the developers' pages (the rest are the students'). */
const DEVELOPER_PAGES: readonly string[] = ['directory', 'data'];

/** The part of the site a page of navigation id `current` belongs to. */
export function areaOf(current: string): SiteArea {
  if (current === 'exams') return 'exams';
  return DEVELOPER_PAGES.includes(current) ? 'developers' : 'students';
}

/** The name of each part of the site. */
const SITE_NAMES: Readonly<Record<SiteArea, string>> = {
  students: 'Campus info sessions',
  exams: 'Campus exams',
  developers: 'Campus API v2',
};

/** What a page's title ends with: the name of its part of the site. */
export function siteName(area: SiteArea): string {
  return SITE_NAMES[area];
}

/** The site's navigation, below its base path: the students' pages, then the developers' front door. */
export function navItems(ctx: Pick<RenderContext, 'basePath'>): NavItem[] {
  const at = (target: string) => withBase(ctx.basePath, target);
  return [
    { id: 'home', label: 'Sessions', href: at(sitePaths.home) },
    { id: 'calendar', label: 'All terms', href: at(calendarPaths.home) },
    { id: 'search', label: 'Search', href: at(calendarPaths.search) },
    { id: 'feeds', label: 'Feeds', href: at(calendarPaths.feeds) },
    { id: 'exams', label: 'Exams', href: at(examPaths.home) },
    { id: 'buildings', label: 'Buildings', href: at(buildingPaths.home) },
    { id: 'directory', label: 'API', href: at(sitePaths.apiDirectory) },
    { id: 'data', label: 'Data', href: at(portalPaths.home) },
  ];
}
