import { chunkFile } from './browse-chunks.ts';
import { sortFile } from './browse-first-pages.ts';
import type { TableBodyView } from './browse-page.ts';
import { type BrowseQuery, readQuery } from './browse-query.ts';
import { facetsFile, shardFile } from './browse-shards.ts';

/**
 * What a table's page knows of its table before any row is in, and all that names a view's files: the compact rows
 * file's name (base path included), its chunks, its sortable columns and its facets' names (the first: the shards').
 */
export interface BrowseFileSpec {
  rows: string;
  chunks: number;
  columns: readonly string[];
  facets: readonly string[];
}

/** The view an address's query string asks for, read with the names the table's page knows. */
export function specQuery(spec: BrowseFileSpec, search: string): BrowseQuery {
  return readQuery(new URLSearchParams(search), {
    columns: spec.columns,
    facets: spec.facets.map((column) => ({ column })),
  });
}

/**
 * The file of a view's first page the build made ahead for a table of several chunks, if any: a first page with no
 * search, sorted by a column and not filtered, or filtered by one value of a facet other than the first (whose
 * shards hold all its rows) and not sorted.
 */
export function aheadFile(spec: BrowseFileSpec, query: BrowseQuery): string | undefined {
  if (spec.chunks === 1 || query.search !== '' || query.page > 1 || query.filters.length > 1) return undefined;
  const [filter] = query.filters;
  if (!filter) return query.sort && sortFile(spec.rows, query.sort.column, query.sort.desc);
  const later = spec.facets.indexOf(filter[0]) > 0;
  return later && !query.sort ? shardFile(spec.rows, filter[0], filter[1]) : undefined;
}

/**
 * The first page made ahead of the value a view filters a facet other than the first by, when it filters none by the
 * first (whose shard it reads): whatever the view's sort, search, other filters and page, that file holds all its
 * rows when the value has no more than a page of them (its count says so; 60 % of the values at 10,000 sessions).
 */
export function valuePageFile(spec: BrowseFileSpec, query: BrowseQuery): string | undefined {
  if (spec.chunks === 1 || query.filters.some(([n]) => n === spec.facets[0])) return undefined;
  const filter = query.filters.find(([n]) => spec.facets.indexOf(n) > 0);
  return filter && shardFile(spec.rows, filter[0], filter[1]);
}

/**
 * The first file of the rows a view filters: the shard of the value it filters the table's first facet by, else the
 * table's first chunk (the others follow it).
 */
export function rowsSourceFile(spec: BrowseFileSpec, query: BrowseQuery): string {
  const [name] = spec.facets;
  const value = query.filters.find(([n]) => n === name)?.[1];
  return name !== undefined && value !== undefined ? shardFile(spec.rows, name, value) : chunkFile(spec.rows, 0);
}

/**
 * The first file a table's page asks for at an address (its query string, `?` included or empty): the facets'
 * totals for the unfiltered page (the build rendered its rows), else the view's first page made ahead, else the
 * first page of the value it filters a later facet by, else the first file of its rows. The page's head script
 * (first-fetch-script.ts) asks for it before the page's module runs.
 */
export function firstViewFile(spec: BrowseFileSpec, search: string): string {
  if (search === '') return facetsFile(spec.rows);
  const query = specQuery(spec, search);
  return aheadFile(spec, query) ?? valuePageFile(spec, query) ?? rowsSourceFile(spec, query);
}

/** What a table page's head tells its script of the table (the body's view has it all). */
export function tableFileSpec(body: Pick<TableBodyView, 'rowsFile' | 'chunks' | 'columns' | 'facets'>): BrowseFileSpec {
  return { rows: body.rowsFile, chunks: body.chunks, columns: body.columns, facets: body.facets };
}
