import { envelope, type Envelope } from '../records/envelope.ts';
import { FORMATS, type Format, type PublishedMethod } from '../records/method-entry.ts';
import type { RenderContext } from '../site/address.ts';
import { sitePaths } from '../site/paths.ts';
import { renderJson } from './json.ts';
import { renderXml } from './xml.ts';

/** One file of the static API. */
export interface ApiFile {
  /** Path inside dist/, e.g. `v2/resources/infosessions.xml`. */
  path: string;
  methodId: number;
  format: Format;
  body: string;
}

const RENDERERS: Record<Format, (doc: Envelope) => string> = { json: renderJson, xml: renderXml };

/** Every file of the static API, each rendered when asked for: a large listing can be written and released before the next is made. */
export function* apiFiles(published: readonly PublishedMethod[], ctx: Pick<RenderContext, 'timestamp'>): Generator<ApiFile> {
  for (const method of published) {
    const doc = envelope(method.entry.methodId, ctx.timestamp, method.data);
    for (const format of FORMATS) {
      yield { path: sitePaths.apiFile(method.entry, format), methodId: method.entry.methodId, format, body: RENDERERS[format](doc) };
    }
  }
}

/** Every file of the static API: each published method in each format. */
export function renderApiFiles(published: readonly PublishedMethod[], ctx: Pick<RenderContext, 'timestamp'>): ApiFile[] {
  return [...apiFiles(published, ctx)];
}
