import { DATASETS } from './index.ts';
import type { MethodEntry, PublishedMethod } from '../records/method-entry.ts';
import { DIRECTORY_SOURCE, methodRecord } from '../records/method-record.ts';
import type { PublishedRecord } from '../records/record-spec.ts';
import type { SiteData } from '../records/site-data.ts';
import { methodUrl } from '../site/paths.ts';

/** The method record of one directory entry (specification 2.2). */
function methodRecordOf(entry: MethodEntry, apiBase: string): PublishedRecord {
  return {
    method_id: entry.methodId,
    method_url: methodUrl(apiBase, entry.path),
    service_id: entry.serviceId,
    service_name: entry.serviceName,
    parameters: entry.parameters,
  };
}

/** The records a dataset publishes: every row of every file, files in name order, rows in file order. */
function datasetRecords(site: SiteData, name: string): PublishedRecord[] {
  const fields = DATASETS[name]!.record.fields.map((f) => f.name);
  const out: PublishedRecord[] = [];
  for (const file of site.datasets[name] ?? []) {
    for (const row of file.rows) {
      const record: Record<string, string> = {};
      for (let i = 0; i < fields.length; i++) record[fields[i]!] = row[i]!;
      out.push(record);
    }
  }
  return out;
}

/** The methods that have data to publish, in directory order, each with its records. */
export function publishedMethods(site: SiteData, apiBase: string): PublishedMethod[] {
  const out: PublishedMethod[] = [];
  for (const entry of site.directory) {
    if (entry.source === DIRECTORY_SOURCE) {
      out.push({ entry, record: methodRecord, data: site.directory.map((e) => methodRecordOf(e, apiBase)) });
    } else if (entry.source && DATASETS[entry.source]) {
      out.push({ entry, record: DATASETS[entry.source]!.record, data: datasetRecords(site, entry.source) });
    }
  }
  return out;
}
