import { FORMATS, type Format, filledPath, type MethodEntry, type PublishedMethod } from '../records/method-entry.ts';
import type { Provenance } from '../records/provenance.ts';
import type { FieldSpec } from '../records/record-spec.ts';
import { apiFiles } from '../render/api-files.ts';
import {
  apiFileHref,
  type ExampleUrl,
  exampleUrls,
  type MethodLinks,
  type MethodStatus,
  methodLinks,
  methodStatus,
} from '../render/catalogue.ts';
import { HEAD_RECORDS, leadingText, type ResponseHead, responseHead } from '../render/response-head.ts';
import type { RenderContext } from '../site/address.ts';
import { type ApiError, apiErrorsOf } from '../site/api-errors.ts';
import { methodParameters, type ParameterDoc } from '../site/parameters.ts';
import { sitePaths } from '../site/paths.ts';
import { methodFacts } from './method-facts.ts';
import { type RequestSample, requestSamples } from './request-samples.ts';

/** How a developer calls a method: a real file's URLs, the same request in three languages, and the file to try. */
export interface MethodRequest {
  examples: ExampleUrl[];
  samples: RequestSample[];
  /** The file on this site (below its base path, with the placeholder key where needed) that "Try it" fetches. */
  tryHref: string;
}

/** A method's files: how many, one per which placeholders, the first as an example, its schemas, every value. */
export interface MethodFilesView {
  count: number;
  placeholders: string[];
  links: Required<MethodLinks>;
  /** The first file's paths below the base address (`/buildings/list.json`). */
  names: Record<Format, string>;
  /** Each value of the placeholders, linked to its JSON file. */
  values: { label: string; href: string }[];
}

/** The real response: the first file's head in each format, from its served bytes. */
export interface MethodResponseView {
  heading: string;
  what: string;
  heads: { format: Format; head: ResponseHead; href: string }[];
}

/** Everything a method's page shows, as plain data (src/components/methods/ renders it). */
export interface MethodPageView {
  title: string;
  summary: string;
  entry: MethodEntry;
  status: MethodStatus;
  noData?: string;
  live: boolean;
  facts: { term: string; value: string; href?: string }[];
  provenance?: Provenance;
  parameters: ParameterDoc[];
  request?: MethodRequest;
  files?: MethodFilesView;
  record?: { fields: readonly FieldSpec[]; dataIs: string };
  response?: MethodResponseView;
  errorsUnder: string;
  errors: ApiError[];
}

/** What the method pages are made from: a build's context has it all. */
export interface MethodPageSource {
  render: RenderContext;
  site: { directory: readonly MethodEntry[]; sources?: Readonly<Record<string, string>> };
  published: readonly PublishedMethod[];
  /** When each data set's data last changed (Unix seconds, by name): its files' meta.timestamp. */
  dataTimes?: Readonly<Record<string, number>>;
}

/** One method's page: where it goes and its view. */
export interface MethodPage {
  methodId: number;
  path: string;
  view: MethodPageView;
}

/** The head of each method's first file in each format, by `<method ID>.<format>`: the bytes the API serves. */
function firstFileHeads(source: MethodPageSource): Map<string, ResponseHead> {
  const heads = new Map<string, ResponseHead>();
  const { published, render, site, dataTimes } = source;
  for (const file of apiFiles(published, render, site.directory, site.sources, dataTimes)) {
    const key = `${file.methodId}.${file.format}`;
    if (!heads.has(key)) heads.set(key, responseHead(leadingText(file.body()), file.format));
  }
  return heads;
}

/** Every method's page, one per directory entry, in directory order. */
export function* methodPages(source: MethodPageSource): Generator<MethodPage> {
  const heads = firstFileHeads(source);
  for (const entry of source.site.directory) {
    const method = source.published.find((p) => p.entry.methodId === entry.methodId);
    const head = (format: Format) => heads.get(`${entry.methodId}.${format}`);
    const view = methodPageView(entry, method, { ...source, head });
    yield { methodId: entry.methodId, path: sitePaths.method(entry.methodId), view };
  }
}

/** What one method's view is made from besides its entry and what it publishes. */
interface ViewInput extends MethodPageSource {
  head: (format: Format) => ResponseHead | undefined;
}

