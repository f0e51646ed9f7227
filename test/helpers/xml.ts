import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Parses an XML document strictly, keeping every text exactly (no trimming, no number guessing). */
export function parseXml(xml: string): any {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`not well-formed XML: ${JSON.stringify(valid.err)}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (name) => name === 'item',
  });
  return parser.parse(xml);
}

/** Reads a parsed XML element back as the JSON value it stands for, given the expected JSON shape. */
export function xmlValue(node: any, like: unknown): unknown {
  if (node && typeof node === 'object' && node['@xsi:nil'] === 'true') return null;
  if (Array.isArray(like)) {
    const items = node === '' || node === undefined ? [] : (node.item ?? []);
    return items.map((x: unknown, i: number) => xmlValue(x, like[i]));
  }
  if (like && typeof like === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(like)) out[k] = xmlValue(node === '' ? undefined : node?.[k], v);
    return out;
  }
  const text = node === undefined ? '' : typeof node === 'object' ? (node['#text'] ?? '') : String(node);
  if (typeof like === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
  return typeof like === 'number' ? Number(text) : text;
}
