import { DATASETS, DIRECTORY_SOURCE } from './index.ts';
import { concretePath, FORMATS, type Format, type MethodEntry } from './directory.ts';
import { envelope, type Envelope } from '../records/envelope.ts';
import { methodRecord } from '../records/method-record.ts';
import type { PublishedRecord, RecordSpec } from '../records/record-spec.ts';
import { renderJson } from '../render/json.ts';
import { renderXml } from '../render/xml.ts';
import type { SiteData } from '../records/site-data.ts';
import { VERSION_SEGMENT } from '../records/version.ts';

/** The method record of one directory entry (specification 2.2). */
export function methodRecordOf(entry: MethodEntry, apiBase: string): PublishedRecord {
  return {
    method_id: entry.methodId,
    method_url: `${apiBase}${entry.path}`,
    service_id: entry.serviceId,
    service_name: entry.serviceName,
    parameters: entry.parameters,
  };
}

/** The records a dataset publishes: every row of every file, files in name order, rows in file order. */
export function datasetRecords(site: SiteData, name: string): PublishedRecord[] {
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

/** A method whose data the build publishes, with the records and their description. */
export interface PublishedMethod {
  entry: MethodEntry;
  record: RecordSpec;
  data: PublishedRecord[];
}

/** The methods that have data to publish, in directory order. */
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

/** Where a method's file in one format lives inside dist/: `v2/api/methods.json`. */
export function apiFilePath(entry: MethodEntry, format: Format): string {
  return `${VERSION_SEGMENT}${concretePath(entry, format)}`;
}

/** One file of the static API. */
export interface ApiFile {
  /** Path inside dist/, e.g. `v2/resources/infosessions.xml`. */
  path: string;
  methodId: number;
  format: Format;
  body: string;
}

/** The envelope of a published method. */
export function methodEnvelope(method: PublishedMethod, timestamp: number): Envelope {
  return envelope(method.entry.methodId, timestamp, method.data);
}

const RENDERERS: Record<Format, (doc: Envelope) => string> = { json: renderJson, xml: renderXml };

/** Every file of the static API: each published method in each format. */
export function renderApiFiles(published: readonly PublishedMethod[], timestamp: number): ApiFile[] {
  const files: ApiFile[] = [];
  for (const method of published) {
    const doc = methodEnvelope(method, timestamp);
    for (const format of FORMATS) {
      files.push({ path: apiFilePath(method.entry, format), methodId: method.entry.methodId, format, body: RENDERERS[format](doc) });
    }
  }
  return files;
}
