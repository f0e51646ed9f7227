import { FORMATS, type Format, filledPath, type MethodEntry, type PublishedMethod } from '../records/method-entry.ts';
import { type FieldSpec, type FieldType, isNested } from '../records/record-spec.ts';
import type { RenderContext } from '../site/address.ts';
import { EXAMPLE_CALLBACK, PLACEHOLDER_KEY } from '../site/parameters.ts';
import { methodUrl, sitePaths, withBase } from '../site/paths.ts';

/** The methods of one service, for the directory page. */
export interface ServiceGroup {
  serviceName: string;
  serviceId: number;
  methods: MethodEntry[];
}

/** Groups methods by service (name and ID), in the order each service first appears. */
export function groupByService(directory: readonly MethodEntry[]): ServiceGroup[] {
  const groups = new Map<string, ServiceGroup>();
  for (const entry of directory) {
    const key = `${entry.serviceName} ${entry.serviceId}`;
    let group = groups.get(key);
    if (!group) {
      group = { serviceName: entry.serviceName, serviceId: entry.serviceId, methods: [] };
      groups.set(key, group);
    }
    group.methods.push(entry);
  }
  return [...groups.values()];
}

/** The query a method's URLs carry: the placeholder key where one is required, then `extra`. */
function keyQuery(entry: Pick<MethodEntry, 'keyRequired'>, extra: string[] = []): string {
  const query = [...(entry.keyRequired ? [`key=${PLACEHOLDER_KEY}`] : []), ...extra];
  return query.length ? `?${query.join('&')}` : '';
}

/**
 * The one way the site links an API file: below the base path, with the placeholder key when
 * the method needs one (under `npm start` with API_KEYS a link without a key answers 401).
 */
export function apiFileHref(
  entry: Pick<MethodEntry, 'path' | 'keyRequired'>,
  format: Format,
  params: readonly string[],
  ctx: Pick<RenderContext, 'basePath'>,
): string {
  return `${withBase(ctx.basePath, sitePaths.apiFile(entry, format, params))}${keyQuery(entry)}`;
}

/** An example request: its label and its URL. */
export interface ExampleUrl {
  label: string;
  url: string;
}

/**
 * A method's request URLs for one of its files (`params`, the values of its placeholders) with the configured base
 * address, the placeholder key where one is needed and an example callback: json, xml and JSONP.
 */
export function exampleUrls(
  entry: Pick<MethodEntry, 'path' | 'keyRequired'>,
  params: readonly string[],
  ctx: Pick<RenderContext, 'apiBase'>,
): ExampleUrl[] {
  const url = (format: Format, extra: string[]) =>
    `${methodUrl(ctx.apiBase, filledPath(entry, format, params))}${keyQuery(entry, extra)}`;
  return [
    ...FORMATS.map((format) => ({ label: format, url: url(format, []) })),
    { label: 'JSONP', url: url('json', [`callback=${EXAMPLE_CALLBACK}`]) },
  ];
}

/** Site-relative links of a published method: its files, reference page and schemas. */
export interface MethodLinks {
  page: string;
  json?: string;
  xml?: string;
  jsonSchema?: string;
  xsd?: string;
}

/**
 * The links of a method below the site's base path: its files (at a path with placeholders, its
 * first file, as an example) and schemas when it has any; `true` stands for a fixed path's file.
 * Files needing a key carry the placeholder key.
 */
export function methodLinks(
  entry: MethodEntry,
  ctx: Pick<RenderContext, 'basePath'>,
  method: PublishedMethod | boolean | undefined,
): MethodLinks {
  const at = (target: string) => withBase(ctx.basePath, target);
  const links: MethodLinks = { page: at(sitePaths.method(entry.methodId)) };
  const params = method === true ? [] : method ? method.files[0]?.params : undefined;
  if (!params) return links;
  return {
    ...links,
    json: apiFileHref(entry, 'json', params, ctx),
    xml: apiFileHref(entry, 'xml', params, ctx),
    jsonSchema: at(sitePaths.jsonSchema(entry)),
    xsd: at(sitePaths.xsd(entry)),
  };
}

/** One row of a method page's field table: a field, how deep it is nested, and its type as people read it. */
export interface FieldRow {
  name: string;
  depth: number;
  type: string;
  description: string;
}

const TYPE_NAMES: Record<FieldType, string> = {
  string: 'string',
  integer: 'integer',
  number: 'number (decimal)',
  boolean: 'boolean',
  'string-list': 'list of strings',
  object: 'object',
  'record-list': 'list of objects',
};

/** The rows of a record's field table, nested fields below their parent (depth 1, 2, …). */
export function fieldRows(fields: readonly FieldSpec[], depth = 0): FieldRow[] {
  return fields.flatMap((f) => [
    { name: f.name, depth, type: TYPE_NAMES[f.type], description: f.description },
    ...(isNested(f) ? fieldRows(f.fields, depth + 1) : []),
  ]);
}

/** What a method publishes, as the catalogue labels it. */
export interface MethodStatus {
  kind: 'data' | 'no-data' | 'none';
  label: string;
}

/** How the catalogue labels a method: data published (or answered live), a no-data answer (and why), or nothing. */
export function methodStatus(method: PublishedMethod | undefined): MethodStatus {
  if (!method || method.files.length === 0) return { kind: 'none', label: 'listed only: no data published' };
  if (method.noData === undefined)
    return { kind: 'data', label: method.live ? 'data published; live under npm start' : 'data published' };
  if (method.live) return { kind: 'no-data', label: 'answered live by npm start only' };
  return { kind: 'no-data', label: method.entry.noDataNote ? 'no data: withdrawn' : 'no data: answers 204' };
}

/**
 * A path or URL in the pieces a line may break between: after each `/`, `?` and `&` but the first character
 * (`/api/`, `methods.json`). src/components/BreakablePath.astro puts a `<wbr>` between them.
 */
export function pathBreaks(path: string): string[] {
  return path.split(/(?<=.[/?&])/);
}
