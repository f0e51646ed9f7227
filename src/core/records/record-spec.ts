/** The value types a record field can have in the published files. */
export type FieldType = 'string' | 'integer' | 'number' | 'string-list' | 'object';

/** One field of a published record: the single description that the JSON, XML, schemas and pages follow. */
export interface FieldSpec {
  name: string;
  type: FieldType;
  /** Whether the value may be null (the specification allows it for every field). */
  nullable: boolean;
  description: string;
}

/** A kind of record published in a method's `data` array. */
export interface RecordSpec {
  /** Identifier used in schema names, e.g. `infosession`. */
  name: string;
  /** Human title, e.g. `Information session`. */
  title: string;
  fields: readonly FieldSpec[];
}

/** A record as published: field name to value, in field order. */
export type RecordValue = string | number | null | readonly string[];
export type PublishedRecord = Readonly<Record<string, RecordValue>>;

/** The field names of a record kind, in order. */
export function fieldNames(spec: RecordSpec): string[] {
  return spec.fields.map((f) => f.name);
}
