import type { DatasetRegistry } from '../datasets/dataset.ts';
import type { DownloadFile } from './download-list.ts';
import type { DownloadTable } from './download-tables.ts';
import { tableSchema } from './table-schema.ts';

/** The licence every upstream data set is published under (data/README.md, Provenance). */
const LICENSE = {
  name: 'other-open',
  title: 'University of Waterloo Open Data licence',
  path: 'https://uwaterloo.ca/open-data/university-waterloo-open-data-license-agreement-v1',
};

/** The sources of the package: each data set's upstream, once each, in registry order. */
function packageSources(tables: readonly DownloadTable[], registry: DatasetRegistry) {
  const names = [...new Set(tables.map((t) => t.dataset))];
  return names.flatMap((name) => {
    const source = registry[name]?.source;
    return source ? [{ title: `${source.repository} ${source.path} (${name})`, path: source.url }] : [];
  });
}

/**
 * The Frictionless Data Package (`/data/datapackage.json`): one tabular resource per table, its CSV file's path,
 * size and SHA-256, and its Table Schema derived from the table's record description.
 */
export function dataPackage(
  tables: readonly DownloadTable[],
  files: readonly DownloadFile[],
  registry: DatasetRegistry,
): Record<string, unknown> {
  const csvOf = (t: DownloadTable) => files.find((f) => f.format === 'csv' && f.path.endsWith(`/${t.name}.csv`));
  return {
    profile: 'tabular-data-package',
    name: 'campus-api',
    title: 'Campus API data sets',
    description: 'Every data set the campus API publishes, one CSV file per table, as the API publishes its records.',
    licenses: [LICENSE],
    sources: packageSources(tables, registry),
    resources: tables.map((t) => {
      const csv = csvOf(t);
      return {
        name: t.name,
        title: `${registry[t.dataset]?.title ?? t.dataset}: ${t.table.record.title}`,
        profile: 'tabular-data-resource',
        path: `${t.name}.csv`,
        format: 'csv',
        mediatype: 'text/csv',
        encoding: 'utf-8',
        ...(csv ? { bytes: csv.bytes, hash: `sha256:${csv.sha256}` } : {}),
        schema: tableSchema(t.table),
      };
    }),
  };
}
