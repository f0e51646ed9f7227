import { envelope } from '../../records/envelope.ts';
import { metaRecord } from '../../records/meta-record.ts';
import { FORMATS, type MethodEntry, type PublishedMethod, pathParameters } from '../../records/method-entry.ts';
import { API_VERSION } from '../../records/version.ts';
import type { RenderContext } from '../../site/address.ts';
import { CALLBACK_PATTERN, MAX_CALLBACK_LENGTH } from '../../site/callback.ts';
import { methodParameters } from '../../site/parameters.ts';
import { type JsonSchema, recordSchema } from './json-schema.ts';

/** The component name of a record kind's schema, e.g. `InfosessionRecord`. */
const recordName = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}Record`;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** The component schema of an envelope holding `data` (`<response>` in XML). */
const envelopeComponent = (data: JsonSchema): JsonSchema => ({
  type: 'object',
  required: ['meta', 'data'],
  additionalProperties: false,
  properties: { meta: ref('Meta'), data },
  xml: { name: 'response' },
});

/** A response's content in JSON and XML, both by the named schema. */
const jsonAndXml = (name: string) => ({
  'application/json': { schema: ref(name) },
  'application/xml': { schema: ref(name) },
});

/** The OpenAPI parameter objects of a method, from the same list the reference pages show. */
function parameters(entry: MethodEntry): JsonSchema[] {
  return methodParameters(entry).map((p) => {
    const schema =
      p.name === 'format'
        ? { type: 'string', enum: [...FORMATS] }
        : p.name === 'callback'
          ? { type: 'string', maxLength: MAX_CALLBACK_LENGTH, pattern: CALLBACK_PATTERN.source }
          : p.name === 'key'
            ? { type: 'string', minLength: 1 }
            : { type: 'string' };
    return { name: p.name, in: p.kind, required: p.required, description: p.description, schema };
  });
}

/**
 * A method's provenance as OpenAPI extensions: `x-data-set`, the data set that feeds it (as the data portal names it),
 * and `x-data-source`, that set's community repository, file and link (null for a set kept here or none).
 */
function provenance(method: PublishedMethod | undefined): {
  'x-data-set': string | null;
  'x-data-source': JsonSchema | null;
} {
  const found = method?.provenance;
  return { 'x-data-set': found?.dataSet ?? null, 'x-data-source': found?.source ? { ...found.source } : null };
}

/** A sentence naming a method's data set and its source, for its description. */
function provenanceSentence(method: PublishedMethod): string {
  const found = method.provenance;
  if (!found) return '';
  const from = found.source ? `, from ${found.source.repository}, ${found.source.path} (${found.source.url})` : '';
  return ` Data: the ${found.dataSet} data set${from}.`;
}

/** The error responses `npm start` gives, all with the error envelope. */
function errorResponses(keyed: boolean): Record<string, JsonSchema> {
  const error = (description: string) => ({ description, content: jsonAndXml('ErrorEnvelope') });
  return {
    '400': error('The callback is not a safe JavaScript name, or the path is malformed'),
    ...(keyed ? { '401': error('No API key was given'), '403': error('The API key is not valid') } : {}),
    '404': error('Nothing is published at this path'),
  };
}

type Operation = JsonSchema;

/** What every method's operation says: its ID, tag, parameters, security and provenance. */
function commonOperation(entry: MethodEntry, method: PublishedMethod | undefined): Operation {
  return {
    operationId: `method${entry.methodId}`,
    tags: [entry.serviceName],
    parameters: parameters(entry),
    ...(entry.keyRequired ? { security: [{ apiKey: [] }] } : { security: [] }),
    ...provenance(method),
  };
}

/** The operation of a method listed in the directory that publishes nothing (it answers 404). */
function unpublishedOperation(entry: MethodEntry, common: Operation): Operation {
  return {
    ...common,
    summary:
      `Method ${entry.methodId}${entry.name ? ` (${entry.name})` : ''}: ` +
      `listed in the directory, no data published`,
    description:
      'This method is listed by the method listing (1103), but this static API publishes no data for it; ' +
      '`npm start` answers 404 with an error envelope.',
    'x-published': false,
    responses: { ...errorResponses(Boolean(entry.keyRequired)), '404': errorResponses(false)['404'] },
  };
}

/** The operation of a method whose file holds the no-data envelope. */
function noDataOperation(entry: MethodEntry, method: PublishedMethod, common: Operation, summary: string): Operation {
  return {
    ...common,
    summary,
    description:
      `Method ID ${entry.methodId}. No data is published: ` +
      `${method.noData}${method.live ? ' `npm start` answers it live.' : ''} The file holds the envelope with ` +
      `meta.status 204, served with HTTP 200.${provenanceSentence(method)}`,
    'x-published': false,
    responses: {
      '200': { description: 'The no-data envelope (meta.status 204)', content: jsonAndXml('NoDataEnvelope') },
      ...errorResponses(Boolean(entry.keyRequired)),
    },
  };
}

/** A published method's record and envelope schemas, added to `schemas`; the envelope's name. */
function addRecordSchemas(method: PublishedMethod, schemas: Record<string, JsonSchema>): string {
  const name = recordName(method.record!.name);
  const envelopeName = `${name.replace(/Record$/, '')}${method.shape === 'object' ? 'Record' : ''}Envelope`;
  schemas[name] = { ...recordSchema(method.record!), xml: { name: method.shape === 'object' ? 'data' : 'item' } };
  const data =
    method.shape === 'object' ? ref(name) : { type: 'array', items: ref(name), xml: { wrapped: true, name: 'data' } };
  schemas[envelopeName] = envelopeComponent(data);
  return envelopeName;
}

/** The description of a published method's operation: its ID, cache time, updates, liveness and source. */
function publishedDescription(entry: MethodEntry, method: PublishedMethod): string {
  return (
    `Method ID ${entry.methodId}. Cache time ${entry.cacheSeconds ?? 0} s. ` +
    `${entry.updateFrequency ? `Updated ${entry.updateFrequency}.` : ''}` +
    `${method.live ? ' `npm start` answers it live; the file holds it as of the build.' : ''}` +
    provenanceSentence(method)
  )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The operation of a method that publishes records, with its envelope's schema and an example from its first file. */
function publishedOperation(
  entry: MethodEntry,
  method: PublishedMethod,
  common: Operation,
  summary: string,
  envelopeName: string,
  timestamp: RenderContext['timestamp'],
): Operation {
  const first = method.files[0]!.data;
  const example = envelope(entry.methodId, timestamp, Array.isArray(first) ? first.slice(0, 2) : first);
  const errors = errorResponses(Boolean(entry.keyRequired));
  const placeholders = pathParameters(entry.path).length > 0;
  return {
    ...common,
    summary,
    description: publishedDescription(entry, method),
    'x-published': true,
    responses: {
      '200': {
        description: method.shape === 'object' ? 'The envelope with the record' : 'The envelope with every record',
        content: {
          'application/json': { schema: ref(envelopeName), example },
          'application/xml': { schema: ref(envelopeName) },
          'application/javascript': {
            schema: { type: 'string', description: 'JSONP: callback(<envelope>); when ?callback= is given' },
          },
        },
      },
      ...errors,
      ...(placeholders
        ? { '404': { ...(errors['404'] as JsonSchema), description: 'No record for these path values' } }
        : {}),
    },
  };
}

/** A directory entry's operation (its schemas added to `schemas` when it publishes records). */
function operationOf(
  entry: MethodEntry,
  method: PublishedMethod | undefined,
  schemas: Record<string, JsonSchema>,
  timestamp: RenderContext['timestamp'],
): Operation {
  const common = commonOperation(entry, method);
  if (!method || method.files.length === 0) return unpublishedOperation(entry, common);
  const summary = `${entry.name ?? `Method ${entry.methodId}`}${entry.purpose ? `: ${entry.purpose}` : ''}`;
  if (method.noData !== undefined || !method.record) return noDataOperation(entry, method, common, summary);
  const envelopeName = addRecordSchemas(method, schemas);
  return publishedOperation(entry, method, common, summary, envelopeName, timestamp);
}

/** An OpenAPI 3.1 document for the published methods, listing the others as answering 404. */
export function openApiDocument(
  { directory, published }: { directory: readonly MethodEntry[]; published: readonly PublishedMethod[] },
  ctx: Pick<RenderContext, 'apiBase' | 'timestamp'>,
): JsonSchema {
  const schemas: Record<string, JsonSchema> = {
    Meta: recordSchema(metaRecord),
    ErrorEnvelope: envelopeComponent({ type: 'array', maxItems: 0 }),
    NoDataEnvelope: envelopeComponent({ type: 'array', maxItems: 0 }),
  };
  const paths: Record<string, JsonSchema> = {};
  const byId = new Map(published.map((p) => [p.entry.methodId, p]));
  for (const entry of directory) {
    paths[entry.path] = { get: operationOf(entry, byId.get(entry.methodId), schemas, ctx.timestamp) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Campus API v2 (static)',
      version: String(API_VERSION),
      description:
        'Pre-rendered files of the campus open-data API v2. Every response is the {meta, data} envelope. ' +
        'Methods marked x-published: false publish no data: ' +
        'at a fixed path their file is a no-data envelope (meta.status 204); with placeholders, nothing is published.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: ctx.apiBase }],
    tags: [...new Set(directory.map((e) => e.serviceName))].map((n) => ({ name: n, description: `Service ${n}` })),
    paths,
    components: {
      schemas,
      securitySchemes: { apiKey: { type: 'apiKey', in: 'query', name: 'key' } },
    },
  };
}