/** One method's page view. */
function methodPageView(entry: MethodEntry, method: PublishedMethod | undefined, input: ViewInput): MethodPageView {
  const status = methodStatus(method);
  const provenance = method?.provenance;
  const first = method?.files[0];
  const changed = entry.source === undefined ? undefined : input.dataTimes?.[entry.source];
  return {
    title: `Method ${entry.methodId}${entry.name ? `: ${entry.name}` : ''}`,
    summary: entry.purpose ?? `Reference of method ${entry.methodId}, ${entry.path}`,
    entry,
    status,
    ...(method?.noData !== undefined ? { noData: method.noData } : {}),
    live: method?.live ?? false,
    facts: methodFacts(entry, status, provenance, changed, input.render.basePath),
    ...(provenance ? { provenance } : {}),
    parameters: methodParameters(entry),
    ...(method && first ? { request: methodRequest(entry, method, first.params, input.render) } : {}),
    ...(method && first ? { files: filesView(entry, method, input.render) } : {}),
    ...(method?.record ? { record: { fields: method.record.fields, dataIs: dataIs(method) } } : {}),
    ...(method && first ? { response: responseView(method, input) } : {}),
    errorsUnder:
      status.kind !== 'none'
        ? 'Under npm start a problem is answered with the same envelope'
        : 'Under npm start every path of this method answers 404 with the same envelope',
    errors: apiErrorsOf(entry),
  };
}

/** The request of a method's first file: its URLs, the samples, and the same-site file "Try it" fetches. */
function methodRequest(
  entry: MethodEntry,
  method: PublishedMethod,
  params: readonly string[],
  render: RenderContext,
): MethodRequest {
  const examples = exampleUrls(entry, params, render);
  return {
    examples,
    samples: requestSamples(examples[0]!.url, method.noData === undefined ? method.shape : 'array'),
    tryHref: apiFileHref(entry, 'json', params, render),
  };
}

/** A method's files: the first linked as an example, every placeholder value linked to its JSON file. */
function filesView(entry: MethodEntry, method: PublishedMethod, render: RenderContext): MethodFilesView {
  const params = method.files[0]!.params;
  const links = methodLinks(entry, render, method) as Required<MethodLinks>;
  const name = (format: Format) => filledPath(entry, format, params);
  const placeholders = entry.parameters.filter((p) => p !== 'format');
  return {
    count: method.files.length,
    placeholders,
    links,
    names: { json: name('json'), xml: name('xml') },
    values:
      placeholders.length === 0
        ? []
        : method.files.map((f) => ({
            label: f.params.join(' / '),
            href: apiFileHref(entry, 'json', f.params, render),
          })),
  };
}

/** What `data` holds, in words: one record or a list of them, named by the record's title. */
function dataIs(method: PublishedMethod): string {
  const title = method.record?.title ?? 'data';
  if (method.shape === 'object') return `one “${title}” record`;
  const fixed = method.entry.parameters.every((p) => p === 'format');
  const count = Array.isArray(method.files[0]?.data) ? method.files[0].data.length : 0;
  return `a list of “${title}” records${fixed && method.noData === undefined ? ` (${count} today)` : ''}`;
}

/** The real response of a method's first file: its head in both formats, as served. */
function responseView(method: PublishedMethod, input: ViewInput): MethodResponseView {
  const file = method.files[0]!;
  const fixed = method.entry.parameters.every((p) => p === 'format');
  const total = Array.isArray(file.data) ? file.data.length : 1;
  const where = fixed ? 'the file' : 'the first file';
  const data = method.noData === undefined;
  const what = !data
    ? `The no-data envelope ${where} holds, as served.`
    : Array.isArray(file.data) && total > HEAD_RECORDS
      ? `The start of ${where}, as served: its bytes up to the end of its first ${HEAD_RECORDS} of ${total} records.`
      : `${where[0]!.toUpperCase()}${where.slice(1)} whole, as served.`;
  const href = (format: Format) => apiFileHref(method.entry, format, file.params, input.render);
  const heads = FORMATS.flatMap((format) => {
    const head = input.head(format);
    return head ? [{ format, head, href: href(format) }] : [];
  });
  return { heading: data ? 'The real response' : 'The real response: no data', what, heads };
}
