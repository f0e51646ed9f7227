import type { DataReport } from '../datasets/data-folder.ts';
import type { DatasetRegistry, TableSpec } from '../datasets/dataset.ts';
import { DIRECTORY_COLUMNS } from '../datasets/directory.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import { fieldNames, isNested, type RecordValue } from '../records/record-spec.ts';
import { nestedChanges } from './field-changes.ts';
import { SITE_LISTS } from './list-records.ts';
import { type RemovedPath, removedPaths } from './removed-paths.ts';

/** One record as the diff sees it: its values by field, and the file (and line) it stands in. */
export interface DiffRecord {
  key: string;
  file: string;
  line?: number;
  values: Record<string, string>;
}

/** A key held by more than one record on one side: the diff matches them in order, and a reviewer should know. */
export interface RepeatedKey {
  key: string;
  side: 'before' | 'after';
  /** Where each record holding it stands, `file:line`. */
  places: string[];
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
  /** Keys more than one record holds, on either side (the check's error): matched first to first, second to second. */
  repeated: RepeatedKey[];
}

/** What changed between two versions of the data folder. */
export interface DataDiff {
  datasets: DatasetDiff[];
  /** What changed in the site's own lists (programs, audiences, places: list-records.ts), in the same form. */
  lists: DatasetDiff[];
  directory: { added: DiffRecord[]; removed: DiffRecord[]; changed: RecordChange[]; repeated: RepeatedKey[] };
  /** API paths a record served before and none serves after: clients asking for them get 404. */
  removedPaths: RemovedPath[];
}

/**
 * Each record under the key it is matched by: its key, or for a later record holding a key already seen, its key and
 * how many came before (`2116`, then `2116\u00002`), so that repeated keys match in order instead of the last one
 * standing for all.
 */
function byOccurrence(records: readonly DiffRecord[]): Map<string, DiffRecord> {
  const seen = new Map<string, number>();
  const out = new Map<string, DiffRecord>();
  for (const r of records) {
    const n = (seen.get(r.key) ?? 0) + 1;
    seen.set(r.key, n);
    out.set(n === 1 ? r.key : `${r.key}\u0000${n}`, r);
  }
  return out;
}

/** The keys of one side more than one record holds, with where each stands. */
function repeatedKeys(records: readonly DiffRecord[], side: RepeatedKey['side']): RepeatedKey[] {
  const places = new Map<string, string[]>();
  for (const r of records) places.set(r.key, [...(places.get(r.key) ?? []), `${r.file}:${r.line ?? 1}`]);
  return [...places].filter(([, at]) => at.length > 1).map(([key, at]) => ({ key, side, places: at }));
}

/** The fields of two records that differ; a nested field leaf by leaf (nestedChanges), and a move to another file. */
function fieldChanges(o: DiffRecord, r: DiffRecord, fields: readonly string[], nested: ReadonlySet<string>) {
  const diffs = fields
    .filter((f) => o.values[f] !== r.values[f])
    .flatMap((f) =>
      nested.has(f)
        ? nestedChanges(f, o.values[f] ?? '', r.values[f] ?? '')
        : [{ field: f, before: o.values[f] ?? '', after: r.values[f] ?? '' }],
    );
  if (o.file !== r.file) diffs.push({ field: '(file)', before: o.file, after: r.file });
  return diffs;
}

/** Matches records by key (repeated keys in order) and lists what was added, removed and changed. */
function diffRecords(
  before: DiffRecord[],
  after: DiffRecord[],
  fields: readonly string[],
  nested: ReadonlySet<string> = new Set(),
) {
  const [old, now] = [byOccurrence(before), byOccurrence(after)];
  const added = [...now].filter(([k]) => !old.has(k)).map(([, r]) => r);
  const removed = [...old].filter(([k]) => !now.has(k)).map(([, r]) => r);
  const changed: RecordChange[] = [];
  for (const [k, r] of now) {
    const o = old.get(k);
    const diffs = o ? fieldChanges(o, r, fields, nested) : [];
    if (diffs.length > 0) changed.push({ key: r.key, file: r.file, fields: diffs });
  }
  const repeated = [...repeatedKeys(before, 'before'), ...repeatedKeys(after, 'after')];
  return { added, removed, changed, repeated };
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
    ...(r.at && { line: r.at.line }),
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

/** Whether one table's (or the directory's) comparison found nothing added, removed, changed or repeated. */
const unchanged = (d: { added: unknown[]; removed: unknown[]; changed: unknown[]; repeated: unknown[] }) =>
  d.added.length + d.removed.length + d.changed.length + d.repeated.length === 0;

/** Compares two readings of the data folder: every table of every data set, listing those that changed. */
export function diffData(before: DataReport, after: DataReport, registry: DatasetRegistry): DataDiff {
  const names = [...new Set([...Object.keys(before.datasets), ...Object.keys(after.datasets)])]
    .filter((n) => registry[n])
    .sort();
  const datasets: DatasetDiff[] = [];
  for (const name of names) {
    const set = registry[name]!;
    for (const table of set.tables) {
      const nested = new Set(table.record.fields.filter(isNested).map((f) => f.name));
      const changes = diffRecords(
        tableRecords(before, name, table),
        tableRecords(after, name, table),
        fieldNames(table.record),
        nested,
      );
      if (unchanged(changes)) continue;
      const label = set.tables.length === 1 ? name : `${name}/${table.name}`;
      datasets.push({ dataset: name, table: table.name, label, key: table.key, shown: shownFields(table), ...changes });
    }
  }
  return {
    datasets,
    lists: diffLists(before, after),
    directory: diffRecords(directoryRecords(before.directory), directoryRecords(after.directory), DIRECTORY_COLUMNS),
    removedPaths: removedPaths(before, after),
  };
}

/** What changed in each of the site's lists (SITE_LISTS), records matched by the list's key, as a data set's table. */
function diffLists(before: DataReport, after: DataReport): DatasetDiff[] {
  return SITE_LISTS.flatMap((list) => {
    const changes = diffRecords(list.records(before), list.records(after), list.columns);
    if (unchanged(changes)) return [];
    const { name, label, key, columns } = list;
    return [{ dataset: name, table: name, label, key, shown: columns, ...changes }];
  });
}

/** Whether anything changed at all. */
export function isEmptyDiff(diff: DataDiff): boolean {
  return (
    [...diff.datasets, ...diff.lists].every(unchanged) && unchanged(diff.directory) && diff.removedPaths.length === 0
  );
}
