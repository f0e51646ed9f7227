import type { PublishedMethod } from '../../records/method-entry.ts';
import type { SiteData } from '../../records/site-data.ts';
import type { RenderContext } from '../../site/address.ts';
import { sitePaths } from '../../site/paths.ts';
import { envelopeSchema } from './json-schema.ts';
import { openApiDocument } from './openapi.ts';
import { envelopeXsd } from './xsd.ts';

/** The machine-readable descriptions: OpenAPI 3.1, and a JSON Schema and an XSD per method that has files. */
export function renderSchemaFiles(
  site: SiteData,
  methods: readonly PublishedMethod[],
  ctx: RenderContext,
): { path: string; body: string }[] {
  const openapi = openApiDocument({ directory: site.directory, published: methods }, ctx);
  const files = [{ path: sitePaths.openapi, body: `${JSON.stringify(openapi, null, 2)}\n` }];
  for (const m of methods) {
    if (m.files.length === 0) continue;
    const jsonPath = sitePaths.jsonSchema(m.entry);
    files.push({ path: jsonPath, body: `${JSON.stringify(envelopeSchema(m, `${ctx.url}${jsonPath}`), null, 2)}\n` });
    files.push({ path: sitePaths.xsd(m.entry), body: envelopeXsd(m) });
  }
  return files;
}
