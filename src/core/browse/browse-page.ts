import { withBase } from '../site/paths.ts';
import { chunkCount } from './browse-chunks.ts';
import { browsePaths } from './browse-paths.ts';
import { facetName, PAGE_SIZE, pageCount } from './browse-query.ts';
import type { BrowseRow, BrowseTable } from './browse-table.ts';
import { rowCount } from './row-count.ts';

/** A table of a data set, as the pages name and reach it. */
export interface TableRef {
  set: string;
  table: string;
  /** Its page's folder, site-relative (portalPaths.table). */
  folder: string;
}

/** One page of a table's list: the set's title, its tables (for the chooser), the table, and which page. */
export interface TablePageInput {
  setTitle: string;
  /** What the set's page says when its newest record is older than its source's update promise. */
  stale?: string;
  tables: readonly TableRef[];
  at: TableRef;
  table: BrowseTable;
  page: number;
  basePath: string;
  /** Whether the site has the data portal's index (/data/), which the page then links back to. */
  portal: boolean;
}

/** A row as the page shows it: its cells (empty text for no value) and its API file, linked by its name. */
export interface TableRowView {
  cells: readonly string[];
  file?: { href: string; name: string };
}

/** The body of one page of a table's list, as its component (src/components/data/TableBody.astro) shows it. */
export interface TableBodyView {
  /** The portal's index, when the site has it. */
  portalHref?: string;
  heading: string;
  setTitle: string;
  stale?: string;
  /** The set's tables, the shown one marked, when it has more than one. */
  chooser?: { label: string; tables: readonly { href: string; name: string; current: boolean }[] };
  /** The name of the table's compact rows file, which its chunks, shards and first pages are named from. */
  rowsFile: string;
  /** How many chunks the table's compact rows are in (browse-chunks.ts). */
  chunks: number;
  folder: string;
  /** The filter form's facets (their URL names) and sortable columns. */
  facets: readonly string[];
  columns: readonly string[];
  /** By column, whether its values are short: kept on one line (the page's script reads it from the heads). */
  short: readonly boolean[];
  /** The column heads: the columns, and `API file` when rows link to one. */
  heads: readonly string[];
  links: boolean;
  range: string;
  caption: string;
  rows: readonly TableRowView[];
  pager: { page: number; last: number; prev?: string; next?: string };
}

/** A count in words, with the thousands separated (`19,575 rows`). */
export { rowCount };

/** The page's heading: the set's name, and the table's when the set has several. */
export function tableHeading({ tables, at }: Pick<TablePageInput, 'tables' | 'at'>): string {
  return tables.length > 1 ? `${at.set}: ${at.table}` : at.set;
}

/** The links to the set's tables, the shown one marked, when it has more than one. */
function tableChooser({ tables, at, basePath }: TablePageInput): TableBodyView['chooser'] {
  if (tables.length < 2) return undefined;
  const item = (t: TableRef) => ({ href: withBase(basePath, t.folder), name: t.table, current: t.table === at.table });
  return { label: `Tables of ${at.set}`, tables: tables.map(item) };
}

/** One row: its cells' text and its API file, linked by its name. */
export function rowView(row: BrowseRow): TableRowView {
  const cells = row.cells.map((c) => c ?? '');
  return row.link ? { cells, file: { href: row.link, name: row.link.split('/').pop()!.split('?')[0]! } } : { cells };
}

/** The previous and next pages' links around where this one stands. */
function pager({ at, page, table, basePath }: TablePageInput): TableBodyView['pager'] {
  const last = pageCount(table.rows.length);
  const href = (n: number) => withBase(basePath, browsePaths.page(at.folder, n));
  return {
    page,
    last,
    ...(page > 1 ? { prev: href(page - 1) } : {}),
    ...(page < last ? { next: href(page + 1) } : {}),
  };
}

/** The body of one page of a table's list: what the table is, its filters (with JavaScript), its rows, the pager. */
export function tableBodyView(input: TablePageInput): TableBodyView {
  const { table, at, page, basePath } = input;
  const first = (page - 1) * PAGE_SIZE;
  const shown = table.rows.slice(first, first + PAGE_SIZE);
  const links = table.rows.some((r) => r.link !== undefined);
  const range = shown.length ? `Rows ${first + 1}–${first + shown.length} of ${rowCount(table.rows.length)}` : '';
  const chooser = tableChooser(input);
  return {
    ...(input.portal ? { portalHref: withBase(basePath, browsePaths.portal) } : {}),
    heading: tableHeading(input),
    setTitle: input.setTitle,
    ...(input.stale ? { stale: input.stale } : {}),
    ...(chooser ? { chooser } : {}),
    rowsFile: withBase(basePath, browsePaths.rows(at.set, at.table)),
    chunks: chunkCount(table.rows.length),
    folder: withBase(basePath, at.folder),
    facets: table.facets.map(facetName),
    columns: table.columns,
    short: table.short ?? table.columns.map(() => false),
    heads: [...table.columns, ...(links ? ['API file'] : [])],
    links,
    range: range || 'This table holds no rows.',
    caption: `${tableHeading(input)}, page ${page}`,
    rows: shown.map(rowView),
    pager: pager(input),
  };
}
