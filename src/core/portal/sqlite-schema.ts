import type { TableSpec } from '../datasets/dataset.ts';
import { type FieldSpec, isNested, type RecordValue } from '../records/record-spec.ts';
import type { DownloadTable } from './download-tables.ts';

/** A value SQLite stores: text, a number, or null (a boolean as 0 or 1, a list or record as JSON text). */
export type SqlValue = string | number | null;

/** How one table is made in the database: its name, its statements (CREATE TABLE and indexes), its insert and rows. */
export interface SqlTable {
  name: string;
  create: readonly string[];
  insert: string;
  rows: readonly (readonly SqlValue[])[];
}

/** A name quoted as an SQL identifier. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The SQL table of a download: its base name with hyphens as underscores (`exam_schedule`, `quest_groups`). */
export function sqlTableName(downloadName: string): string {
  return downloadName.replaceAll('-', '_');
}

/** A field's column type: TEXT for text and JSON, INTEGER for integers and booleans, REAL for numbers. */
function columnType(field: FieldSpec): string {
  if (field.type === 'integer' || field.type === 'boolean') return 'INTEGER';
  return field.type === 'number' ? 'REAL' : 'TEXT';
}

/** A value as SQLite stores it. */
function sqlValue(value: RecordValue | undefined): SqlValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  return typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value);
}

/**
 * The fields a developer filters a table on, each given an index: every field of a natural key (of any table of any
 * data set: a term, a subject, a building code) the table holds, but the primary key's first, which the key indexes.
 */
function indexedFields(table: TableSpec, keyFields: ReadonlySet<string>): string[] {
  const leading = table.repeats ? undefined : table.key[0];
  return table.record.fields
    .filter((f) => !isNested(f) && keyFields.has(f.name) && f.name !== leading)
    .map((f) => f.name);
}

/** How each download table is made in the SQLite database: its key as primary key, indexes, and its rows. */
export function sqlTables(tables: readonly DownloadTable[]): SqlTable[] {
  const keyFields = new Set(tables.flatMap((t) => t.table.key));
  return tables.map((t) => {
    const name = sqlTableName(t.name);
    const fields = t.table.record.fields;
    const columns = fields.map((f) => `${quoted(f.name)} ${columnType(f)}${f.nullable ? '' : ' NOT NULL'}`);
    const key = t.table.key.map(quoted).join(', ');
    if (!t.table.repeats) columns.push(`PRIMARY KEY (${key})`);
    const indexes = indexedFields(t.table, keyFields).map(
      (f) => `CREATE INDEX ${quoted(`${name}_${f}`)} ON ${quoted(name)} (${quoted(f)})`,
    );
    if (t.table.repeats) indexes.unshift(`CREATE INDEX ${quoted(`${name}_key`)} ON ${quoted(name)} (${key})`);
    return {
      name,
      create: [`CREATE TABLE ${quoted(name)} (\n  ${columns.join(',\n  ')}\n)`, ...indexes],
      insert: `INSERT INTO ${quoted(name)} VALUES (${fields.map(() => '?').join(', ')})`,
      rows: t.rows.map((r) => fields.map((f) => sqlValue(r[f.name]))),
    };
  });
}
