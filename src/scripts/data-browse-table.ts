// A table's rows on its page: its chunks (browse-chunks.ts) loaded in order as they come, so that a view can show its
// first rows before the last chunk is in, and joined once all are in. A table may load ahead of any view, a few
// chunks at a time (data-browse-ahead.ts); a view waiting for a file of its own then has the pipe to itself.

import { chunkFile } from '../core/browse/browse-chunks.ts';
import type { BrowseData } from '../core/browse/browse-data.ts';
import { load, pickedRows } from './data-browse-rows.ts';

/**
 * A table's chunks as they come: those in so far, in order, and who is told of each next one; the chunks it asks for
 * at once at most (a finite number: it loads ahead of any view); the whole table once every chunk is in.
 */
interface TableLoad {
  chunks: BrowseData[];
  listeners: ((chunk: BrowseData) => void)[];
  inFlight: number;
  /** Asks for more chunks, up to inFlight at once (none while loading ahead is held). */
  pump: () => void;
  /** Cancels the chunks asked for ahead of any view; pump asks for them again. */
  abort: () => void;
  done: Promise<BrowseData>;
  whole?: BrowseData;
}

/** The tables loading or loaded, by their rows file's name: each is loaded once. */
const tables = new Map<string, TableLoad>();

/** How many views wait for a file of their own: meanwhile, tables loading ahead of any view ask for no chunk. */
let holds = 0;

/** Whether a table loads ahead of any view (no view asked for all its rows). */
const ahead = (t: TableLoad) => Number.isFinite(t.inFlight);

/**
 * Holds the tables loading ahead of any view while a view waits for a file of its own, their chunks in flight
 * cancelled, so that the view's file has the pipe to itself; the function returned lets them go on.
 */
export function holdAhead(): () => void {
  holds++;
  for (const t of tables.values()) t.abort();
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    holds--;
    for (const t of tables.values()) t.pump();
  };
}

/** Chunks joined into one table's compact rows: their rows in order, their API files each kept once. */
function joined(chunks: readonly BrowseData[]): BrowseData {
  return pickedRows(chunks.flatMap((chunk) => chunk.rows.map((_, i) => [chunk, i] as const)));
}

/** Starts loading a table's `count` chunks: the first alone (it has the pipe to itself), then the others. */
function startTable(rowsFile: string, count: number, inFlight: number): TableLoad {
  const urls = Array.from({ length: count }, (_, k) => chunkFile(rowsFile, k));
  const arrived: BrowseData[] = [];
  const asked = new Set<number>();
  let cancel = new AbortController();
  const t: TableLoad = { chunks: [], listeners: [], inFlight, pump: () => {}, abort: () => {}, done: null! };
  t.done = new Promise((resolve, reject) => {
    const take = (k: number) => (chunk: BrowseData) => {
      arrived[k] = chunk;
      asked.delete(k);
      for (let c = arrived[t.chunks.length]; c; c = arrived[t.chunks.length]) {
        t.chunks.push(c);
        for (const tell of t.listeners) tell(c);
      }
      if (t.chunks.length === count) resolve((t.whole = joined(t.chunks)));
      else t.pump();
    };
    const ask = (k: number, signal?: AbortSignal) => {
      asked.add(k);
      const failed = (e: unknown) => (signal?.aborted ? asked.delete(k) : reject(e));
      load<BrowseData>(urls[k]!, signal).then(take(k), failed);
    };
    t.pump = () => {
      if (!arrived[0] || (holds > 0 && ahead(t))) return;
      for (let k = 1; k < count && asked.size < t.inFlight; k++) {
        if (!arrived[k] && !asked.has(k)) ask(k, ahead(t) ? cancel.signal : undefined);
      }
    };
    t.abort = () => {
      if (!ahead(t)) return;
      cancel.abort();
      cancel = new AbortController();
    };
    ask(0);
  });
  return t;
}

/**
 * A table's compact rows, from its `count` chunks; `onChunk` is told of each chunk in order as soon as it and those
 * before it are in (those in already at once). `inFlight`: how many chunks it may ask for at once (finite: loading
 * ahead of any view; raised, never lowered, when the table is loading already).
 */
export function loadTable(
  rowsFile: string,
  count: number,
  onChunk: (chunk: BrowseData) => void,
  inFlight = Number.POSITIVE_INFINITY,
): Promise<BrowseData> {
  let t = tables.get(rowsFile);
  if (!t) {
    const started = startTable(rowsFile, count, inFlight);
    t = started;
    tables.set(rowsFile, started);
    started.done.catch(() => tables.delete(rowsFile));
  }
  for (const chunk of t.chunks) onChunk(chunk);
  t.listeners.push(onChunk);
  t.inFlight = Math.max(t.inFlight, inFlight);
  t.pump();
  return t.done;
}

/** A table's compact rows when all its chunks are in already, else undefined. */
export function loadedTable(rowsFile: string): BrowseData | undefined {
  return tables.get(rowsFile)?.whole;
}
