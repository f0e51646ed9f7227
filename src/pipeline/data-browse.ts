import { browseDataFile } from '../core/browse/browse-data.ts';
import { browsePaths } from '../core/browse/browse-paths.ts';
import { pageCount } from '../core/browse/browse-query.ts';
import { browsedTables, type ChangeTimes } from '../core/browse/browse-sets.ts';
import { tablePageParts } from '../core/browse/table-page-parts.ts';
import type { Shell } from '../core/calendar/pages/page-shell.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import { type DataHistory, recordChangeTimes } from '../core/portal/change-files.ts';
import { recordKey } from '../core/review/data-diff.ts';
import { pageFile } from '../core/site/paths.ts';
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
 * Every data set's table pages under /data/<set>/ (each page of each table's list, filled into the data shell) and
 * each table's compact rows file, which the page's script filters, sorts and pages; each page links to the portal's
 * index, /data/, when the output has it (`portal`).
 */
export function* dataBrowseFiles(context: BuildContext, shell: Shell, portal: boolean): Generator<OutputFile> {
  const { site, render } = context;
  const changeTimes = historyTimes(dataPortal(context).history);
  const input = { registry: DATASETS, datasets: site.datasets, directory: site.directory, render, changeTimes };
  for (const t of browsedTables(input)) {
    yield { path: browsePaths.rows(t.at.set, t.at.table), body: () => browseDataFile(t.table) };
    for (let page = 1; page <= pageCount(t.table.rows.length); page++) {
      const parts = () => tablePageParts({ ...t, page, basePath: render.basePath, portal });
      const fill = () => {
        const { head, body, ...text } = parts();
        return shell.fill({ ...text, head: head.value, body: body.value });
      };
      yield { path: pageFile(browsePaths.page(t.at.folder, page)), body: fill };
    }
  }
}
