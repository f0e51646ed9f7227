import type { ReadRecord, TableSpec } from '../datasets/dataset.ts';
import type { BrowseFacet } from '../records/browse-spec.ts';
import type { FieldSpec, PublishedRecord, RecordValue } from '../records/record-spec.ts';

/** The longest text a cell shows; a longer one is cut (its record's API file, when it has one, holds it whole). */
export const CELL_TEXT_MAX = 120;

/** The longest value of a short column, whose cells keep on one line (a date, a time, a code: `September 30, 2013`). */
export const SHORT_VALUE_MAX = 18;

/** The column of a record's last change time, when the times are given (changedAt). */
export const CHANGED_AT_COLUMN = 'changed_at';

/** One row of a table's page: its cells' text (null for no value), in column order, and its record's API file. */
export interface BrowseRow {
  cells: readonly (string | null)[];
  /** The site-relative link to the record's own API file, when it has one. */
  link?: string;
}

/** A table as its page shows it: its columns, its facets, and its rows in the record's order. */
export interface BrowseTable {
  columns: readonly string[];
  facets: readonly BrowseFacet[];
  rows: readonly BrowseRow[];
  /**
   * By column, whether every value is short (SHORT_VALUE_MAX): its cells are not wrapped, e.g. at a date's hyphen.
   * Without it, no column is.
   */
  short?: readonly boolean[];
}

/** What a table's rows are made with besides its records: their API files, and when each last changed. */
export interface RowSources {
  /** A record's API file, site-relative, when it has one. */
  linkOf?: (record: ReadRecord) => string | undefined;
  /** When a record last changed (Unix seconds); without it the table has no changed_at column. */
  changedAt?: (record: ReadRecord) => number | undefined;
}

/** The text a cell shows for a value: lists joined, a nested record by its first field, long text cut. */
export function cellText(value: RecordValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = Array.isArray(value)
    ? value.map((v) => (typeof v === 'object' && v !== null ? firstValue(v) : String(v))).join(', ')
    : typeof value === 'object'
      ? firstValue(value)
      : String(value);
  return text.length > CELL_TEXT_MAX ? `${text.slice(0, CELL_TEXT_MAX - 1).trimEnd()}…` : text;
}

/** A nested record's first value, as text. */
function firstValue(value: RecordValue): string {
  const first = Object.values(value as PublishedRecord)[0];
  return first === null || first === undefined ? '' : String(first);
}

/** The scalar fields a row shows: a nested record's own fields as `field.sub`, the rows' list as its items' fields. */
function columnFields(fields: readonly FieldSpec[], rowsOf: string | undefined): { name: string; path: string[] }[] {
  return fields.flatMap((f) => {
    if (f.type === 'object')
      return f.fields.map((sub) => ({ name: `${f.name}.${sub.name}`, path: [f.name, sub.name] }));
    if (f.name === rowsOf && f.type === 'record-list')
      return f.fields.map((sub) => ({ name: sub.name, path: [f.name, sub.name] }));
    return [{ name: f.name, path: [f.name] }];
  });
}

/** The value at a column's path in a record, or in the list item that makes the row. */
function valueAt(values: PublishedRecord, item: PublishedRecord | undefined, path: readonly string[]): RecordValue {
  const [head, sub] = path;
  const top = values[head!] ?? null;
  if (sub === undefined) return top;
  const holder = Array.isArray(top) ? item : top;
  if (!holder || typeof holder !== 'object' || Array.isArray(holder)) return null;
  return (holder as PublishedRecord)[sub] ?? null;
}

/** A Unix time as its UTC ISO 8601 text, seconds included (`2014-01-13T19:30:00Z`). */
function isoTime(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * A table's rows and columns from its record description and its records: a row a record, or, with the
 * table's `rowsOf`, a row per item of that list (a record without items gives one row, the item's cells empty).
 */
export function browseTable(spec: TableSpec, records: readonly ReadRecord[], sources: RowSources = {}): BrowseTable {
  const rowsOf = spec.browse?.rowsOf;
  const fields = columnFields(spec.record.fields, rowsOf);
  const times = sources.changedAt && records.map((r) => sources.changedAt!(r));
  const withTimes = times?.some((t) => t !== undefined) === true;
  const rows: BrowseRow[] = [];
  records.forEach((record, i) => {
    const values = record.values as PublishedRecord;
    const list = rowsOf === undefined ? undefined : values[rowsOf];
    const items = Array.isArray(list) && list.length > 0 ? (list as PublishedRecord[]) : [undefined];
    const link = sources.linkOf?.(record);
    const time = times?.[i];
    for (const item of items) {
      const cells = fields.map((f) => cellText(valueAt(values, item, f.path)));
      if (withTimes) cells.push(time === undefined ? null : isoTime(time));
      rows.push(link === undefined ? { cells } : { cells, link });
    }
  });
  const columns = [...fields.map((f) => f.name), ...(withTimes ? [CHANGED_AT_COLUMN] : [])];
  return { columns, facets: spec.browse?.facets ?? [], rows, short: shortColumns(columns.length, rows) };
}

/** By column, whether every row's value there is short (no value counts as short). */
function shortColumns(count: number, rows: readonly BrowseRow[]): boolean[] {
  return Array.from({ length: count }, (_, j) => rows.every((r) => (r.cells[j]?.length ?? 0) <= SHORT_VALUE_MAX));
}
