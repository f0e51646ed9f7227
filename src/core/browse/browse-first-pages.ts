import { type BrowseData, browseDataFile } from './browse-data.ts';
import { rowsStem } from './browse-paths.ts';
import { facetName, PAGE_SIZE, sortedRows } from './browse-query.ts';
import { fileName, rowsByValue, shardFacetName, shardFile, tableCells } from './browse-shards.ts';
import type { BrowseTable } from './browse-table.ts';

/**
 * The first page of a view the build knows ahead (sorted by one column; filtered by one value of a facet that has no
 * shards): its rows, and how many rows the whole view holds. A page paints it at once, then loads the rest.
 */
export interface BrowseFirstPage extends BrowseData {
  count: number;
}

/** Where the first page of a table sorted by a column is, beside its compact rows file's name. */
export function sortFile(rowsFile: string, column: string, desc: boolean): string {
  return `${rowsStem(rowsFile)}.sort/${fileName(column)}.${desc ? 'desc' : 'asc'}.json`;
}

/** A first page's file: the view's first rows of the table, and the view's row count. */
function firstPageFile(table: BrowseTable, rows: readonly number[]): string {
  const shown = rows.slice(0, PAGE_SIZE).map((i) => table.rows[i]!);
  return browseDataFile({ ...table, rows: shown }, { count: rows.length });
}

/** The first page of the table sorted by each column, each way. */
export function sortFirstPages(table: BrowseTable, rowsFile: string): { path: string; body: string }[] {
  const rows = tableCells(table);
  const all = rows.rows.map((_, i) => i);
  return table.columns.flatMap((column) =>
    [false, true].map((desc) => ({
      path: sortFile(rowsFile, column, desc),
      body: firstPageFile(table, sortedRows(rows, all, { sort: { column, desc } })),
    })),
  );
}

/**
 * The first page of the table filtered by each value of each facet but the first (whose shards hold all its rows),
 * at the path a shard of that value would have.
 */
export function facetFirstPages(table: BrowseTable, rowsFile: string): { path: string; body: string }[] {
  const first = shardFacetName(table);
  const names = table.facets.map(facetName).filter((n) => n !== first);
  return names.flatMap((name) =>
    [...rowsByValue(table, name)].map(([value, rows]) => ({
      path: shardFile(rowsFile, name, value),
      body: firstPageFile(table, rows),
    })),
  );
}
