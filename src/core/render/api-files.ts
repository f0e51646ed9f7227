import { type Envelope, envelope, noDataEnvelope } from '../records/envelope.ts';
import { FORMATS, type Format, type MethodEntry, type PublishedMethod } from '../records/method-entry.ts';
import type { PublishedRecord } from '../records/record-spec.ts';
import type { RenderContext } from '../site/address.ts';
import { sitePaths } from '../site/paths.ts';
import { jsonListing, LISTING_BATCH, type ListingText, listingPieces, renderJson } from './json.ts';
import type { Made, MadeFile } from './made-file.ts';
import { sharedInput } from './shared-input.ts';
import { renderXml, xmlListing } from './xml.ts';

/** One file of the static API. */
export interface ApiFile extends MadeFile<string | Iterable<string | Made<string>>> {
  /**
   * Path inside dist/, e.g. `v2/resources/infosessions.xml`; its text (`body`) made when asked, a long
   * listing's in pieces (see madeListing).
   */
  path: string;
  methodId: number;
  format: Format;
  /**
   * What its bytes are made from (a digest of it lets a build skip making them: made-file.ts):
   * the method's directory entry, the directory, where the site is served, the file's parameters,
   * format and timestamp, and its records, which stand in by what they are read from (the digest of the data
   * set's files, SiteData.sources) where the method has a data set.
   */
  from: readonly unknown[];
  /** Whether the body is given in pieces (never held whole). */
  inPieces: boolean;
}

const RENDERERS: Record<Format, (doc: Envelope) => string> = { json: renderJson, xml: renderXml };
const LISTINGS: Record<Format, (doc: Envelope & { data: readonly PublishedRecord[] }) => ListingText> = {
  json: jsonListing,
  xml: xmlListing,
};

/**
 * A long listing's text in pieces (listingPieces), each batch of records made from its records' sources (the values
 * they were cut from, `cutFrom`, else the records themselves), its place, the method's entry (its record description)
 * and the format: a build that changed one record makes one piece again and takes the others' bytes from the file
 * before.
 */
function madeListing(
  text: ListingText,
  entry: MethodEntry,
  format: Format,
  records: readonly PublishedRecord[],
): Iterable<string | Made<string>> {
  return listingPieces(text, (start, end) => ({
    from: [entry, format, start, end, ...records.slice(start, end)],
    make: () => text.records(start, end),
  }));
}

/** Whether a file's text is given in pieces: a listing of more than a few batches of records (never held whole). */
function inPieces(doc: Envelope): boolean {
  return Array.isArray(doc.data) && doc.data.length > 4 * LISTING_BATCH;
}

/** The envelope of one of a method's files: its data, or the no-data answer (status 204) saying why there is none. */
export function fileEnvelope(
  method: PublishedMethod,
  file: PublishedMethod['files'][number],
  timestamp: number,
): Envelope {
  return method.noData !== undefined
    ? noDataEnvelope(method.entry.methodId, timestamp, method.noData)
    : envelope(method.entry.methodId, timestamp, file.data);
}

/**
 * Every file of the static API, each rendered when asked for: a large listing is written a
 * piece at a time, never held whole. `sources` are the data sets' digests (SiteData.sources);
 * a method whose data set has none is made from its records themselves. `times` are when each
 * data set's data last changed, by name: a method's files carry its data set's time as
 * meta.timestamp (when its data last changed), else the build's (`ctx.timestamp`).
 */
export function* apiFiles(
  published: readonly PublishedMethod[],
  ctx: RenderContext,
  directory: readonly MethodEntry[],
  sources: Readonly<Record<string, string>> = {},
  times: Readonly<Record<string, number>> = {},
): Generator<ApiFile> {
  // The timestamp is each file's own (below): a data set's files are not made anew for another's change.
  // A method's entry is in every file of the method: each is read once by the digests.
  for (const method of published) sharedInput(method.entry);
  const shared = sharedInput([directory, { url: ctx.url, basePath: ctx.basePath, apiBase: ctx.apiBase }]);
  for (const method of published) {
    const source = method.entry.source === undefined ? undefined : sources[method.entry.source];
    const timestamp = (method.entry.source === undefined ? undefined : times[method.entry.source]) ?? ctx.timestamp;
    for (const file of method.files) {
      const doc = fileEnvelope(method, file, timestamp);
      const pieces = inPieces(doc);
      const records = method.noData !== undefined ? null : source !== undefined ? `source:${source}` : file.data;
      for (const format of FORMATS) {
        yield {
          path: sitePaths.apiFile(method.entry, format, file.params),
          methodId: method.entry.methodId,
          format,
          from: [shared, method.entry, method.noData ?? null, file.params, format, records, timestamp],
          body: pieces
            ? () => {
                const list = doc as Envelope & { data: readonly PublishedRecord[] };
                return madeListing(LISTINGS[format](list), method.entry, format, file.cutFrom ?? list.data);
              }
            : () => RENDERERS[format](doc),
          inPieces: pieces,
        };
      }
    }
  }
}
