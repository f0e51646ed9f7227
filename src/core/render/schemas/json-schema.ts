import type { FieldSpec, RecordSpec } from '../../records/record-spec.ts';
import { metaRecord } from '../../records/meta-record.ts';

/** A JSON Schema document (2020-12), as plain data. */
export type JsonSchema = Record<string, unknown>;

/** The JSON Schema of one field's value. */
function fieldSchema(field: FieldSpec): JsonSchema {
  const nullable = (type: string) => (field.nullable ? [type, 'null'] : type);
  const base: JsonSchema = { description: field.description };
  switch (field.type) {
    case 'string-list':
      return { ...base, type: nullable('array'), items: { type: 'string' } };
    case 'object':
      return { ...base, type: nullable('object'), properties: {}, additionalProperties: false };
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

/** The schema of meta; a published file's meta has status 200 and its own method ID. */
function metaSchema(methodId?: number): JsonSchema {
  const schema = recordSchema(metaRecord) as { properties: Record<string, JsonSchema> } & JsonSchema;
  if (methodId !== undefined) {
    schema.properties = {
      ...schema.properties,
      status: { ...schema.properties.status, const: 200 },
      method_id: { ...schema.properties.method_id, const: methodId },
    };
  }
  return schema;
}

/** The whole envelope of a method's published file, as a standalone JSON Schema 2020-12 document. */
export function envelopeSchema(spec: RecordSpec, methodId: number, id: string): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: id,
    title: `Method ${methodId}: ${spec.title} listing`,
    type: 'object',
    required: ['meta', 'data'],
    additionalProperties: false,
    properties: {
      meta: metaSchema(methodId),
      data: { type: 'array', items: recordSchema(spec) },
    },
  };
}
