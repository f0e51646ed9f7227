import type { Envelope } from '../records/envelope.ts';

/** The JSON form of an envelope: compact, UTF-8, ending in a newline. */
export function renderJson(doc: Envelope): string {
  return `${JSON.stringify(doc)}\n`;
}

/**
 * A listing's text in three parts: what comes before its records, the records from `start` to `end` as they follow
 * the ones before (joined in order, every batch makes the whole), and what comes after.
 */
export interface ListingText {
  head: string;
  records(start: number, end: number): string;
  tail: string;
  /** How many records the listing holds. */
  count: number;
}

/** renderJson's text of a listing, in its parts (ListingText). */
export function jsonListing(doc: Envelope & { data: readonly unknown[] }): ListingText {
  const records = doc.data;
  const [head, tail] = JSON.stringify({ ...doc, data: CUT }).split(JSON.stringify(CUT)) as [string, string];
  return {
    head: `${head}[`,
    // A batch as an array without its brackets: each record as JSON.stringify writes it in a list.
    records: (start, end) => `${start > 0 ? ',' : ''}${JSON.stringify(records.slice(start, end)).slice(1, -1)}`,
    tail: `]${tail}\n`,
    count: records.length,
  };
}

/** A listing's parts in pieces of `batch` records (see ListingText). */
export function* listingChunks(text: ListingText, batch = LISTING_BATCH): Generator<string> {
  yield text.head;
  for (let i = 0; i < text.count; i += batch) yield text.records(i, Math.min(i + batch, text.count));
  yield text.tail;
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
  yield* listingChunks(jsonListing(doc as Envelope & { data: readonly unknown[] }), batch);
}

/** Records per piece of a listing rendered in pieces. */
export const LISTING_BATCH = 1000;

/** Where the records go in an envelope rendered in pieces. */
const CUT = '\u0000records\u0000';

/** The JSONP form: `callback(<envelope>);` for a callback name already checked as safe. */
export function renderJsonp(callback: string, json: string): string {
  return `/**/${callback}(${json.trimEnd()});\n`;
}
