import { browsePaths } from '../core/browse/browse-paths.ts';
import { pageCount } from '../core/browse/browse-query.ts';
import { type BrowseInput, browsedTables } from '../core/browse/browse-sets.ts';
import { type TablePageView, tablePageView } from '../core/browse/table-page-parts.ts';
import { type PortalSource, type PortalView, portalView } from '../core/portal/portal-page.ts';

/** A page under /data/ as `astro dev` renders it: the portal's index, or one page of a table's list. */
export type DataPage =
  | { kind: 'portal'; path: string; view: PortalView }
  | { kind: 'table'; path: string; view: TablePageView };

/**
 * Every page under /data/ (site-relative folders): the portal's index and each page of each table's list, for
 * `astro dev` (a build fills the same views into shells, src/pipeline/data-browse.ts).
 */
export function* dataPages(input: BrowseInput & PortalSource): Generator<DataPage> {
  yield { kind: 'portal', path: browsePaths.portal, view: portalView(input, input.registry) };
  const basePath = input.render.basePath;
  for (const t of browsedTables(input)) {
    for (let page = 1; page <= pageCount(t.table.rows.length); page++)
      yield {
        kind: 'table',
        path: browsePaths.page(t.at.folder, page),
        view: tablePageView({ ...t, page, basePath, portal: true }),
      };
  }
}
