// A long listing is rendered and written a chunk at a time (never held whole): its chunks, joined,
// must be the whole text byte for byte, whatever the batch size and wherever it cuts.
import { describe, expect, it } from 'vitest';
import { type Envelope, envelope } from '../../src/core/records/envelope.ts';
import type { RecordValue } from '../../src/core/records/record-spec.ts';
import { fileEnvelope } from '../../src/core/render/api-files.ts';
import { jsonListing, type ListingText, listingChunks, renderJson } from '../../src/core/render/json.ts';
import { renderXml, xmlListing } from '../../src/core/render/xml.ts';
import { createBuildContext } from '../../src/pipeline/context.ts';
import { ROOT } from '../helpers/build.ts';

/** A listing's text in chunks of `batch` records, joined: as the build writes it (listingChunks), a chunk a batch. */
const joined = (text: ListingText, batch: number) => [...listingChunks(text, batch)].join('');

/** An envelope whose data is a list. */
type Listing = Envelope & { data: readonly RecordValue[] };

describe('a listing in chunks', () => {
  const docs = createBuildContext(ROOT)
    .published.flatMap((m) => m.files.map((f) => fileEnvelope(m, f, 1700000000)))
    .filter((doc): doc is Listing => Array.isArray(doc.data));

  it.each([1, 7, 1000])(
    'joins to the whole JSON and XML of every listing of the real data (batches of %i)',
    (batch) => {
      for (const doc of docs) {
        expect(joined(jsonListing(doc), batch)).toBe(renderJson(doc));
        expect(joined(xmlListing(doc), batch)).toBe(renderXml(doc));
      }
    },
  );

  it('joins to the whole text of an empty list and a list of one', () => {
    const record = { a: 'x & <y>', b: null, c: [1, 2], d: { e: '' } };
    for (const data of [[], [record]]) {
      const doc = envelope(1, 0, data) as Listing;
      expect(joined(jsonListing(doc), 1)).toBe(renderJson(doc));
      expect(joined(xmlListing(doc), 1)).toBe(renderXml(doc));
    }
  });
});
