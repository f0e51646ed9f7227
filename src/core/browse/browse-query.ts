import type { BrowseFacet } from '../records/browse-spec.ts';
import { orderText } from './cell-order.ts';

/** Rows a page shows: the no-JavaScript pages and the browser's pages alike. */
export const PAGE_SIZE = 100;

/** The rows a page filters, as its data file holds them: cells by column, and each row's API file (or null). */
export interface BrowseRows {
  columns: readonly string[];
  facets: readonly BrowseFacet[];
  rows: readonly (readonly (string | null)[])[];
}

/**
 * A view of a table, as its URL says it (Datasette's conventions): `?subject=CS&term=1139` (a column's or a facet's
 * exact value), `_search=` (every word somewhere in the row, a number as a whole number), `_sort=date` or
 * `_sort_desc=date`, `_page=2`.
 */
export interface BrowseQuery {
  filters: readonly (readonly [name: string, value: string])[];
  search: string;
  sort?: { column: string; desc: boolean };
  page: number;
}

/** A filter's name: a facet's own name, else its column's. */
export function facetName(facet: BrowseFacet): string {
  return facet.name ?? facet.column;
}

/** The view a URL's query asks for; names that are no column or facet are left out. */
export function readQuery(params: URLSearchParams, table: Pick<BrowseRows, 'columns' | 'facets'>): BrowseQuery {
  const names = new Set([...table.columns, ...table.facets.map(facetName)]);
  const filters = [...params].filter(([name, value]) => names.has(name) && value !== '');
  const desc = params.get('_sort_desc');
  const asc = params.get('_sort');
  const column = [desc, asc].find((c) => c !== null && table.columns.includes(c));
  const page = Number.parseInt(params.get('_page') ?? '1', 10);
  return {
    filters,
    search: (params.get('_search') ?? '').trim(),
    ...(column ? { sort: { column, desc: column === desc } } : {}),
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string of a view (without `?`), filters first in the order given, then search, sort and page. */
export function queryString(query: BrowseQuery): string {
  const params = new URLSearchParams(query.filters.map(([name, value]) => [name, value]));
  if (query.search) params.set('_search', query.search);
  if (query.sort) params.set(query.sort.desc ? '_sort_desc' : '_sort', query.sort.column);
  if (query.page > 1) params.set('_page', String(query.page));
  return params.toString();
}

/** A cell's value under a filter's name: the column's text, or the part of it its facet counts. */
export function valueGetter(
  table: Pick<BrowseRows, 'columns' | 'facets'>,
  name: string,
): (row: readonly (string | null)[]) => string | null {
  const facet = table.facets.find((f) => facetName(f) === name);
  const index = table.columns.indexOf(facet?.column ?? name);
  if (facet?.word === 'first') return (row) => row[index]?.trim().split(/\s+/)[0] ?? null;
  if (facet?.word === 'last') return (row) => row[index]?.trim().split(/\s+/).pop() ?? null;
  return (row) => row[index] ?? null;
}

/** Each row's text in lower case, its cells apart, made once per table: what a search looks in. */
const searchTexts = new WeakMap<BrowseRows, string[]>();

/** The lower-case text of a table's rows (searchTexts), what a search looks in: made once per table. */
export function rowTexts(table: BrowseRows): string[] {
  let texts = searchTexts.get(table);
  if (!texts) {
    texts = table.rows.map((row) => row.join('\u0000').toLowerCase());
    searchTexts.set(table, texts);
  }
  return texts;
}

/** What a table's page works out of the table again and again, by table and then by key: made once each. */
type PerTable<K, V> = WeakMap<BrowseRows, Map<K, V>>;

/** The value `cache` holds for a table and key, made by `make` the first time it is asked for. */
function madeOnce<K, V>(cache: PerTable<K, V>, table: BrowseRows, key: K, make: () => V): V {
  let byKey = cache.get(table);
  if (!byKey) cache.set(table, (byKey = new Map()));
  if (!byKey.has(key)) byKey.set(key, make());
  return byKey.get(key)!;
}

/** Each filter's values by row, by table and name (a page's choices filter it again and again). */
const filterValues: PerTable<string, readonly (string | null)[]> = new WeakMap();

/** The value a filter's name reads from each row of a table (valueGetter), made once per table and name. */
function valuesOf(table: BrowseRows, name: string): readonly (string | null)[] {
  return madeOnce(filterValues, table, name, () => {
    const get = valueGetter(table, name);
    return table.rows.map((row) => get(row));
  });
}

/**
 * Whether a row's text holds a searched word: a number as a whole number (`135` is not in `DC 1350`, as in a full-text
 * index's words), any other word anywhere (`biol` in `Biology`).
 */
function wordTest(word: string): (text: string) => boolean {
  if (!/^\d+$/.test(word)) return (text) => text.includes(word);
  // No lookbehind: Safari before 16.4 refuses it, and every search would throw there.
  const whole = new RegExp(`(?:^|\\D)${word}(?!\\d)`);
  return (text) => text.includes(word) && whole.test(text);
}

/** The rows (by index) that match every filter of the view and its search, in the table's order. */
export function matchingRows(table: BrowseRows, query: Pick<BrowseQuery, 'filters' | 'search'>): number[] {
  const tests = query.filters.map(([name, value]) => ({ values: valuesOf(table, name), value }));
  const words = query.search.toLowerCase().split(/\s+/).filter(Boolean).map(wordTest);
  const texts = words.length > 0 ? rowTexts(table) : [];
  const out: number[] = [];
  for (let i = 0; i < table.rows.length; i++) {
    if (!tests.every((t) => t.values[i] === t.value)) continue;
    if (words.length > 0 && !words.every((holds) => holds(texts[i]!))) continue;
    out.push(i);
  }
  return out;
}

/** Whether a text reads as a number (`42`, `-80.52`). */
const isNumeric = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/**
 * A cell's sort key: its number when its column (or the rows sorted) reads as numbers, else its text, a written date
 * or a 12-hour time in a form that sorts in time (cell-order.ts).
 */
const sortKey = (cell: string | null, numeric: boolean) =>
  cell === null ? null : numeric ? Number(cell) : orderText(cell);

/** Rows sorted by their keys (null: no value, last either way), ties in the order given. */
function sortedByKeys(rows: readonly number[], keys: readonly (number | string | null)[], desc: boolean): number[] {
  const sign = desc ? -1 : 1;
  const order = rows.map((_, k) => k);
  order.sort((a, b) => {
    const x = keys[a] ?? null;
    const y = keys[b] ?? null;
    if (x === null || y === null) return x === y ? a - b : x === null ? 1 : -1;
    return (x < y ? -sign : x > y ? sign : 0) || a - b;
  });
  return order.map((k) => rows[k]!);
}

/** A column's values ranked once per table: whether all read as numbers, and each row's rank (-1: no value). */
interface ColumnRanks {
  numeric: boolean;
  rank: Int32Array;
}

/** Each column's ranks, by table and column (a page sorts it again and again). */
const columnRanks: PerTable<number, ColumnRanks> = new WeakMap();

/**
 * A column's ranks (columnRanks): equal values share a rank, ranked by value when numbers, else by their sort text's
 * characters (a written date or a 12-hour time in time).
 */
function ranksOf(table: BrowseRows, index: number): ColumnRanks {
  return madeOnce(columnRanks, table, index, () => {
    const cells = table.rows.map((row) => row[index] ?? null);
    const numeric = cells.every((c) => c === null || isNumeric(c));
    const keys = cells.map((c) => sortKey(c, numeric));
    const distinct = [...new Set(keys.filter((k) => k !== null))].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    const at = new Map(distinct.map((k, r) => [k, r]));
    return { numeric, rank: Int32Array.from(keys, (k) => (k === null ? -1 : at.get(k)!)) };
  });
}

/**
 * The rows of a view in its order: by its sort column (by value when every value of the column is a number, else by
 * the characters, dates written out and 12-hour times in time), no value last whichever the direction; ties, and a
 * view without a sort, in the table's order. The column's ranks are made once per table; rows all numbers in a column
 * that is not are sorted by their values.
 */
export function sortedRows(table: BrowseRows, rows: readonly number[], { sort }: Pick<BrowseQuery, 'sort'>): number[] {
  const index = sort === undefined ? -1 : table.columns.indexOf(sort.column);
  if (index < 0) return [...rows];
  const cells = (i: number) => table.rows[i]![index] ?? null;
  const { numeric, rank } = ranksOf(table, index);
  if (!numeric && rows.every((i) => cells(i) === null || isNumeric(cells(i)!))) {
    return sortedByKeys(
      rows,
      rows.map((i) => sortKey(cells(i), true)),
      sort!.desc,
    );
  }
  return sortedByKeys(
    rows,
    rows.map((i) => (rank[i]! < 0 ? null : rank[i]!)),
    sort!.desc,
  );
}

/** How many pages `count` rows fill (one at least: an empty view is one empty page). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / PAGE_SIZE));
}

/** The rows of one page of a view (the last page when it asks for one past the end). */
export function pageRows(rows: readonly number[], page: number): { page: number; rows: number[] } {
  const last = pageCount(rows.length);
  const shown = Math.min(page, last);
  return { page: shown, rows: rows.slice((shown - 1) * PAGE_SIZE, shown * PAGE_SIZE) };
}

/** Facets' counts made so far, by table and view (a page offers the same choices again and again). */
const countsMade: PerTable<string, [string, number][]> = new WeakMap();

/**
 * A facet's values with how many rows of the view hold each, counted over the rows matching the view's other
 * filters and its search (so another value can be chosen instead), most first, then by value.
 */
export function facetCounts(table: BrowseRows, query: BrowseQuery, facet: BrowseFacet): [string, number][] {
  const name = facetName(facet);
  const others = { filters: query.filters.filter(([n]) => n !== name), search: query.search };
  const key = JSON.stringify([name, others.filters, others.search]);
  const sorted = madeOnce(countsMade, table, key, () => {
    const values = valuesOf(table, name);
    const counts = new Map<string, number>();
    for (const i of matchingRows(table, others)) {
      const value = values[i] ?? null;
      if (value !== null && value !== '') counts.set(value, (counts.get(value) ?? 0) + 1);
    }
    return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  });
  return [...sorted];
}
