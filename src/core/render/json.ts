import type { Envelope } from '../records/envelope.ts';

/** The JSON form of an envelope: compact, UTF-8, ending in a newline. */
export function renderJson(doc: Envelope): string {
  return `${JSON.stringify(doc)}\n`;
}

/**
 * renderJson's text in pieces, the records of a list a batch at a time, for a listing too large
 * to hold as one text (a large archive's, tens of MB): joined, the pieces are renderJson(doc).
 */
export function* jsonChunks(doc: Envelope, batch = LISTING_BATCH): Generator<string> {
  if (!Array.isArray(doc.data)) {
    yield renderJson(doc);
    return;
  }
  const records: readonly unknown[] = doc.data;
  const [head, tail] = JSON.stringify({ ...doc, data: CUT }).split(JSON.stringify(CUT)) as [string, string];
  yield `${head}[`;
  // A batch as an array without its brackets: each record as JSON.stringify writes it in a list.
  for (let i = 0; i < records.length; i += batch)
    yield `${i > 0 ? ',' : ''}${JSON.stringify(records.slice(i, i + batch)).slice(1, -1)}`;
  yield `]${tail}\n`;
}

/** Records per piece of a listing rendered in pieces. */
export const LISTING_BATCH = 1000;

/** Where the records go in an envelope rendered in pieces. */
const CUT = '\u0000records\u0000';

/** The JSONP form: `callback(<envelope>);` for a callback name already checked as safe. */
export function renderJsonp(callback: string, json: string): string {
  return `/**/${callback}(${json.trimEnd()});\n`;
}
