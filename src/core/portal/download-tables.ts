import type { DatasetRegistry, TableSpec } from '../datasets/dataset.ts';
import { type PublishedRecord, project } from '../records/record-spec.ts';
import type { SiteData } from '../records/site-data.ts';

/** One table a data set publishes for download: its data set, its description and key, its file name, its records. */
export interface DownloadTable {
  dataset: string;
  table: TableSpec;
  /** The files' base name: the data set's name, or `<set>-<table>` when the set has several tables. */
  name: string;
  /** The records' values as published (each cut to the table's description, in its field order). */
  rows: readonly PublishedRecord[];
}

/** The base name of a table's download files: the data set's name, or `<set>-<table>` when it has several tables. */
export function downloadName(dataset: string, table: string, tables: number): string {
  return tables === 1 ? dataset : `${dataset}-${table}`;
}

/** Every table of every data set read from a folder (derived sets, sets without files left out), in registry order. */
export function downloadTables(datasets: SiteData['datasets'], registry: DatasetRegistry): DownloadTable[] {
  const out: DownloadTable[] = [];
  for (const set of Object.values(registry)) {
    const tables = datasets[set.name];
    if (set.derived || !tables) continue;
    for (const table of set.tables) {
      out.push({
        dataset: set.name,
        table,
        name: downloadName(set.name, table.name, set.tables.length),
        rows: (tables[table.name] ?? []).map((r) => project(r.values, table.record)),
      });
    }
  }
  return out;
}
