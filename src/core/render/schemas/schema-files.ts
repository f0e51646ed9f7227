import type { PublishedMethod } from '../../records/method-entry.ts';
import type { SiteData } from '../../records/site-data.ts';
import type { RenderContext } from '../../site/address.ts';
import { sitePaths } from '../../site/paths.ts';
import { type OutputSpec, rendering, type TextFile } from '../output.ts';

import { envelopeSchema } from './json-schema.ts';
import { openApiDocument } from './openapi.ts';
import { envelopeXsd } from './xsd.ts';

/** The OpenAPI 3.1 document: made each build, as it holds examples from the data and the build's time. */
export function openApiFile(site: SiteData, methods: readonly PublishedMethod[], ctx: RenderContext): TextFile {
  const openapi = openApiDocument({ directory: site.directory, published: methods }, ctx);
  return { path: sitePaths.openapi, body: `${JSON.stringify(openapi, null, 2)}\n` };
}

/** A method as its schemas read it: its data are not in them. */
type Described = Pick<PublishedMethod, 'entry' | 'record' | 'shape' | 'noData'>;

/** A method's JSON Schema, as its file holds it. */
function jsonSchemaText(method: Described, id: string): string {
  return `${JSON.stringify(envelopeSchema(method, id), null, 2)}\n`;
}

/**
 * A JSON Schema and an XSD per method that has files, each rendered when asked from
 * the method's entry, record description and shape and the schema's URL: a change of data alone
 * makes none of them anew.
 */
export function* schemaFiles(methods: readonly PublishedMethod[], ctx: RenderContext): Generator<OutputSpec> {
  for (const m of methods) {
    if (m.files.length === 0) continue;
    const method: Described = { entry: m.entry, record: m.record, shape: m.shape, noData: m.noData };
    const jsonPath = sitePaths.jsonSchema(m.entry);
    const json = rendering(jsonSchemaText, method, `${ctx.url}${jsonPath}`);
    yield { path: jsonPath, from: json.from, body: json.make };
    const xsd = rendering(envelopeXsd, method);
    yield { path: sitePaths.xsd(m.entry), from: xsd.from, body: xsd.make };
  }
}
