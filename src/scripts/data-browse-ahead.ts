// What a table's page loads ahead once its first rows are up and the browser is idle: the table's chunks, so that a
// person's next choice (a filter, a sort, the next page, a search) is made here, with no request to wait for. A few
// chunks at a time, so that a choice made meanwhile finds a free connection for its own small file.

import type { BrowseData } from '../core/browse/browse-data.ts';
import type { BrowseFileSpec } from '../core/browse/browse-first-file.ts';
import { type BrowseQuery, facetCounts, rowTexts, sortedRows } from '../core/browse/browse-query.ts';
import { loadTable } from './data-browse-table.ts';

/** The most chunks loaded ahead (20,000 rows, about 0.8 MB gzipped): a larger table is loaded only as views ask. */
export const AHEAD_CHUNKS = 40;

/** How many chunks are asked for at once while loading ahead. */
const AHEAD_IN_FLIGHT = 4;

/** Whether the reader asked to save data (Chrome's Save-Data): then nothing is loaded ahead. */
function savesData(): boolean {
  return (navigator as { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/** Runs `work` once the browser is idle (soon, where it cannot say). */
function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in globalThis) requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 200);
}

/**
 * Makes, one piece per idle moment, what a choice over the whole table reads again and again and browse-query.ts
 * keeps once made: each facet's totals, each column's sort ranks, the rows' text a search looks in.
 */
function readyChoices(table: BrowseData): void {
  const all: BrowseQuery = { filters: [], search: '', page: 1 };
  const pieces = [
    ...table.facets.map((facet) => () => facetCounts(table, all, facet)),
    ...table.columns.map((column) => () => sortedRows(table, [], { sort: { column, desc: false } })),
    () => rowTexts(table),
  ];
  const next = () => {
    pieces.shift()?.();
    if (pieces.length > 0) whenIdle(next);
  };
  whenIdle(next);
}

/** Loads a table's chunks ahead of a person's choices, when idle, unless it is large or the reader saves data. */
export function loadAhead(spec: BrowseFileSpec): void {
  if (spec.chunks > AHEAD_CHUNKS || savesData()) return;
  whenIdle(() => {
    loadTable(spec.rows, spec.chunks, () => {}, AHEAD_IN_FLIGHT).then(readyChoices, () => undefined);
  });
}
