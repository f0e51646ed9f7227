// Where a table page's script gets its rows: JSON files of the site, each fetched once, and a table's chunks joined
// in order as they come (browse-chunks.ts), so that a view can show its first rows before the last chunk is in.

import { chunkFile } from '../core/browse/browse-chunks.ts';
import { type BrowseData, rowFile } from '../core/browse/browse-data.ts';
import { FIRST_FETCH_GLOBAL } from '../core/browse/first-fetch-script.ts';

/** The files read so far, by address: each is fetched once. */
const files = new Map<string, Promise<unknown>>();

/** The request the page's head script made (first-fetch-script.ts), taken once: `[address, response]`. */
function headRequest(url: string): Promise<Response> | undefined {
  const page = globalThis as unknown as Record<string, [string, Promise<Response>] | undefined>;
  const made = page[FIRST_FETCH_GLOBAL];
  if (made?.[0] !== url) return undefined;
  page[FIRST_FETCH_GLOBAL] = undefined;
  return made[1];
}

/** A JSON file of the site, fetched once (by the head script, when it asked for it already). */
export function load<T>(url: string): Promise<T> {
  let file = files.get(url);
  if (!file) {
    const response = headRequest(url) ?? fetch(url);
    file = response.then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status} ${url}`))));
    files.set(url, file);
  }
  return file as Promise<T>;
}

/** Chunks joined into one table's compact rows: their rows in order, their API files each kept once. */
function joined(chunks: readonly BrowseData[]): BrowseData {
  return pickedRows(chunks.flatMap((chunk) => chunk.rows.map((_, i) => [chunk, i] as const)));
}

/** The tables joined so far, by their rows file's name: each is joined once. */
const tables = new Map<string, Promise<BrowseData>>();

/**
 * A table's compact rows, from its `count` chunks: the first fetched alone (it has the pipe to itself), then the
 * others; `onChunk` is told of each chunk in order as soon as it and those before it are in.
 */
export function loadTable(rowsFile: string, count: number, onChunk: (chunk: BrowseData) => void): Promise<BrowseData> {
  const done = tables.get(rowsFile);
  if (done) return done;
  const urls = Array.from({ length: count }, (_, k) => chunkFile(rowsFile, k));
  const table = load<BrowseData>(urls[0]!).then((first) => {
    const chunks: BrowseData[] = [first];
    onChunk(first);
    const rest = urls.slice(1).map((u) => load<BrowseData>(u));
    const inOrder = rest.reduce(
      (prev, next) =>
        prev.then(() =>
          next.then((chunk) => {
            chunks.push(chunk);
            onChunk(chunk);
          }),
        ),
      Promise.resolve(),
    );
    return inOrder.then(() => joined(chunks));
  });
  tables.set(rowsFile, table);
  table.catch(() => tables.delete(rowsFile));
  return table;
}

/** Some rows picked from chunks, as one compact rows file: each row's API file with it, each file kept once. */
export function pickedRows(picked: readonly (readonly [chunk: BrowseData, row: number])[]): BrowseData {
  const fileAt = new Map<string, number>();
  const fileOf = picked.map(([chunk, i]) => {
    const file = rowFile(chunk, i);
    if (file === undefined) return -1;
    if (!fileAt.has(file)) fileAt.set(file, fileAt.size);
    return fileAt.get(file)!;
  });
  const [first] = picked;
  return {
    columns: first?.[0].columns ?? [],
    facets: first?.[0].facets ?? [],
    rows: picked.map(([chunk, i]) => chunk.rows[i]!),
    ...(fileAt.size > 0 && { files: [...fileAt.keys()], fileOf }),
  };
}
