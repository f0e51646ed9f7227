import type { DatasetRegistry, ReadRecord, TableSpec, Tables } from '../datasets/dataset.ts';
import { staleNotice } from '../datasets/freshness.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import type { RenderContext } from '../site/address.ts';
import { portalPaths } from '../site/paths.ts';
import type { TableRef } from './browse-page.ts';
import { type BrowseTable, browseTable } from './browse-table.ts';
import { recordLinks } from './record-links.ts';

/** When each record of a table last changed (Unix seconds), or nothing for a table whose times are unknown. */
export type ChangeTimes = (set: string, table: TableSpec) => ((record: ReadRecord) => number | undefined) | undefined;

/** What the data sets' pages are made from: the registry, every set's tables as read, the directory, the address. */
export interface BrowseInput {
  registry: DatasetRegistry;
  datasets: Readonly<Record<string, Tables>>;
  directory: readonly MethodEntry[];
  render: Pick<RenderContext, 'basePath' | 'apiBase' | 'timestamp'>;
  /** Each record's last change time, when the build knows them: a changed_at column then shows them. */
  changeTimes?: ChangeTimes;
}

/** A table with a page: where it is, its set's title and tables, and its rows. */
export interface BrowsedTable {
  at: TableRef;
  setTitle: string;
  /** What its page says when the set's newest record is older than its source's update promise. */
  stale?: string;
  tables: readonly TableRef[];
  table: BrowseTable;
}

/**
 * Every table of every data set of the registry that has a folder of data (derived sets have none), in the
 * registry's order: a set's first table at /data/<set>/, its others below it.
 */
export function browsedTables(input: BrowseInput): BrowsedTable[] {
  return Object.values(input.registry)
    .filter((set) => !set.derived && set.tables.length > 0)
    .flatMap((set) => {
      const tables = input.datasets[set.name] ?? {};
      const refs = set.tables.map((t, i) => ({
        set: set.name,
        table: t.name,
        folder: portalPaths.table(set.name, t.name, i === 0),
      }));
      const feedInput = {
        tables,
        directory: input.directory,
        apiBase: input.render.apiBase,
        timestamp: input.render.timestamp,
      };
      const links = recordLinks(set, feedInput, input.render);
      const stale = staleNotice(set, tables, input.render.timestamp);
      return set.tables.map((spec, i) => ({
        at: refs[i]!,
        setTitle: set.title,
        ...(stale ? { stale } : {}),
        tables: refs,
        table: browseTable(spec, tables[spec.name] ?? [], {
          linkOf: (r) => links.get(r),
          ...withTimes(input.changeTimes?.(set.name, spec)),
        }),
      }));
    });
}

/** The change times as a row source, when given. */
function withTimes(times: ((record: ReadRecord) => number | undefined) | undefined) {
  return times ? { changedAt: times } : {};
}
