/** The value types of a field that holds no fields of its own. */
export type ScalarType = 'string' | 'integer' | 'number' | 'boolean' | 'string-list';

/** The value types of a field that holds fields: one nested record, or a list of them. */
export type NestedType = 'object' | 'record-list';

/** The value types a record field can have in the published files. */
export type FieldType = ScalarType | NestedType;

/** What every field says: its name, whether it may be null, and what it means. */
interface FieldBase {
  name: string;
  /** Whether the value may be null (the specification allows it for every field). */
  nullable: boolean;
  description: string;
}

/** A field of a scalar type (or a list of strings). */
export interface ScalarField extends FieldBase {
  type: ScalarType;
}

/** A field holding one nested record (`object`) or a list of them (`record-list`), described field by field. */
export interface NestedField extends FieldBase {
  type: NestedType;
  fields: readonly FieldSpec[];
}

/** One field of a published record: the single description that the JSON, XML, schemas and pages follow. */
export type FieldSpec = ScalarField | NestedField;

/** A kind of record published in a method's `data`. */
export interface RecordSpec {
  /** Identifier used in schema names, e.g. `infosession`. */
  name: string;
  /** Human title, e.g. `Information session`. */
  title: string;
  fields: readonly FieldSpec[];
}

/** A value as published: text, a number, a boolean, null, a list, or a nested record. */
export type RecordValue =
  | string
  | number
  | boolean
  | null
  | readonly RecordValue[]
  | { readonly [field: string]: RecordValue };
/** A record as published: field name to value, in field order. */
export type PublishedRecord = Readonly<Record<string, RecordValue>>;

/** The TypeScript type of a value of a scalar type. */
type ScalarValue<T extends ScalarType> = T extends 'string'
  ? string
  : T extends 'integer' | 'number'
    ? number
    : T extends 'boolean'
      ? boolean
      : readonly string[];

/** The TypeScript type of one field's value: its type's, nested records field by field, `| null` when nullable. */
type FieldValue<F extends FieldSpec> =
  | (F extends { type: 'object'; fields: infer Fs extends readonly FieldSpec[] }
      ? FieldsOf<Fs>
      : F extends { type: 'record-list'; fields: infer Fs extends readonly FieldSpec[] }
        ? readonly FieldsOf<Fs>[]
        : F extends { type: infer T extends ScalarType }
          ? ScalarValue<T>
          : never)
  | (F extends { nullable: false } ? never : null);

/** A record of the given fields: each field's name to its value's type. */
type FieldsOf<Fs extends readonly FieldSpec[]> = { readonly [F in Fs[number] as F['name']]: FieldValue<F> };

/**
 * The type of a record its description describes: write the description `as const satisfies RecordSpec`, and
 * `RecordOf<typeof itsRecord>` is what its reader makes and later stages read (`string | null` for a nullable string).
 */
export type RecordOf<S extends Pick<RecordSpec, 'fields'>> = FieldsOf<S['fields']>;

/** The field names of a record kind, in order. */
export function fieldNames(spec: Pick<RecordSpec, 'fields'>): string[] {
  return spec.fields.map((f) => f.name);
}

/** Whether a field holds fields of its own. */
export function isNested(field: FieldSpec): field is NestedField {
  return field.type === 'object' || field.type === 'record-list';
}

/** Why a value does not fit a field's description, or undefined when it does. */
function valueProblem(value: RecordValue | undefined, field: FieldSpec, where: string): string | undefined {
  if (value === undefined) return `${where} is missing`;
  if (value === null) return field.nullable ? undefined : `${where} is null but may not be`;
  const bad = (what: string) => `${where} should be ${what}, not ${JSON.stringify(value)}`;
  switch (field.type) {
    case 'string':
      return typeof value === 'string' ? undefined : bad('a string');
    case 'integer':
      return Number.isSafeInteger(value) ? undefined : bad('an integer');
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : bad('a finite number');
    case 'boolean':
      return typeof value === 'boolean' ? undefined : bad('true or false');
    case 'string-list':
      return Array.isArray(value) && value.every((v) => typeof v === 'string') ? undefined : bad('a list of strings');
    case 'object':
      return typeof value === 'object' && !Array.isArray(value)
        ? recordProblem(value as PublishedRecord, field.fields, where)
        : bad('an object');
    case 'record-list':
      if (!Array.isArray(value)) return bad('a list of records');
      for (let i = 0; i < value.length; i++) {
        const item = value[i] as RecordValue;
        const problem =
          typeof item === 'object' && item !== null && !Array.isArray(item)
            ? recordProblem(item as PublishedRecord, field.fields, `${where}[${i}]`)
            : `${where}[${i}] should be a record`;
        if (problem) return problem;
      }
      return undefined;
  }
}

/**
 * Why a record does not fit the fields (a field missing, extra, out of order or of the wrong type);
 * undefined when it fits.
 */
export function recordProblem(
  record: PublishedRecord,
  fields: readonly FieldSpec[],
  where = 'the record',
): string | undefined {
  const names = Object.keys(record);
  const expected = fields.map((f) => f.name);
  if (names.join(',') !== expected.join(','))
    return `${where} has the fields ${names.join(', ') || '(none)'}, not ${expected.join(', ')}`;
  for (const field of fields) {
    const problem = valueProblem(record[field.name], field, `${where}.${field.name}`);
    if (problem) return problem;
  }
  return undefined;
}

/** The record holding only the fields of `spec`, in its order (a method may publish part of a data set's record). */
export function project(record: PublishedRecord, spec: Pick<RecordSpec, 'fields'>): PublishedRecord {
  const out: Record<string, RecordValue> = {};
  for (const f of spec.fields) out[f.name] = record[f.name] === undefined ? null : record[f.name]!;
  return out;
}
