// Where a table page's script gets its rows: JSON files of the site, each fetched once, and some rows picked from
// them as one compact rows file (a table's chunks are loaded by data-browse-table.ts).

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

/**
 * A JSON file of the site, fetched once (by the head script, when it asked for it already). A request `signal`
 * aborts is forgotten, so that the file is asked for again when next loaded.
 */
export function load<T>(url: string, signal?: AbortSignal): Promise<T> {
  let file = files.get(url);
  if (!file) {
    const response = headRequest(url) ?? fetch(url, signal ? { signal } : {});
    const asked = response.then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${r.status} ${url}`))));
    asked.catch(() => signal?.aborted && files.delete(url));
    file = asked;
    files.set(url, file);
  }
  return file as Promise<T>;
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
