import type { BrowseRows } from './browse-query.ts';
import type { BrowseTable } from './browse-table.ts';

/** The compact file of a table's rows that its page's script reads: the rows' cells, and each row's API file. */
export interface BrowseData extends BrowseRows {
  /** The API files the rows link to (site paths, base path included), each once; absent when no row has one. */
  files?: readonly string[];
  /** Each row's API file, as its place in `files`, or -1 for none. */
  fileOf?: readonly number[];
}

/** A row's API file in a table's compact file, or undefined. */
export function rowFile(data: BrowseData, row: number): string | undefined {
  const at = data.fileOf?.[row] ?? -1;
  return at < 0 ? undefined : data.files?.[at];
}

/** The rows' API files, each once, and each row's place among them (-1: none). */
function fileIndex(table: BrowseTable): { files: string[]; fileOf: number[] } {
  const places = new Map<string, number>();
  const fileOf = table.rows.map((r) => {
    if (r.link === undefined) return -1;
    if (!places.has(r.link)) places.set(r.link, places.size);
    return places.get(r.link)!;
  });
  return { files: [...places.keys()], fileOf };
}

/**
 * A table's compact rows file: one JSON text, a row a line, so that its bytes read well in a diff; `extra` fields
 * (a shard's own) come after the columns and facets.
 */
export function browseDataFile(table: BrowseTable, extra: Record<string, unknown> = {}): string {
  const head = JSON.stringify({ columns: table.columns, facets: table.facets, ...extra }).slice(0, -1);
  const rows = table.rows.map((r) => JSON.stringify(r.cells)).join(',\n');
  const { files, fileOf } = fileIndex(table);
  const links = files.length > 0 ? `,\n"files":${JSON.stringify(files)},\n"fileOf":${JSON.stringify(fileOf)}` : '';
  return `${head},\n"rows":[\n${rows}\n]${links}}\n`;
}
