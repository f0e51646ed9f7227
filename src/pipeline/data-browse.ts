import { browseChunks, chunkCount } from '../core/browse/browse-chunks.ts';
import { facetFirstPages, sortFirstPages } from '../core/browse/browse-first-pages.ts';
import { browsePaths } from '../core/browse/browse-paths.ts';
import { pageCount } from '../core/browse/browse-query.ts';
import { browsedTables, type ChangeTimes } from '../core/browse/browse-sets.ts';
import { browseShards, facetsFile, facetTotalsFile } from '../core/browse/browse-shards.ts';
import { tablePageView } from '../core/browse/table-page-parts.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import { type DataHistory, recordChangeTimes } from '../core/portal/change-files.ts';
import { portalView } from '../core/portal/portal-page.ts';
import { recordKey } from '../core/review/data-diff.ts';
import { pageFile } from '../core/site/paths.ts';
import type { DataShells } from '../integrations/data-page-components.ts';
import type { BuildContext } from './context.ts';
import { dataPortal } from './data-portal.ts';
import type { OutputFile } from './output-files.ts';

/** Each record's last change time from the change feed's history (none outside git, so no changed_at column). */
function historyTimes(history: DataHistory | undefined): ChangeTimes | undefined {
  if (!history) return undefined;
  return (set, table) => {
    const times = recordChangeTimes(history.entries, set, table);
    return (record) => times.get(recordKey(table, record.values));
  };
}

/**
 * The pages under /data/, filled into their shells: the portal's index (with its files' sizes and digests) and each
 * page of each table's list, with each table's files for the page's script: its compact rows in chunks (which it
 * filters, sorts and pages), its facets' totals (the unfiltered page's choices), its shards by its first facet (a
 * filtered view's rows), and the first pages of the views known ahead (sorted by a column; filtered by another facet).
 */
export function* dataBrowseFiles(context: BuildContext, shells: DataShells): Generator<OutputFile> {
  const { site, render } = context;
  const portal = dataPortal(context);
  yield {
    path: pageFile(browsePaths.portal),
    body: () => shells.portal.fill(portalView({ ...context, portal: portal.summary })),
  };
  const changeTimes = historyTimes(portal.history);
  const input = { registry: DATASETS, datasets: site.datasets, directory: site.directory, render, changeTimes };
  for (const t of browsedTables(input)) {
    const rowsFile = browsePaths.rows(t.at.set, t.at.table);
    // Every table's, a table without facets too: its unfiltered page asks for it before it offers search and sort.
    yield { path: facetsFile(rowsFile), body: () => facetTotalsFile(t.table) };
    // A table in one chunk needs no first page: its chunk is as soon in.
    const ahead = chunkCount(t.table.rows.length) > 1 ? [sortFirstPages, facetFirstPages] : [];
    // One kind of part at a time, let go once written (all of a 100,000-row table's at once: 2 copies of its rows).
    for (const part of [browseChunks, browseShards, ...ahead]) yield* part(t.table, rowsFile);
    for (let page = 1; page <= pageCount(t.table.rows.length); page++) {
      const view = () => tablePageView({ ...t, page, basePath: render.basePath, portal: true });
      yield { path: pageFile(browsePaths.page(t.at.folder, page)), body: () => shells.table.fill(view()) };
    }
  }
}
