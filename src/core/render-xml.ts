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
const slot = (i: number) => `\uFFFF${i}\uFFFF`;
const SLOT = /\uFFFF(\d+)\uFFFF/;

/** What an `<item>` looks like for one shape of record: markup pieces around its text fields. */
interface ItemTemplate {
  /** Markup, then alternately a field index and markup: `pieces.length === fields.length * 2 + 1`. */
  pieces: string[];
  fields: number[];
}

/** Whether a field holds text (filled in per record) or something the template holds whole. */
function isText(value: RecordValue): value is string | number {
  return (typeof value === 'string' && value !== '') || typeof value === 'number';
}

/** The shape of a record: which fields are text; anything else is part of the key as it is. */
function shapeKey(values: RecordValue[]): string {
  let key = '';
  for (const v of values) key += isText(v) ? 't' : `[${JSON.stringify(v)}]`;
  return key;
}

/**
 * Renders a long envelope fast, with output identical to `renderXmlDocument`: xmlbuilder2
 * renders one prototype `<item>` per shape of record (slots where its text goes) and the
 * envelope around it; each record then fills its shape's template with its escaped text.
 * Building a DOM node per field of every record cost about 115 µs a record; this costs a few.
 */
export function renderXml(doc: Envelope): string {
  if (doc.data.length === 0) return renderXmlDocument(doc);
  const templates = new Map<string, ItemTemplate>();
  let frame: { head: string; tail: string } | undefined;
  const parts: string[] = [];
  for (const record of doc.data) {
    const keys = Object.keys(record);
    const values = keys.map((k) => record[k]!);
    const key = `${keys.join('\u0000')}\u0001${shapeKey(values)}`;
    let template = templates.get(key);
    if (!template) {
      const prototype: PublishedRecord = Object.fromEntries(keys.map((k, i) => [k, isText(values[i]!) ? slot(i) : values[i]!]));
      const text = renderPrototype({ meta: doc.meta, data: [prototype] });
      const open = text.indexOf('<data>\n');
      const close = text.lastIndexOf('\n  </data>');
      frame ??= { head: text.slice(0, open + '<data>\n'.length), tail: text.slice(close) };
      template = cutTemplate(text.slice(open + '<data>\n'.length, close));
      const textFields = values.flatMap((v, i) => (isText(v) ? [i] : []));
      if (template.fields.join() !== textFields.join()) throw new Error('XML item template does not match its record');
      templates.set(key, template);
    }
    const { pieces, fields } = template;
    let out = pieces[0]!;
    for (let i = 0; i < fields.length; i++) out += escapeXmlText(String(values[fields[i]!])) + pieces[i + 1]!;
    parts.push(out);
  }
  return frame!.head + parts.join('\n') + frame!.tail;
}

/** The reference rendering of a prototype, unchecked: its slots are not characters XML allows. */
function renderPrototype(doc: Envelope): string {
  return `${documentOf(doc).end({ prettyPrint: true, wellFormed: false })}\n`;
}

/** Cuts a rendered prototype item at its slots. */
function cutTemplate(item: string): ItemTemplate {
  const split = item.split(SLOT);
  return { pieces: split.filter((_, i) => i % 2 === 0), fields: split.filter((_, i) => i % 2 === 1).map(Number) };
}
