import type { TableSpec } from '../datasets/dataset.ts';
import type { FieldSpec, FieldType } from '../records/record-spec.ts';

/** A Frictionless Table Schema (https://specs.frictionlessdata.io/table-schema/), as plain data. */
export type TableSchema = Record<string, unknown>;

/** The Table Schema type of each described type: a list or nested record is a cell of JSON text. */
const FIELD_TYPES: Record<FieldType, string> = {
  string: 'string',
  integer: 'integer',
  number: 'number',
  boolean: 'boolean',
  'string-list': 'array',
  object: 'object',
  'record-list': 'array',
};

/** One field's Table Schema: its name, type, description, and `required` unless it may be null. */
function schemaField(field: FieldSpec): Record<string, unknown> {
  return {
    name: field.name,
    type: FIELD_TYPES[field.type],
    description: field.description,
    constraints: { required: !field.nullable },
  };
}

/**
 * The Table Schema of a table's CSV file, derived from its record description as the JSON Schemas are: a field per
 * described field, an empty cell read as null, and the natural key as primary key (unless the key may repeat).
 */
export function tableSchema(table: TableSpec): TableSchema {
  return {
    fields: table.record.fields.map(schemaField),
    missingValues: [''],
    ...(table.repeats ? {} : { primaryKey: [...table.key] }),
  };
}
