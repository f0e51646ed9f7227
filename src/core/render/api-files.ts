import { envelope, noDataEnvelope, type Envelope } from '../records/envelope.ts';
import { FORMATS, type Format, type PublishedMethod } from '../records/method-entry.ts';
import type { RenderContext } from '../site/address.ts';
import { sitePaths } from '../site/paths.ts';
import { jsonChunks, LISTING_BATCH, renderJson } from './json.ts';
import { renderXml, xmlChunks } from './xml.ts';

/** One file of the static API. */
export interface ApiFile {
  /** Path inside dist/, e.g. `v2/resources/infosessions.xml`. */
  path: string;
  methodId: number;
  format: Format;
  /** Its text; a long listing's in pieces, made when asked (see jsonChunks). */
  body: string | (() => Iterable<string>);
}

const RENDERERS: Record<Format, (doc: Envelope) => string> = { json: renderJson, xml: renderXml };
const IN_PIECES: Record<Format, (doc: Envelope) => Iterable<string>> = { json: jsonChunks, xml: xmlChunks };

/** A file's text: whole, or for a listing of more than a few batches of records, in pieces (never held whole). */
function fileBody(doc: Envelope, format: Format): ApiFile['body'] {
  return Array.isArray(doc.data) && doc.data.length > 4 * LISTING_BATCH ? () => IN_PIECES[format](doc) : RENDERERS[format](doc);
}

/** The envelope of one of a method's files: its data, or the no-data answer (status 204) saying why there is none. */
export function fileEnvelope(method: PublishedMethod, file: PublishedMethod['files'][number], timestamp: number): Envelope {
  return method.noData !== undefined ? noDataEnvelope(method.entry.methodId, timestamp, method.noData) : envelope(method.entry.methodId, timestamp, file.data);
}

/** Every file of the static API, each rendered when asked for: a large listing is written a piece at a time, never held whole. */
export function* apiFiles(published: readonly PublishedMethod[], ctx: Pick<RenderContext, 'timestamp'>): Generator<ApiFile> {
  for (const method of published) {
    for (const file of method.files) {
      const doc = fileEnvelope(method, file, ctx.timestamp);
      for (const format of FORMATS) {
        yield { path: sitePaths.apiFile(method.entry, format, file.params), methodId: method.entry.methodId, format, body: fileBody(doc, format) };
      }
    }
  }
}
