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
 * A listing's text a batch of records at a time, never held whole (a large archive's is tens of MB): its head, each
 * batch of `batch` records (`text.records`), and its tail. Joined, they are the whole text.
 */
export function* listingChunks(text: ListingText, batch = LISTING_BATCH): Generator<string> {
  yield text.head;
  for (let start = 0; start < text.count; start += batch)
    yield text.records(start, Math.min(start + batch, text.count));
  yield text.tail;
}

/** Records per chunk of a listing rendered a batch at a time. */
export const LISTING_BATCH = 1000;

/** Where the records go in an envelope rendered a batch at a time. */
const CUT = '\u0000records\u0000';

/** The JSONP form: `callback(<envelope>);` for a callback name already checked as safe. */
export function renderJsonp(callback: string, json: string): string {
  return `/**/${callback}(${json.trimEnd()});\n`;
}
