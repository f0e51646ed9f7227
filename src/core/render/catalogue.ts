import { FORMATS, type Format, type MethodEntry } from '../datasets/directory.ts';
import { apiFilePath, type PublishedMethod } from '../datasets/published.ts';
import { envelope } from '../records/envelope.ts';
import { renderXml } from './xml.ts';
import { schemaPaths } from './schemas/schema-files.ts';
import { withBase } from '../site/address.ts';

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
export function exampleUrls(entry: MethodEntry, apiBase: string): { label: string; url: string }[] {
  const url = (format: Format, extra: string[]) => {
    const query = [...(entry.keyRequired ? ['key=<API_KEY>'] : []), ...extra];
    return `${apiBase}${entry.path.replace('{format}', format)}${query.length ? `?${query.join('&')}` : ''}`;
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
export function methodLinks(entry: MethodEntry, basePath: string, published: boolean): MethodLinks {
  const links: MethodLinks = { page: withBase(basePath, `methods/${entry.methodId}/`) };
  if (!published) return links;
  return {
    ...links,
    json: withBase(basePath, apiFilePath(entry, 'json')),
    xml: withBase(basePath, apiFilePath(entry, 'xml')),
    jsonSchema: withBase(basePath, schemaPaths.jsonSchema(entry)),
    xsd: withBase(basePath, schemaPaths.xsd(entry)),
  };
}

/** The start of a method's real output in both formats: its envelope with the first `count` records. */
export function outputExcerpt(method: PublishedMethod, timestamp: number, count = 2): { json: string; xml: string; shown: number; total: number } {
  const doc = envelope(method.entry.methodId, timestamp, method.data.slice(0, count));
  return { json: JSON.stringify(doc, null, 2), xml: renderXml(doc).trimEnd(), shown: doc.data.length, total: method.data.length };
}

/** How a yes/no fact of the directory reads; undefined facts are not documented. */
export function yesNo(value: boolean | undefined): string {
  return value === undefined ? 'not documented' : value ? 'yes' : 'no';
}
