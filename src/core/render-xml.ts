import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Envelope } from './envelope.ts';
import type { PublishedRecord, RecordValue } from './records/record-spec.ts';

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
  for (const record of doc.data) {
    const item = data.ele('item');
    for (const [k, v] of Object.entries(record)) appendValue(item.ele(k), v);
  }
  return root;
}

/**
 * The XML form of an envelope built as one xmlbuilder2 document: `<response>` holding `<meta>`
 * and `<data>`, each record an `<item>`, each field an element of its name. It is the
 * reference form; `renderXml` gives the same text faster for long lists.
 */
export function renderXmlDocument(doc: Envelope): string {
  return `${documentOf(doc).end({ prettyPrint: true, wellFormed: true })}\n`;
}

/**
 * Escapes text the way xmlbuilder2 serialises a text node once `guardAmpersands` has run:
 * `&`, `<` and `>` become references, nothing else changes. (Values reaching the renderer
 * passed the data check, which refuses characters XML cannot hold.)
 */
export function escapeXmlText(text: string): string {
  return /[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text;
}

/**
 * A slot for a text value in a prototype document: U+FFFF never reaches the renderer (the
 * data check refuses it), so a slot cannot be mistaken for data.
 */
const SLOT = '\uFFFF';

/** Whether a field holds text (filled in per record) or a value whose markup is fixed (empty, null, a list). */
function isText(value: RecordValue): value is string | number {
  return (typeof value === 'string' && value !== '') || typeof value === 'number';
}

/** The key of a field's markup: its name, and its value unless that is text (`isText`). */
function variantKey(name: string, value: RecordValue): string {
  return isText(value) ? `${name}\u0000` : `${name}\u0000${JSON.stringify(value)}`;
}

/**
 * Renders a long envelope fast, with output identical to `renderXmlDocument` (tested by
 * property): xmlbuilder2 renders one prototype document holding the envelope and, as one item
 * each, every field's element for each kind of value the records hold (around a slot for
 * text; whole for an empty string, null or a list); each record then joins its fields' markup
 * with its escaped text. Building a DOM node per field of every record cost about 115 µs a
 * record; this costs a few.
 */
export function renderXml(doc: Envelope): string {
  if (doc.data.length === 0 || doc.data.some((r) => Object.keys(r).length === 0)) return renderXmlDocument(doc);
  const variants = new Map<string, PublishedRecord>();
  for (const record of doc.data) {
    for (const name in record) {
      const value = record[name]!;
      const key = variantKey(name, value);
      if (!variants.has(key)) variants.set(key, { [name]: isText(value) ? SLOT : value });
    }
  }
  const whole = renderPrototype({ meta: doc.meta, data: [...variants.values()] });
  const head = whole.slice(0, whole.indexOf('<data>\n') + '<data>\n'.length);
  const tail = whole.slice(whole.lastIndexOf('\n  </data>'));
  const open = whole.slice(head.length, whole.indexOf('\n', head.length) + 1);
  const close = whole.slice(whole.lastIndexOf('\n', whole.length - tail.length - 1), whole.length - tail.length);
  const elements = whole.slice(head.length + open.length, whole.length - tail.length - close.length).split(`${close}\n${open}`);
  if (elements.length !== variants.size) throw new Error('the XML prototype does not hold one item per field markup');
  /** Per field name: the markup around its text, and its whole markup for each other value. */
  const markup = new Map<string, { text: [before: string, after: string]; other: Map<string, string> }>();
  [...variants.keys()].forEach((key, i) => {
    const [name, json] = key.split('\u0000') as [string, string];
    let m = markup.get(name);
    if (!m) markup.set(name, (m = { text: ['', ''], other: new Map() }));
    if (json !== '') {
      m.other.set(json, elements[i]!);
      return;
    }
    const cut = elements[i]!.split(SLOT);
    if (cut.length !== 2) throw new Error(`the XML markup of ${name} does not hold its text once`);
    m.text = cut as [string, string];
  });

  const parts: string[] = [];
  for (const record of doc.data) {
    const names = Object.keys(record);
    const fields: string[] = new Array(names.length);
    for (let i = 0; i < names.length; i++) {
      const value = record[names[i]!]!;
      const m = markup.get(names[i]!)!;
      fields[i] = isText(value) ? m.text[0] + escapeXmlText(String(value)) + m.text[1] : m.other.get(JSON.stringify(value))!;
    }
    parts.push(open + fields.join('\n') + close);
  }
  return head + parts.join('\n') + tail;
}

/** The reference rendering of a prototype, unchecked: its slots are not characters XML allows. */
function renderPrototype(doc: Envelope): string {
  return `${documentOf(doc).end({ prettyPrint: true, wellFormed: false })}\n`;
}
