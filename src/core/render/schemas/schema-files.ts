import type { PublishedMethod } from '../../datasets/published.ts';
import type { MethodEntry } from '../../datasets/directory.ts';
import type { SiteData } from '../../records/site-data.ts';
import { VERSION_SEGMENT } from '../../records/version.ts';
import { envelopeSchema } from './json-schema.ts';
import { openApiDocument, schemaBaseName } from './openapi.ts';
import { envelopeXsd } from './xsd.ts';

/** Where a published method's schemas live inside dist/, and the OpenAPI document's path. */
export const schemaPaths = {
  openapi: `${VERSION_SEGMENT}/openapi.json`,
  jsonSchema: (entry: Pick<MethodEntry, 'path'>) => `${VERSION_SEGMENT}/schemas/${schemaBaseName(entry)}.schema.json`,
  xsd: (entry: Pick<MethodEntry, 'path'>) => `${VERSION_SEGMENT}/schemas/${schemaBaseName(entry)}.xsd`,
};

/** The machine-readable descriptions: OpenAPI 3.1, and a JSON Schema and an XSD per published method. */
export function renderSchemaFiles(site: SiteData, methods: readonly PublishedMethod[], siteUrl: string, apiBase: string, timestamp: number): { path: string; body: string }[] {
  const files = [{ path: schemaPaths.openapi, body: `${JSON.stringify(openApiDocument(site.directory, methods, apiBase, timestamp), null, 2)}\n` }];
  for (const m of methods) {
    const jsonPath = schemaPaths.jsonSchema(m.entry);
    files.push({ path: jsonPath, body: `${JSON.stringify(envelopeSchema(m.record, m.entry.methodId, `${siteUrl}${jsonPath}`), null, 2)}\n` });
    files.push({ path: schemaPaths.xsd(m.entry), body: envelopeXsd(m.record) });
  }
  return files;
}
