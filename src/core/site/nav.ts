import type { RenderContext } from './address.ts';
import { buildingPaths, calendarPaths, sitePaths, withBase } from './paths.ts';

/** One entry of the site's navigation. */
export interface NavItem {
  id: string;
  label: string;
  href: string;
}

/** The site's navigation, below its base path. */
export function navItems(ctx: Pick<RenderContext, 'basePath'>): NavItem[] {
  const at = (target: string) => withBase(ctx.basePath, target);
  return [
    { id: 'directory', label: 'Methods', href: at(sitePaths.home) },
    { id: 'calendar', label: 'Sessions', href: at(calendarPaths.home) },
    { id: 'feeds', label: 'Calendar feeds', href: at(calendarPaths.feeds) },
    { id: 'buildings', label: 'Buildings', href: at(buildingPaths.home) },
    { id: 'openapi', label: 'OpenAPI', href: at(sitePaths.openapi) },
  ];
}
