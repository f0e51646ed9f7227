import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { metaRecord } from '../../records/meta-record.ts';
import type { FieldSpec, RecordSpec } from '../../records/record-spec.ts';

const XS = 'http://www.w3.org/2001/XMLSchema';
const TYPES = { string: 'xs:string', integer: 'xs:integer', number: 'xs:decimal' } as const;

/** Declares one field as an element: nillable when the value may be null, lists as <item>s. */
function fieldElement(seq: XMLBuilder, field: FieldSpec): void {
  const attrs = { name: field.name, ...(field.nullable ? { nillable: 'true' } : {}) };
  if (field.type === 'string-list') {
    seq.ele('xs:element', attrs).ele('xs:complexType').ele('xs:sequence')
      .ele('xs:element', { name: 'item', type: 'xs:string', minOccurs: '0', maxOccurs: 'unbounded' });
  } else if (field.type === 'object') {
    seq.ele('xs:element', attrs).ele('xs:complexType').ele('xs:sequence');
  } else {
    const el = seq.ele('xs:element', { ...attrs, type: TYPES[field.type] });
    el.ele('xs:annotation').ele('xs:documentation').txt(field.description);
  }
}

/** The XML Schema of a method's published XML file: `<response>` with `<meta>` and `<data>` of `<item>`s. */
export function envelopeXsd(spec: RecordSpec): string {
  const schema = create({ version: '1.0', encoding: 'UTF-8' }).ele(XS, 'xs:schema', { elementFormDefault: 'qualified' });
  const response = schema.ele('xs:element', { name: 'response' }).ele('xs:complexType').ele('xs:sequence');
  const meta = response.ele('xs:element', { name: 'meta' }).ele('xs:complexType').ele('xs:sequence');
  for (const f of metaRecord.fields) fieldElement(meta, f);
  const item = response
    .ele('xs:element', { name: 'data' }).ele('xs:complexType').ele('xs:sequence')
    .ele('xs:element', { name: 'item', minOccurs: '0', maxOccurs: 'unbounded' }).ele('xs:complexType').ele('xs:sequence');
  for (const f of spec.fields) fieldElement(item, f);
  return `${schema.end({ prettyPrint: true })}\n`;
}
