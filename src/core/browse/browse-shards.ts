import { type BrowseData, browseDataFile } from './browse-data.ts';
import { rowsStem } from './browse-paths.ts';
import { type BrowseRows, facetCounts, facetName, valueGetter } from './browse-query.ts';
import type { BrowseTable } from './browse-table.ts';

/** Each facet's values over the whole table with their row counts, most first: `[facet name, [value, rows][]]`. */
export type FacetTotals = readonly (readonly [name: string, counts: readonly [string, number][]])[];

/** A shard's compact file: the rows holding one value of the table's first facet, and that facet's totals. */
export interface BrowseShardData extends BrowseData {
  shard: { name: string; value: string };
  totals: readonly [string, number][];
}

/** The facet a table is sharded by: its first (the term of exam schedules, the building of sessions), if any. */
export function shardFacetName(table: Pick<BrowseRows, 'facets'>): string | undefined {
  const first = table.facets[0];
  return first && facetName(first);
}

/** A value as a file name: `v-` and itself when letters, digits, `_` and `-`, else `x-` and its UTF-8 in hex. */
export function fileName(value: string): string {
  if (/^[A-Za-z0-9_-]+$/.test(value)) return `v-${value}`;
  return `x-${[...new TextEncoder().encode(value)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Where a table's shard of one value is, beside its compact rows file (`courses.browse.json`). */
export function shardFile(rowsFile: string, name: string, value: string): string {
  return `${rowsStem(rowsFile)}.${name}/${fileName(value)}.json`;
}

/** Where a table's facet totals are, beside its compact rows file. */
export function facetsFile(rowsFile: string): string {
  return `${rowsStem(rowsFile)}.facets.json`;
}

/** The table's cells, as the query functions read them. */
export function tableCells(table: BrowseTable): BrowseRows {
  return { columns: table.columns, facets: table.facets, rows: table.rows.map((r) => r.cells) };
}

/** Each facet's totals over the whole table. */
function facetTotals(table: BrowseTable): FacetTotals {
  const rows = tableCells(table);
  const all = { filters: [], search: '', page: 1 };
  return table.facets.map((f) => [facetName(f), facetCounts(rows, all, f)] as const);
}

/** The file of a table's facet totals: what its unfiltered page offers in its form. */
export function facetTotalsFile(table: BrowseTable): string {
  return `${JSON.stringify({ totals: facetTotals(table) })}\n`;
}

/** The rows (by index, in the table's order) holding each value of a facet; rows without one are in none. */
export function rowsByValue(table: BrowseTable, name: string): Map<string, number[]> {
  const get = valueGetter(table, name);
  const groups = new Map<string, number[]>();
  table.rows.forEach((row, i) => {
    const value = get(row.cells);
    if (value === null || value === '') return;
    const group = groups.get(value);
    if (group) group.push(i);
    else groups.set(value, [i]);
  });
  return groups;
}

/** A table's shards, a compact file per value of its first facet, each with that facet's totals. */
export function browseShards(table: BrowseTable, rowsFile: string): { path: string; body: string }[] {
  const name = shardFacetName(table);
  if (name === undefined) return [];
  const totals = facetTotals(table).find(([n]) => n === name)?.[1] ?? [];
  return [...rowsByValue(table, name)].map(([value, rows]) => ({
    path: shardFile(rowsFile, name, value),
    body: browseDataFile({ ...table, rows: rows.map((i) => table.rows[i]!) }, { shard: { name, value }, totals }),
  }));
}
