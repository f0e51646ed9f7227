import type { DataReport } from '../datasets/data-folder.ts';
import { DATASETS } from '../datasets/index.ts';
import { DIRECTORY_COLUMNS } from '../datasets/directory.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import { fieldNames } from '../records/record-spec.ts';

/** One record as the diff sees it: its values by field, and the file it stands in. */
export interface DiffRecord {
  key: string;
  file: string;
  values: Record<string, string>;
}

/** A field whose value differs between the two sides. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/** A record present on both sides with different values (or in another file). */
export interface RecordChange {
  key: string;
  file: string;
  fields: FieldChange[];
}

/** What changed in one dataset, records matched by their first field (the id). */
export interface DatasetDiff {
  dataset: string;
  added: DiffRecord[];
  removed: DiffRecord[];
  changed: RecordChange[];
}

/** What changed between two versions of the data folder. */
export interface DataDiff {
  datasets: DatasetDiff[];
  directory: { added: DiffRecord[]; removed: DiffRecord[]; changed: RecordChange[] };
}

/** Matches records by key and lists what was added, removed and changed. */
function diffRecords(before: DiffRecord[], after: DiffRecord[], fields: readonly string[]) {
  const old = new Map(before.map((r) => [r.key, r]));
  const now = new Map(after.map((r) => [r.key, r]));
  const added = after.filter((r) => !old.has(r.key));
  const removed = before.filter((r) => !now.has(r.key));
  const changed: RecordChange[] = [];
  for (const r of after) {
    const o = old.get(r.key);
    if (!o) continue;
    const diffs = fields.filter((f) => o.values[f] !== r.values[f]).map((f) => ({ field: f, before: o.values[f] ?? '', after: r.values[f] ?? '' }));
    if (o.file !== r.file) diffs.push({ field: '(file)', before: o.file, after: r.file });
    if (diffs.length > 0) changed.push({ key: r.key, file: r.file, fields: diffs });
  }
  return { added, removed, changed };
}

/** The records of one dataset in a report, keyed by their first field. */
function datasetRecords(report: DataReport, name: string): DiffRecord[] {
  const fields = fieldNames(DATASETS[name]!.record);
  return (report.datasets[name] ?? []).flatMap((file) =>
    file.rows.map((row) => ({
      key: row[0] ?? '',
      file: file.file,
      values: Object.fromEntries(fields.map((f, i) => [f, row[i] ?? ''])),
    })),
  );
}

/** The directory's rows as records keyed by method ID. */
function directoryRecords(entries: readonly MethodEntry[] | undefined): DiffRecord[] {
  const columns: Record<(typeof DIRECTORY_COLUMNS)[number], (e: MethodEntry) => unknown> = {
    method_id: (e) => e.methodId,
    path: (e) => e.path,
    service_id: (e) => e.serviceId,
    service_name: (e) => e.serviceName,
    enabled: (e) => (e.enabled === undefined ? '' : e.enabled ? 'yes' : 'no'),
    key_required: (e) => (e.keyRequired === undefined ? '' : e.keyRequired ? 'yes' : 'no'),
    data_type: (e) => e.dataType,
    update_frequency: (e) => e.updateFrequency,
    cache_seconds: (e) => e.cacheSeconds,
    usage_counting: (e) => e.usageCounting,
    purpose: (e) => e.purpose,
    source: (e) => e.source,
  };
  return (entries ?? []).map((e) => ({
    key: String(e.methodId),
    file: 'methods.csv',
    values: Object.fromEntries(DIRECTORY_COLUMNS.map((c) => [c, String(columns[c](e) ?? '')])),
  }));
}

/** Compares two readings of the data folder. */
export function diffData(before: DataReport, after: DataReport): DataDiff {
  const names = [...new Set([...Object.keys(before.datasets), ...Object.keys(after.datasets)])].sort();
  return {
    datasets: names.map((name) => ({
      dataset: name,
      ...diffRecords(datasetRecords(before, name), datasetRecords(after, name), fieldNames(DATASETS[name]!.record)),
    })),
    directory: diffRecords(directoryRecords(before.directory), directoryRecords(after.directory), DIRECTORY_COLUMNS),
  };
}

/** Whether anything changed at all. */
export function isEmptyDiff(diff: DataDiff): boolean {
  const empty = (d: { added: unknown[]; removed: unknown[]; changed: unknown[] }) => d.added.length + d.removed.length + d.changed.length === 0;
  return diff.datasets.every(empty) && empty(diff.directory);
}
