import { calendarPaths } from '../calendar/feeds.ts';
import { schemaPaths } from '../render/schemas/schema-files.ts';
import { withBase } from './address.ts';

/** One entry of the site's navigation. */
export interface NavItem {
  id: string;
  label: string;
  href: string;
}

/** The site's navigation, below its base path. */
export function navItems(basePath: string): NavItem[] {
  return [
    { id: 'directory', label: 'Methods', href: withBase(basePath, '') },
    { id: 'calendar', label: 'Sessions', href: withBase(basePath, calendarPaths.home) },
    { id: 'feeds', label: 'Calendar feeds', href: withBase(basePath, calendarPaths.feeds) },
    { id: 'openapi', label: 'OpenAPI', href: withBase(basePath, schemaPaths.openapi) },
  ];
}
