import type { Envelope } from '../records/envelope.ts';
import type { RecordValue } from '../records/record-spec.ts';
import type { ListingText } from './json.ts';

const XSI = 'http://www.w3.org/2001/XMLSchema-instance';

/** Escapes element text: `&`, `<` and `>` become references (the data check refuses what XML cannot hold). */
function escapeXmlText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text;
}

/** One element at an indentation: null as xsi:nil, lists as `<item>`s, objects field by field, empty as `<name/>`. */
function element(name: string, value: RecordValue | object, indent: string): string {
  if (value === null) return `${indent}<${name} xsi:nil="true"/>`;
  if (typeof value !== 'object') {
    const text = escapeXmlText(String(value));
    return text === '' ? `${indent}<${name}/>` : `${indent}<${name}>${text}</${name}>`;
  }
  const inner = `${indent}  `;
  const children = Array.isArray(value)
    ? value.map((item) => element('item', item, inner))
    : Object.keys(value).map((k) => element(k, (value as Record<string, RecordValue>)[k]!, inner));
  return children.length === 0
    ? `${indent}<${name}/>`
    : `${indent}<${name}>\n${children.join('\n')}\n${indent}</${name}>`;
}

/** What every XML file starts with: the declaration, `<response>` and its `<meta>`. */
function prolog(doc: Envelope): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<response xmlns:xsi="${XSI}">\n${element('meta', doc.meta, '  ')}\n`;
}

/**
 * The XML form of an envelope: `<response>` holding `<meta>` and `<data>`, each record an
 * `<item>`, each field an element of its name, indented by two spaces. Byte for byte what a
 * whole xmlbuilder2 document gives (test/helpers/xml-oracle.ts, checked by property and on the built files).
 */
export function renderXml(doc: Envelope): string {
  return `${prolog(doc)}${element('data', doc.data, '  ')}\n</response>\n`;
}

/** renderXml's text of a listing of records, in its parts (ListingText). */
export function xmlListing(doc: Envelope & { data: readonly RecordValue[] }): ListingText {
  const items = doc.data;
  // element('data', list): the items one level in, a line each, between <data> and </data>; no item, <data/>.
  const empty = items.length === 0;
  return {
    head: `${prolog(doc)}  <data${empty ? '/>' : '>\n'}`,
    records: (start, end) =>
      `${start > 0 ? '\n' : ''}${items
        .slice(start, end)
        .map((item) => element('item', item, '    '))
        .join('\n')}`,
    tail: `${empty ? '' : '\n  </data>'}\n</response>\n`,
    count: items.length,
  };
}
