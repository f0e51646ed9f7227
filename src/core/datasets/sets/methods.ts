import type { MethodEntry } from '../../records/method-entry.ts';
import { DIRECTORY_SOURCE, methodRecord } from '../../records/method-record.ts';
import type { PublishedRecord } from '../../records/record-spec.ts';
import { serviceRecord } from '../../records/server-record.ts';
import { methodUrl } from '../../site/paths.ts';
import type { Dataset, ReadRecord } from '../dataset.ts';
import { methodProvenance } from '../provenance.ts';
// The registry lists this set too: it is read when a record is made, long after both modules are loaded.
import { DATASETS } from '../registry.ts';

/** A derived record: its values only (it stands in no data file). */
const derived = (values: PublishedRecord): ReadRecord => ({ values, fileKey: '' });

/**
 * The method record of one directory entry (specification 2.2), with its provenance: the data set that feeds it and
 * that set's upstream source.
 */
function methodRecordOf(entry: MethodEntry, apiBase: string): PublishedRecord {
  const provenance = methodProvenance(entry, DATASETS);
  const source = provenance?.source;
  return {
    method_id: entry.methodId,
    method_url: methodUrl(apiBase, entry.path),
    service_id: entry.serviceId,
    service_name: entry.serviceName,
    parameters: entry.parameters,
    data_set: provenance?.dataSet ?? null,
    data_source: source ? { repository: source.repository, path: source.path, url: source.url } : null,
  };
}

/** The services of the directory (method 1081), in order of first appearance, each with its methods' paths below it. */
function serviceRecords(directory: readonly MethodEntry[], apiBase: string): PublishedRecord[] {
  // Each service by its first method (which names it), with all its methods.
  const services = new Map<number, { first: MethodEntry; entries: MethodEntry[] }>();
  for (const entry of directory) {
    const service = services.get(entry.serviceId);
    if (service) service.entries.push(entry);
    else services.set(entry.serviceId, { first: entry, entries: [entry] });
  }
  return [...services.values()].map(({ first, entries }) => {
    const prefix = `/${first.serviceName}`;
    return {
      service_id: first.serviceId,
      service_name: first.serviceName,
      service_url: methodUrl(apiBase, prefix),
      methods: entries.map((e) => ({
        method_id: String(e.methodId),
        method_url: e.path.startsWith(`${prefix}/`) ? e.path.slice(prefix.length) : e.path,
      })),
    };
  });
}

/** The directory publishing itself: the method listing (1103) and the services grouping it (1081). */
export const dataset: Dataset = {
  name: DIRECTORY_SOURCE,
  title: 'The method directory, data/methods.csv',
  derived: true,
  tables: [],
  read: () => ({}),
  feeds: {
    1081: {
      record: serviceRecord,
      data: 'array',
      records: ({ directory, apiBase }) => serviceRecords(directory, apiBase).map(derived),
    },
    1103: {
      record: methodRecord,
      data: 'array',
      records: ({ directory, apiBase }) => directory.map((e) => derived(methodRecordOf(e, apiBase))),
    },
  },
};
