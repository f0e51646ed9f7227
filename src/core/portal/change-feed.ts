import { type DataFileInput, readDataFiles, type SetReader } from '../datasets/data-folder.ts';
import type { DatasetRegistry, TableSpec, Tables } from '../datasets/dataset.ts';
import { DIRECTORY_SOURCE } from '../records/method-record.ts';
import { type PublishedRecord, project, type RecordValue } from '../records/record-spec.ts';
import { type DataDiff, type DatasetDiff, diffData, recordKey } from '../review/data-diff.ts';
import { downloadName } from './download-tables.ts';

/** A commit of the data's history, as the change feed is made from it: its data files before and after it. */
export interface HistoryCommit {
  id: string;
  time: number;
  message: string;
  before: readonly DataFileInput[];
  after: readonly DataFileInput[];
}

/** What one commit changed in one table: records added (whole), removed (their key), changed (key and new values). */
export interface TableChanges {
  dataset: string;
  table: string;
  /** The table's download files' base name (`/data/<download>.json`). */
  download: string;
  key: readonly string[];
  added: PublishedRecord[];
  removed: PublishedRecord[];
  changed: { key: PublishedRecord; values: PublishedRecord }[];
}

/** One entry of the change feed: a commit that changed the data, and what it changed in each table. */
export interface ChangeEntry {
  commit: string;
  time: number;
  message: string;
  tables: TableChanges[];
}

/** A record's key fields and their values. */
const keyOf = (table: Pick<TableSpec, 'key'>, values: PublishedRecord) =>
  Object.fromEntries(table.key.map((k) => [k, values[k] ?? null]));

/** A table's records by the diff's key. */
function byKey(tables: Tables | undefined, table: TableSpec): Map<string, PublishedRecord> {
  return new Map(
    (tables?.[table.name] ?? []).map((r) => [recordKey(table, r.values), project(r.values, table.record)]),
  );
}

/** A table's diff as a mirror applies it: the added records whole, the changed ones' changed fields with new values. */
function tableChanges(
  diff: DatasetDiff,
  registry: DatasetRegistry,
  before: Record<string, Tables>,
  after: Record<string, Tables>,
): TableChanges {
  const set = registry[diff.dataset]!;
  const table = set.tables.find((t) => t.name === diff.table)!;
  const old = byKey(before[diff.dataset], table);
  const now = byKey(after[diff.dataset], table);
  const fieldsOf = (values: PublishedRecord, fields: readonly string[]) =>
    Object.fromEntries(fields.map((f): [string, RecordValue] => [f, values[f] ?? null]));
  return {
    dataset: diff.dataset,
    table: diff.table,
    download: downloadName(diff.dataset, diff.table, set.tables.length),
    key: table.key,
    added: diff.added.map((r) => now.get(r.key)!),
    removed: diff.removed.map((r) => keyOf(table, old.get(r.key)!)),
    changed: diff.changed
      .map((c) => ({ key: keyOf(table, now.get(c.key)!), values: now.get(c.key)!, fields: c.fields }))
      .map((c) => ({
        key: c.key,
        values: fieldsOf(
          c.values,
          c.fields.map((f) => f.field).filter((f) => f !== '(file)'),
        ),
      }))
      .filter((c) => Object.keys(c.values).length > 0),
  };
}

/** The directory's key in the feed: a method's ID. */
const DIRECTORY_KEY = ['method_id'];

/**
 * What a commit changed in the method directory (`data/methods.csv`), as a table of the feed named `methods`: rows
 * added (every column of methods.csv, as text), removed (their method ID) and changed (the changed columns' new text).
 */
function directoryChanges(diff: DataDiff['directory']): TableChanges {
  const changed = diff.changed.map((c) => ({
    key: { method_id: c.key },
    values: Object.fromEntries(c.fields.filter((f) => f.field !== '(file)').map((f) => [f.field, f.after])),
  }));
  return {
    dataset: DIRECTORY_SOURCE,
    table: 'directory',
    download: DIRECTORY_SOURCE,
    key: DIRECTORY_KEY,
    added: diff.added.map((r) => r.values),
    removed: diff.removed.map((r) => ({ method_id: r.key })),
    changed: changed.filter((c) => Object.keys(c.values).length > 0),
  };
}

/**
 * A part reader that reads the same files once: what a file's reading makes depends on its bytes alone, and a commit's
 * files are the next older commit's files but those it changed (the same bytes, the same objects).
 */
export function rememberingReader(read: SetReader): SetReader {
  const ids = new WeakMap<Uint8Array, number>();
  let count = 0;
  const idOf = (bytes: Uint8Array): number => {
    const known = ids.get(bytes);
    if (known !== undefined) return known;
    ids.set(bytes, ++count);
    return count;
  };
  const seen = new Map<string, Tables>();
  return (set, files, findings) => {
    const key = `${set.name}\0${files.map((f) => `${f.rel}\0${idOf(f.bytes)}`).join('\0')}`;
    let tables = seen.get(key);
    if (!tables) seen.set(key, (tables = read(set, files, findings)));
    return tables;
  };
}

/**
 * The change feed's entries, newest first: for each commit, what it changed in each table of each data set, found by
 * the same engine as `npm run diff` (diffData: records matched by their natural key) over the files before and after
 * it, and what it changed in the method directory (`methods`, by method ID). A commit that changed no record is left
 * out.
 */
export function changeEntries(
  commits: readonly HistoryCommit[],
  registry: DatasetRegistry,
  readPart: SetReader,
): ChangeEntry[] {
  const entries: ChangeEntry[] = [];
  for (const c of commits) {
    const before = readDataFiles(c.before, (rel) => rel, registry, undefined, false, readPart);
    const after = readDataFiles(c.after, (rel) => rel, registry, undefined, false, readPart);
    const diff = diffData(before, after, registry);
    const tables = [
      ...diff.datasets.map((d) => tableChanges(d, registry, before.datasets, after.datasets)),
      directoryChanges(diff.directory),
    ].filter((t) => t.added.length + t.removed.length + t.changed.length > 0);
    if (tables.length > 0) entries.push({ commit: c.id, time: c.time, message: c.message, tables });
  }
  return entries;
}
