import { createRequire } from 'node:module';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { metaRecord } from '../../records/meta-record.ts';
import type { PublishedMethod } from '../../records/method-entry.ts';
import type { FieldSpec } from '../../records/record-spec.ts';

const XS = 'http://www.w3.org/2001/XMLSchema';

type Xmlbuilder2 = typeof import('xmlbuilder2');
let xmlbuilder2: Xmlbuilder2 | undefined;
/**
 * xmlbuilder2, loaded when a schema is first made rather than when the build starts: loading it
 * costs about 65 ms, and most builds make no schema (the schemas' inputs did not change).
 */
function xml(): Xmlbuilder2 {
  xmlbuilder2 ??= createRequire(import.meta.url)('xmlbuilder2') as Xmlbuilder2;
  return xmlbuilder2;
}
const TYPES = { string: 'xs:string', integer: 'xs:integer', number: 'xs:decimal', boolean: 'xs:boolean' } as const;

/** Declares a sequence of fields as elements, nested records within. */
function fieldElements(seq: XMLBuilder, fields: readonly FieldSpec[]): void {
  for (const f of fields) fieldElement(seq, f);
}

/** Declares one field as an element: nillable when the value may be null, lists as <item>s, records field by field. */
function fieldElement(seq: XMLBuilder, field: FieldSpec): void {
  const attrs = { name: field.name, ...(field.nullable ? { nillable: 'true' } : {}) };
  if (field.type === 'string-list') {
    seq
      .ele('xs:element', attrs)
      .ele('xs:complexType')
      .ele('xs:sequence')
      .ele('xs:element', { name: 'item', type: 'xs:string', minOccurs: '0', maxOccurs: 'unbounded' });
  } else if (field.type === 'object') {
    fieldElements(seq.ele('xs:element', attrs).ele('xs:complexType').ele('xs:sequence'), field.fields);
  } else if (field.type === 'record-list') {
    const item = seq
      .ele('xs:element', attrs)
      .ele('xs:complexType')
      .ele('xs:sequence')
      .ele('xs:element', { name: 'item', minOccurs: '0', maxOccurs: 'unbounded' })
      .ele('xs:complexType')
      .ele('xs:sequence');
    fieldElements(item, field.fields);
  } else {
    const el = seq.ele('xs:element', { ...attrs, type: TYPES[field.type] });
    el.ele('xs:annotation').ele('xs:documentation').txt(field.description);
  }
}

/**
 * The XML Schema of a method's published XML files: `<response>` with `<meta>` and `<data>`,
 * which holds an `<item>` per record, the one record's fields, or nothing (no data).
 */
export function envelopeXsd(method: Pick<PublishedMethod, 'record' | 'shape' | 'noData'>): string {
  const schema = xml().create({ version: '1.0', encoding: 'UTF-8' }).ele(XS, 'xs:schema', {
    elementFormDefault: 'qualified',
  });
  const response = schema.ele('xs:element', { name: 'response' }).ele('xs:complexType').ele('xs:sequence');
  const meta = response.ele('xs:element', { name: 'meta' }).ele('xs:complexType').ele('xs:sequence');
  fieldElements(meta, metaRecord.fields);
  const data = response.ele('xs:element', { name: 'data' }).ele('xs:complexType').ele('xs:sequence');
  if (method.noData === undefined && method.record) {
    if (method.shape === 'object') fieldElements(data, method.record.fields);
    else
      fieldElements(
        data
          .ele('xs:element', { name: 'item', minOccurs: '0', maxOccurs: 'unbounded' })
          .ele('xs:complexType')
          .ele('xs:sequence'),
        method.record.fields,
      );
  }
  return `${schema.end({ prettyPrint: true })}\n`;
}
