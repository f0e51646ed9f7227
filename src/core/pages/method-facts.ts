import { FORMATS, type MethodEntry } from '../records/method-entry.ts';
import type { Provenance } from '../records/provenance.ts';
import type { MethodStatus } from '../render/catalogue.ts';
import { apiCacheControl } from '../site/http-policy.ts';
import { portalPaths, withBase } from '../site/paths.ts';
import { countsUsage } from '../site/usage-policy.ts';

/** One row of a method's summary: a term, its value, and a link where the value names a page. */
export interface MethodFact {
  term: string;
  value: string;
  href?: string;
}

/** A yes or no. */
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** A day as `2015-03-31` (UTC). */
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Whether the method is answered, in the directory's words or, where it is silent, by what this service does. */
function enabled(entry: MethodEntry, status: MethodStatus): string {
  if (entry.enabled !== undefined) return yesNo(entry.enabled);
  return status.kind === 'none'
    ? 'listed: this service answers its paths with 404 (no data set feeds it)'
    : 'yes: this service answers it';
}

/** What the original service's directory said, after what this service does, where the two may differ. */
const theirs = (ours: string, directory: string | undefined) =>
  directory === undefined ? ours : `${ours} (the original service's directory: ${directory})`;

/** Where the data comes from: the data set and its upstream file, else the directory's data type. */
function dataSource(entry: MethodEntry, provenance: Provenance | undefined): string {
  if (!provenance) return entry.dataType ?? 'none: no data set feeds it';
  const ours = provenance.source
    ? `the ${provenance.dataSet} data set, from ${provenance.source.repository}, ${provenance.source.path}`
    : `the ${provenance.dataSet} data set, kept in this repository: ${provenance.title}`;
  return theirs(ours, entry.dataType);
}

/** How often the data changes: with each build of its data set (when it last changed), else the directory's words. */
function updates(entry: MethodEntry, provenance: Provenance | undefined, changed: number | undefined): string {
  if (!provenance) return entry.updateFrequency ?? 'never: no data set feeds it';
  const last = changed === undefined ? '' : `; its data last changed on ${day(changed)}`;
  return theirs(`with each build of data/${last}`, entry.updateFrequency);
}

/**
 * The summary of a method's page: each fact in the directory's words; where the directory (the specification) is
 * silent, what this service does.
 */
export function methodFacts(
  entry: MethodEntry,
  status: MethodStatus,
  provenance: Provenance | undefined,
  changed: number | undefined,
  basePath: string,
): MethodFact[] {
  const source = provenance?.source;
  return [
    { term: 'Method ID', value: String(entry.methodId) },
    { term: 'Name', value: entry.name ?? `Method ${entry.methodId}` },
    provenance?.listed
      ? {
          term: 'Data set',
          value: provenance.dataSet,
          href: withBase(basePath, portalPaths.set(provenance.dataSet)),
        }
      : { term: 'Data set', value: provenance ? `${provenance.dataSet}: ${provenance.title}` : 'none' },
    ...(source ? [{ term: 'Source', value: `${source.repository}, ${source.path}`, href: source.url }] : []),
    { term: 'Service', value: `${entry.serviceName} (service ID ${entry.serviceId})` },
    { term: 'Enabled', value: enabled(entry, status) },
    {
      term: 'API key required',
      value: entry.keyRequired === undefined ? 'no: this service asks for none' : yesNo(entry.keyRequired),
    },
    { term: 'Formats', value: FORMATS.join(', ') },
    // The specification's "data type" is where the data comes from (CSV, a database), not a format.
    { term: 'Data source', value: dataSource(entry, provenance) },
    { term: 'Update frequency', value: updates(entry, provenance, changed) },
    {
      term: 'Cache time',
      value:
        entry.cacheSeconds === undefined
          ? `0 seconds: this service sends Cache-Control: ${apiCacheControl(entry)}`
          : `${entry.cacheSeconds} seconds`,
    },
    {
      term: 'Usage counting',
      value:
        entry.usageCounting ??
        (countsUsage(entry, true)
          ? "under npm start, each call that returns data counts towards its key's usage"
          : 'calls do not count towards usage'),
    },
  ];
}
