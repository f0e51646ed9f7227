import { type Envelope, envelope, noDataEnvelope } from '../records/envelope.ts';
import { FORMATS, type Format, type MethodEntry, type PublishedMethod } from '../records/method-entry.ts';
import type { PublishedRecord } from '../records/record-spec.ts';
import type { RenderContext } from '../site/address.ts';
import { sitePaths } from '../site/paths.ts';
import { jsonListing, LISTING_BATCH, type ListingText, listingChunks, renderJson } from './json.ts';
import type { OutputSpec } from './output.ts';
import { renderXml, xmlListing } from './xml.ts';

/** One file of the static API. */
export interface ApiFile extends OutputSpec<string | Iterable<string>> {
  /**
   * Path inside dist/, e.g. `v2/resources/infosessions.xml`; its text (`body`) rendered when asked, a long
   * listing's a batch of records at a time (listingChunks).
   */
  path: string;
  methodId: number;
  format: Format;
  /**
   * What its bytes are made from: the method's directory entry, the directory, where the site is served, the file's
   * parameters, format and timestamp, and its records, which stand in by what they are read from (the name of the
   * data set's files, SiteData.sources) where the method has a data set.
   */
  from: readonly unknown[];
}

const RENDERERS: Record<Format, (doc: Envelope) => string> = { json: renderJson, xml: renderXml };
const LISTINGS: Record<Format, (doc: Envelope & { data: readonly PublishedRecord[] }) => ListingText> = {
  json: jsonListing,
  xml: xmlListing,
};

/** Whether a file's text is given a batch at a time: a listing of more than a few batches (never held whole). */
function inChunks(doc: Envelope): boolean {
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
 * batch at a time, never held whole. `sources` name the data sets' files (SiteData.sources);
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
  const shared = [directory, { url: ctx.url, basePath: ctx.basePath, apiBase: ctx.apiBase }];
  for (const method of published) {
    const source = method.entry.source === undefined ? undefined : sources[method.entry.source];
    const timestamp = (method.entry.source === undefined ? undefined : times[method.entry.source]) ?? ctx.timestamp;
    for (const file of method.files) {
      const doc = fileEnvelope(method, file, timestamp);
      const chunks = inChunks(doc);
      const records = method.noData !== undefined ? null : source !== undefined ? `source:${source}` : file.data;
      for (const format of FORMATS) {
        yield {
          path: sitePaths.apiFile(method.entry, format, file.params),
          methodId: method.entry.methodId,
          format,
          from: [shared, method.entry, method.noData ?? null, file.params, format, records, timestamp],
          body: chunks
            ? () => listingChunks(LISTINGS[format](doc as Envelope & { data: readonly PublishedRecord[] }))
            : () => RENDERERS[format](doc),
        };
      }
    }
  }
}
