import { metaRecord } from '../../records/meta-record.ts';
import type { PublishedMethod } from '../../records/method-entry.ts';
import type { FieldSpec, RecordSpec } from '../../records/record-spec.ts';

/** A JSON Schema document (2020-12), as plain data. */
export type JsonSchema = Record<string, unknown>;

/** The schema of a nested record's fields: every field required, no other allowed (an empty one allows nothing). */
function fieldsSchema(fields: readonly FieldSpec[]): JsonSchema {
  if (fields.length === 0) return { properties: {}, additionalProperties: false };
  return {
    required: fields.map((f) => f.name),
    additionalProperties: false,
    properties: Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)])),
  };
}

/** The JSON Schema of one field's value. */
function fieldSchema(field: FieldSpec): JsonSchema {
  const nullable = (type: string) => (field.nullable ? [type, 'null'] : type);
  const base: JsonSchema = { description: field.description };
  switch (field.type) {
    case 'string-list':
      return { ...base, type: nullable('array'), items: { type: 'string' } };
    case 'object':
      return { ...base, type: nullable('object'), ...fieldsSchema(field.fields) };
    case 'record-list':
      return { ...base, type: nullable('array'), items: { type: 'object', ...fieldsSchema(field.fields) } };
    default:
      return { ...base, type: nullable(field.type) };
  }
}

/** The JSON Schema of a record: every field required, no other field allowed. */
export function recordSchema(spec: RecordSpec): JsonSchema {
  return {
    title: spec.title,
    type: 'object',
    required: spec.fields.map((f) => f.name),
    additionalProperties: false,
    properties: Object.fromEntries(spec.fields.map((f) => [f.name, fieldSchema(f)])),
  };
}

/** The schema of meta; a published file's meta has its status and its own method ID. */
function metaSchema(methodId?: number, status = 200): JsonSchema {
  const schema = recordSchema(metaRecord) as { properties: Record<string, JsonSchema> } & JsonSchema;
  if (methodId !== undefined) {
    schema.properties = {
      ...schema.properties,
      status: { ...schema.properties.status, const: status },
      method_id: { ...schema.properties.method_id, const: methodId },
    };
  }
  return schema;
}

/** The schema of a method's `data`: a list of its records, one record, or (no data) an empty list. */
function dataSchema(method: Pick<PublishedMethod, 'record' | 'shape' | 'noData'>): JsonSchema {
  if (method.noData !== undefined || !method.record) return { type: 'array', maxItems: 0 };
  return method.shape === 'object'
    ? recordSchema(method.record)
    : { type: 'array', items: recordSchema(method.record) };
}

/** The whole envelope of a method's published files, as a standalone JSON Schema 2020-12 document. */
export function envelopeSchema(
  method: Pick<PublishedMethod, 'entry' | 'record' | 'shape' | 'noData'>,
  id: string,
): JsonSchema {
  const { entry, record, noData } = method;
  const title =
    noData !== undefined || !record
      ? 'no data published'
      : method.shape === 'object'
        ? record.title
        : `${record.title} listing`;
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    title: `Method ${entry.methodId}: ${title}`,
    type: 'object',
    required: ['meta', 'data'],
    additionalProperties: false,
    properties: {
      meta: metaSchema(entry.methodId, noData !== undefined ? 204 : 200),
      data: dataSchema(method),
    },
  };
}
