/** One file of the bulk downloads: its path under the site, its format, its size in bytes and its SHA-256 (hex). */
export interface DownloadFile {
  path: string;
  format: 'csv' | 'json' | 'ndjson' | 'sqlite';
  bytes: number;
  sha256: string;
  /** The data set and table it holds; none for the database of every table. */
  dataset?: string;
  table?: string;
  /** How many records it holds (the database: of every table). */
  records: number;
}

/** The list `/data/downloads.json` publishes: every download file, with its size and SHA-256, in a stable order. */
export function downloadsJson(files: readonly DownloadFile[]): string {
  return `${JSON.stringify({ files }, null, 2)}\n`;
}
