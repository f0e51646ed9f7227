import { envelope } from '../records/envelope.ts';
import { FORMATS, type Format, type MethodEntry, type PublishedMethod } from '../records/method-entry.ts';
import type { RenderContext } from '../site/address.ts';
import { methodUrl, sitePaths, withBase } from '../site/paths.ts';
import { html, type SafeHtml } from './html.ts';
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

/** Example request URLs of a method with the configured base address; placeholders stay in braces. */
export function exampleUrls(entry: MethodEntry, ctx: Pick<RenderContext, 'apiBase'>): { label: string; url: string }[] {
  const url = (format: Format, extra: string[]) => {
    const query = [...(entry.keyRequired ? ['key=<API_KEY>'] : []), ...extra];
    return `${methodUrl(ctx.apiBase, entry.path.replace('{format}', format))}${query.length ? `?${query.join('&')}` : ''}`;
  };
  return [
    ...FORMATS.map((format) => ({ label: format, url: url(format, []) })),
    { label: 'JSONP', url: url('json', ['callback=<callback_name>']) },
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

/** The links of a method below the site's base path; files only when it publishes data. */
export function methodLinks(entry: MethodEntry, ctx: Pick<RenderContext, 'basePath'>, published: boolean): MethodLinks {
  const at = (target: string) => withBase(ctx.basePath, target);
  const links: MethodLinks = { page: at(sitePaths.method(entry.methodId)) };
  if (!published) return links;
  return {
    ...links,
    json: at(sitePaths.apiFile(entry, 'json')),
    xml: at(sitePaths.apiFile(entry, 'xml')),
    jsonSchema: at(sitePaths.jsonSchema(entry)),
    xsd: at(sitePaths.xsd(entry)),
  };
}

/** The start of a method's real output in both formats: its envelope with the first `count` records. */
export function outputExcerpt(method: PublishedMethod, ctx: Pick<RenderContext, 'timestamp'>, count = 2): { json: string; xml: string; shown: number; total: number } {
  const doc = envelope(method.entry.methodId, ctx.timestamp, method.data.slice(0, count));
  return { json: JSON.stringify(doc, null, 2), xml: renderXml(doc).trimEnd(), shown: doc.data.length, total: method.data.length };
}

/**
 * The section of a method's page that shows the start of its real output: the build fills it into the page Astro renders, so a data change need not run Astro.
 */
export function excerptSection(method: PublishedMethod, ctx: Pick<RenderContext, 'timestamp'>): SafeHtml {
  const e = outputExcerpt(method, ctx);
  return html`<h2>The start of the real output</h2><p>The envelope with the first ${e.shown} of ${e.total} records, as JSON and as XML.</p><h3>JSON</h3><pre tabindex="0"><code>${e.json}</code></pre><h3>XML</h3><pre tabindex="0"><code>${e.xml}</code></pre>`;
}

/** How a yes/no fact of the directory reads; undefined facts are not documented. */
export function yesNo(value: boolean | undefined): string {
  return value === undefined ? 'not documented' : value ? 'yes' : 'no';
}
