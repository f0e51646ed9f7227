import { envelope } from '../records/envelope.ts';
import { FORMATS, type Format, type MethodEntry, type PublishedMethod } from '../records/method-entry.ts';
import type { RenderContext } from '../site/address.ts';
import { EXAMPLE_CALLBACK, PLACEHOLDER_KEY } from '../site/parameters.ts';
import { methodUrl, sitePaths, withBase } from '../site/paths.ts';
import { html, SafeHtml } from './html.ts';
import { renderXml } from './xml.ts';

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

/** An example request: its label, its URL, and whether it can be followed (published, no placeholder left). */
export interface ExampleUrl {
  label: string;
  url: string;
  link: boolean;
}

/**
 * Example request URLs of a method with the configured base address, the placeholder key and
 * an example callback; path placeholders stay in braces (and such a URL is no link).
 */
export function exampleUrls(entry: MethodEntry, ctx: Pick<RenderContext, 'apiBase'>, published = false): ExampleUrl[] {
  const url = (format: Format, extra: string[]) => `${methodUrl(ctx.apiBase, entry.path.replace('{format}', format))}${keyQuery(entry, extra)}`;
  const link = published && !/\{/.test(entry.path.replace('{format}', ''));
  return [
    ...FORMATS.map((format) => ({ label: format, url: url(format, []), link })),
    { label: 'JSONP', url: url('json', [`callback=${EXAMPLE_CALLBACK}`]), link },
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

/** The links of a method below the site's base path; files only when it publishes data, with the placeholder key where one is required. */
export function methodLinks(entry: MethodEntry, ctx: Pick<RenderContext, 'basePath'>, published: boolean): MethodLinks {
  const at = (target: string) => withBase(ctx.basePath, target);
  const links: MethodLinks = { page: at(sitePaths.method(entry.methodId)) };
  if (!published) return links;
  return {
    ...links,
    json: `${at(sitePaths.apiFile(entry, 'json'))}${keyQuery(entry)}`,
    xml: `${at(sitePaths.apiFile(entry, 'xml'))}${keyQuery(entry)}`,
    jsonSchema: at(sitePaths.jsonSchema(entry)),
    xsd: at(sitePaths.xsd(entry)),
  };
}

/** The start of a method's real output in both formats: its envelope with the first `count` records. */
export function outputExcerpt(method: PublishedMethod, ctx: Pick<RenderContext, 'timestamp'>, count = 2): { json: string; xml: string; shown: number; total: number } {
  const doc = envelope(method.entry.methodId, ctx.timestamp, method.data.slice(0, count));
  return { json: JSON.stringify(doc, null, 2), xml: renderXml(doc).trimEnd(), shown: doc.data.length, total: method.data.length };
}

/** How a yes/no fact of the directory reads; undefined facts are not documented. */
export function yesNo(value: boolean | undefined): string {
  return value === undefined ? 'not documented' : value ? 'yes' : 'no';
}

/** A path or URL as markup that may break after each `/`, `?` and `&` but the first character: `/api/<wbr>methods.json`. */
export function breakablePath(path: string): SafeHtml {
  return new SafeHtml(path.split(/(?<=.[/?&])/).map((part) => html`${part}`.value).join('<wbr>'));
}
