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

/**
 * A listing's text in pieces, never held whole (a large archive's is tens of MB): its head, each batch of `batch`
 * records as `piece` gives it (`text.records`, or a piece made when asked: api-files.ts), and its tail. Joined, the
 * text's pieces are the whole text.
 */
export function* listingPieces<T>(
  text: ListingText,
  piece: (start: number, end: number) => T,
  batch = LISTING_BATCH,
): Generator<string | T> {
  yield text.head;
  for (let start = 0; start < text.count; start += batch) yield piece(start, Math.min(start + batch, text.count));
  yield text.tail;
}

/** Records per piece of a listing rendered in pieces. */
export const LISTING_BATCH = 1000;

/** Where the records go in an envelope rendered in pieces. */
const CUT = '\u0000records\u0000';

/** The JSONP form: `callback(<envelope>);` for a callback name already checked as safe. */
export function renderJsonp(callback: string, json: string): string {
  return `/**/${callback}(${json.trimEnd()});\n`;
}
