import type { DataReport } from '../datasets/data-folder.ts';
import type { DatasetRegistry, TableSpec } from '../datasets/dataset.ts';
import { DIRECTORY_COLUMNS } from '../datasets/directory.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import { fieldNames, isNested, type RecordValue } from '../records/record-spec.ts';

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

/** What changed in one table of a data set, records matched by the table's natural key. */
export interface DatasetDiff {
  dataset: string;
  table: string;
  /** How the diff names it: the data set, or `set/table` when the set has several tables. */
  label: string;
  /** The natural key's fields, and the fields a table of added or removed records shows. */
  key: readonly string[];
  shown: readonly string[];
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
    const diffs = fields
      .filter((f) => o.values[f] !== r.values[f])
      .map((f) => ({ field: f, before: o.values[f] ?? '', after: r.values[f] ?? '' }));
    if (o.file !== r.file) diffs.push({ field: '(file)', before: o.file, after: r.file });
    if (diffs.length > 0) changed.push({ key: r.key, file: r.file, fields: diffs });
  }
  return { added, removed, changed };
}

/** A value as the diff shows it: text as it is, anything else as JSON (null as empty). */
function shownValue(value: RecordValue | undefined): string {
  return value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
}

/** A record's natural key as the diff writes it: the key fields' values, shown, joined by spaces (`1139 CS 135`). */
export function recordKey(table: Pick<TableSpec, 'key'>, values: Readonly<Record<string, RecordValue>>): string {
  return table.key.map((k) => shownValue(values[k])).join(' ');
}

/** The records of one table in a report, keyed by the table's natural key. */
function tableRecords(report: DataReport, dataset: string, table: TableSpec): DiffRecord[] {
  const fields = fieldNames(table.record);
  return (report.datasets[dataset]?.[table.name] ?? []).map((r) => ({
    key: recordKey(table, r.values),
    file: r.at?.file ?? '',
    values: Object.fromEntries(fields.map((f) => [f, shownValue(r.values[f])])),
  }));
}

/** The fields a table of whole records shows: the table's choice, or its key and the next three plain fields. */
function shownFields(table: TableSpec): readonly string[] {
  if (table.shown) return table.shown;
  const plain = table.record.fields.filter((f) => !isNested(f) && !table.key.includes(f.name)).map((f) => f.name);
  return [...table.key, ...plain.slice(0, 3)];
}

/** The directory's rows as records keyed by method ID. */
function directoryRecords(entries: readonly MethodEntry[] | undefined): DiffRecord[] {
  const columns: Record<(typeof DIRECTORY_COLUMNS)[number], (e: MethodEntry) => unknown> = {
    method_id: (e) => e.methodId,
    path: (e) => e.path,
    service_id: (e) => e.serviceId,
    service_name: (e) => e.serviceName,
    name: (e) => e.name,
    enabled: (e) => (e.enabled === undefined ? '' : e.enabled ? 'yes' : 'no'),
    key_required: (e) => (e.keyRequired === undefined ? '' : e.keyRequired ? 'yes' : 'no'),
    data_type: (e) => e.dataType,
    update_frequency: (e) => e.updateFrequency,
    cache_seconds: (e) => e.cacheSeconds,
    usage_counting: (e) => e.usageCounting,
    purpose: (e) => e.purpose,
    source: (e) => e.source,
    no_data_note: (e) => e.noDataNote,
  };
  return (entries ?? []).map((e) => ({
    key: String(e.methodId),
    file: 'methods.csv',
    values: Object.fromEntries(DIRECTORY_COLUMNS.map((c) => [c, String(columns[c](e) ?? '')])),
  }));
}

/** Whether one table's (or the directory's) comparison found nothing added, removed or changed. */
const unchanged = (d: { added: unknown[]; removed: unknown[]; changed: unknown[] }) =>
  d.added.length + d.removed.length + d.changed.length === 0;

/** Compares two readings of the data folder: every table of every data set, listing those that changed. */
export function diffData(before: DataReport, after: DataReport, registry: DatasetRegistry): DataDiff {
  const names = [...new Set([...Object.keys(before.datasets), ...Object.keys(after.datasets)])]
    .filter((n) => registry[n])
    .sort();
  const datasets: DatasetDiff[] = [];
  for (const name of names) {
    const set = registry[name]!;
    for (const table of set.tables) {
      const changes = diffRecords(
        tableRecords(before, name, table),
        tableRecords(after, name, table),
        fieldNames(table.record),
      );
      if (unchanged(changes)) continue;
      const label = set.tables.length === 1 ? name : `${name}/${table.name}`;
      datasets.push({ dataset: name, table: table.name, label, key: table.key, shown: shownFields(table), ...changes });
    }
  }
  return {
    datasets,
    directory: diffRecords(directoryRecords(before.directory), directoryRecords(after.directory), DIRECTORY_COLUMNS),
  };
}

/** Whether anything changed at all. */
export function isEmptyDiff(diff: DataDiff): boolean {
  return diff.datasets.every(unchanged) && unchanged(diff.directory);
}
