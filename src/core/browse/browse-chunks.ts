import { browseDataFile } from './browse-data.ts';
import { rowsStem } from './browse-paths.ts';
import type { BrowseTable } from './browse-table.ts';

/**
 * Rows in each of a table's chunks: its compact rows in pieces of five pages, read in order, so that a view's first
 * rows (a later page of the list, a search, a filter) can show from the first pieces while the rest still load.
 */
export const CHUNK_ROWS = 500;

/** How many chunks hold `rows` rows (one at least: an empty table has one empty chunk). */
export function chunkCount(rows: number): number {
  return Math.max(1, Math.ceil(rows / CHUNK_ROWS));
}

/** Where a table's chunk `k` (from 0) is, beside its compact rows file's name (`courses.browse.json`). */
export function chunkFile(rowsFile: string, k: number): string {
  return `${rowsStem(rowsFile)}.rows/${k}.json`;
}

/** A table's chunks in order, each a compact rows file of its own (its rows' API files with it). */
export function browseChunks(table: BrowseTable, rowsFile: string): { path: string; body: string }[] {
  return Array.from({ length: chunkCount(table.rows.length) }, (_, k) => ({
    path: chunkFile(rowsFile, k),
    body: browseDataFile({ ...table, rows: table.rows.slice(k * CHUNK_ROWS, (k + 1) * CHUNK_ROWS) }),
  }));
}
