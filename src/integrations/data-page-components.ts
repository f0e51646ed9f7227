// The data portal's pages (/data/ and each page of each data set's table), rendered from the same Astro components
// as `astro dev` renders them through src/pages/data/, into the shells Astro rendered once.

import type { TablePageView } from '../core/browse/table-page-parts.ts';
import type { Shell } from '../core/calendar/pages/page-shell.ts';
import type { PortalView } from '../core/portal/portal-page.ts';
import { componentRenderer, importComponent } from './component-render.ts';
import type { PageShell } from './page-components.ts';

/** The shells of the pages under /data/: a table's page and the portal's index. */
export interface DataShells {
  table: PageShell<TablePageView>;
  portal: PageShell<PortalView>;
}

/** The components of a table's page body and of the portal's. */
const TABLE_BODY = new URL('../components/data/TableBody.astro', import.meta.url);
const PORTAL_BODY = new URL('../components/data/PortalBody.astro', import.meta.url);

/** Renders the bodies of the pages under /data/ with their components, each a string of markup. */
export interface DataPageBodies {
  table(view: TablePageView): string;
  portal(view: PortalView): string;
}

/** The data pages' components, loaded (once per process) and ready to render. */
export async function dataPageBodies(): Promise<DataPageBodies> {
  const render = await componentRenderer();
  const [table, portal] = await Promise.all([importComponent(TABLE_BODY), importComponent(PORTAL_BODY)]);
  return {
    table: (view) => render(table, { table: view.body }),
    portal: (view) => render(portal, { portal: view }),
  };
}

/** A shell (Astro's, cut at its markers) filled from a page's title, summary and body, with no extra head. */
function bodyShell<P>(
  shell: Shell,
  parts: (page: P) => { title: string; summary: string; body: string },
): PageShell<P> {
  return {
    digest: shell.digest,
    fill: (page) => {
      const { title, summary, body } = parts(page);
      return shell.fill({ title, summary, head: '', body });
    },
  };
}

/** The table and portal shells, filled by their components. */
export function dataShells(shells: { data: Shell; portal: Shell }, bodies: DataPageBodies): DataShells {
  return {
    table: bodyShell(shells.data, (v: TablePageView) => ({
      title: v.title,
      summary: v.summary,
      body: bodies.table(v),
    })),
    portal: bodyShell(shells.portal, (v: PortalView) => ({
      title: v.title,
      summary: v.description,
      body: bodies.portal(v),
    })),
  };
}
