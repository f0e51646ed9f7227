import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import type { Envelope } from '../records/envelope.ts';
import type { PublishedRecord, RecordValue } from '../records/record-spec.ts';

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

/** Whether a value is text: filled into its field's markup per record. */
function isText(value: RecordValue): value is string | number {
  return (typeof value === 'string' && value !== '') || typeof value === 'number';
}

/** The shape of a value: its text (and a list's text items) as slots; empty strings and null as they are. */
function shapeOf(value: RecordValue): RecordValue {
  if (isText(value)) return SLOT;
  return Array.isArray(value) ? value.map((item: string) => (isText(item) ? SLOT : item)) : value;
}

/** The texts a value fills its shape's slots with, in order. */
function textsOf(value: RecordValue): (string | number)[] {
  if (isText(value)) return [value];
  return Array.isArray(value) ? value.filter(isText) : [];
}

/**
 * Renders a long envelope fast, with output identical to `renderXmlDocument` (tested by
 * property): xmlbuilder2 renders one prototype document holding the envelope and, as one item
 * each, every field's element for each shape of value the records hold (text and list items
 * as slots; empty strings and null as they are); each record then fills its fields' markup
 * with its escaped text. Building a DOM node per field of every record cost about 115 µs a
 * record; this costs a few.
 */
export function renderXml(doc: Envelope): string {
  if (doc.data.length === 0 || doc.data.some((r) => Object.keys(r).length === 0)) return renderXmlDocument(doc);
  const keyOf = (name: string, value: RecordValue) => (isText(value) ? name : `${name}\u0000${JSON.stringify(shapeOf(value))}`);
  const shapes = new Map<string, PublishedRecord>();
  for (const record of doc.data) {
    for (const name in record) {
      const key = keyOf(name, record[name]!);
      if (!shapes.has(key)) shapes.set(key, { [name]: shapeOf(record[name]!) });
    }
  }
  const whole = renderPrototype({ meta: doc.meta, data: [...shapes.values()] });
  const head = whole.slice(0, whole.indexOf('<data>\n') + '<data>\n'.length);
  const tail = whole.slice(whole.lastIndexOf('\n  </data>'));
  const open = whole.slice(head.length, whole.indexOf('\n', head.length) + 1);
  const close = whole.slice(whole.lastIndexOf('\n', whole.length - tail.length - 1), whole.length - tail.length);
  const elements = whole.slice(head.length + open.length, whole.length - tail.length - close.length).split(`${close}\n${open}`);
  if (elements.length !== shapes.size) throw new Error('the XML prototype does not hold one item per field shape');
  /** Each shape's markup, cut at its slots: one piece more than the texts it takes. */
  const markup = new Map<string, string[]>();
  [...shapes.entries()].forEach(([key, prototype], i) => {
    const pieces = elements[i]!.split(SLOT);
    if (pieces.length !== textsOf(Object.values(prototype)[0]!).length + 1) throw new Error(`the XML markup of ${key} does not hold its slots`);
    markup.set(key, pieces);
  });

  const parts: string[] = [];
  for (const record of doc.data) {
    const names = Object.keys(record);
    const fields: string[] = new Array(names.length);
    for (let i = 0; i < names.length; i++) {
      const value = record[names[i]!]!;
      const pieces = markup.get(keyOf(names[i]!, value))!;
      if (isText(value)) {
        fields[i] = pieces[0]! + escapeXmlText(String(value)) + pieces[1]!;
      } else {
        const texts = textsOf(value);
        let out = pieces[0]!;
        for (let k = 0; k < texts.length; k++) out += escapeXmlText(String(texts[k])) + pieces[k + 1]!;
        fields[i] = out;
      }
    }
    parts.push(open + fields.join('\n') + close);
  }
  return head + parts.join('\n') + tail;
}

/** The reference rendering of a prototype, unchecked: its slots are not characters XML allows. */
function renderPrototype(doc: Envelope): string {
  return `${documentOf(doc).end({ prettyPrint: true, wellFormed: false })}\n`;
}
