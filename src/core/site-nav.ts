import { schemaPaths } from './schemas/schema-files.ts';
import { withBase } from './site-url.ts';

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
    { id: 'openapi', label: 'OpenAPI', href: withBase(basePath, schemaPaths.openapi) },
  ];
}
