import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Envelope } from '../../src/core/records/envelope.ts';
import type { RecordValue } from '../../src/core/records/record-spec.ts';

// The test oracle of src/core/render/xml.ts: the same envelope built as one whole xmlbuilder2
// document. The published files and the property test must match it byte for byte.

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/**
 * xmlbuilder2's serializer leaves an `&` alone when it looks like the start of an entity
 * (`&amp;`, `&foo;`, `&#65;`), so a value holding such text would come out changed, or not
 * well-formed. Escaping every `&` first makes each one look like `&amp;`, which it then keeps.
 */
function guardAmpersands(text: string): string {
  return text.includes('&') ? text.replace(/&/g, '&amp;') : text;
}

/** Appends a value as the content of `el`: null as xsi:nil, a list as <item>s, anything else as text. */
function appendValue(el: XMLBuilder, value: RecordValue | Record<string, never>): void {
  if (value === null) {
    el.att(XSI, 'xsi:nil', 'true');
  } else if (Array.isArray(value)) {
    for (const item of value) appendValue(el.ele('item'), item as RecordValue);
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) appendValue(el.ele(k), v as RecordValue);
  } else if (typeof value === 'boolean') {
    el.txt(value ? 'true' : 'false');
  } else if (typeof value === 'string') {
    if (value !== '') el.txt(guardAmpersands(value));
  } else {
    el.txt(String(value));
  }
}

/** The xmlbuilder2 document of an envelope: `<response>` holding `<meta>` and `<data>`, each record an `<item>`. */
function documentOf(doc: Envelope): XMLBuilder {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('response', { 'xmlns:xsi': XSI });
  const meta = root.ele('meta');
  for (const [k, v] of Object.entries(doc.meta)) appendValue(meta.ele(k), v as RecordValue);
  const data = root.ele('data');
  // A list of records: an <item> each; one record (data an object): its fields in <data>.
  if (Array.isArray(doc.data)) {
    for (const record of doc.data as readonly Readonly<Record<string, RecordValue>>[]) {
      const item = data.ele('item');
      for (const [k, v] of Object.entries(record)) appendValue(item.ele(k), v);
    }
  } else {
    for (const [k, v] of Object.entries(doc.data)) appendValue(data.ele(k), v as RecordValue);
  }
  return root;
}

/**
 * The XML form of an envelope built as one xmlbuilder2 document: `<response>` holding `<meta>`
 * and `<data>`, each record an `<item>`, each field an element of its name. It is the
 * reference form `renderXml` (src/core/render/xml.ts) must match.
 */
export function renderXmlDocument(doc: Envelope): string {
  return `${documentOf(doc).end({ prettyPrint: true, wellFormed: true })}\n`;
}
