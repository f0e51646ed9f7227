// The data portal's pages (/data/ and each page of each data set's table), rendered from the same Astro components
// as `astro dev` renders them through src/pages/data/, into the shells Astro rendered once.

import type { TablePageView } from '../core/browse/table-page-parts.ts';
import type { Shell } from '../core/calendar/pages/page-shell.ts';
import type { PortalView } from '../core/portal/portal-page.ts';
import { componentRenderer, importComponent } from './component-render.ts';
import { bodyShell, type PageShell } from './page-components.ts';

/** The shells of the pages under /data/: a table's page and the portal's index. */
export interface DataShells {
  table: PageShell<TablePageView>;
  portal: PageShell<PortalView>;
}

/** The components of a table's page body and of the portal's. */
const TABLE_BODY = new URL('../components/data/TableBody.astro', import.meta.url);
const TABLE_HEAD = new URL('../components/data/TableHead.astro', import.meta.url);
const PORTAL_BODY = new URL('../components/data/PortalBody.astro', import.meta.url);

/** Renders the bodies of the pages under /data/ with their components, each a string of markup. */
export interface DataPageBodies {
  table(view: TablePageView): string;
  tableHead(view: TablePageView): string;
  portal(view: PortalView): string;
}

/** The data pages' components, loaded (once per process) and ready to render. */
export async function dataPageBodies(): Promise<DataPageBodies> {
  const render = await componentRenderer();
  const [table, head, portal] = await Promise.all([TABLE_BODY, TABLE_HEAD, PORTAL_BODY].map(importComponent));
  return {
    table: (view) => render(table!, { table: view.body }),
    tableHead: (view) => render(head!, { table: view.body }),
    portal: (view) => render(portal!, { portal: view }),
  };
}

/**
 * The table and portal shells, filled by their components (a table's head tells its head script of the table; the
 * portal's summary is its description).
 */
export function dataShells(shells: { data: Shell; portal: Shell }, bodies: DataPageBodies): DataShells {
  const portal = bodyShell(shells.portal, (v: PortalView & { summary: string }) => bodies.portal(v));
  const fillTable = (v: TablePageView) =>
    shells.data.fill({ title: v.title, summary: v.summary, head: bodies.tableHead(v), body: bodies.table(v) });
  return {
    table: { page: shells.data.page, fill: fillTable },
    portal: { page: portal.page, fill: (v) => portal.fill({ ...v, summary: v.description }) },
  };
}
