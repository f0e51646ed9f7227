// The request handler of the service, over the web platform's Request and Response: one for
// every runtime. `npm start` runs it through node-adapter.ts, the edge through worker.ts. It
// imports no Node.js module (test/unit/edge-handler.test.ts walks its imports): files, keys and
// usage counts come in through the small interfaces below, each runtime's own.
import type { DatasetRegistry } from '../core/datasets/dataset.ts';
import type { MethodService } from '../core/datasets/method-services.ts';
import { DIRECTORY_FILE, parseDirectoryFile, publishedServices } from '../core/datasets/published-directory.ts';
import { type Envelope, envelope, errorEnvelope } from '../core/records/envelope.ts';
import { type Format, type MethodEntry, pathParameters } from '../core/records/method-entry.ts';
import { renderJson, renderJsonp } from '../core/render/json.ts';
import { renderXml } from '../core/render/xml.ts';
import { type ApiRoute, createApiRouter, formatOfPath } from '../core/site/api-routes.ts';
import { isSafeCallback, MAX_CALLBACK_LENGTH } from '../core/site/callback.ts';
import { headerRules, headersOfRules, UNSERVED_FILES } from '../core/site/host-config.ts';
import {
  API_HEADERS,
  apiCacheControl,
  CONTENT_TYPES,
  contentTypeOf,
  DEFAULT_CONTENT_TYPE,
  securityHeaders,
  siteCacheControl,
} from '../core/site/http-policy.ts';
import { methodListingFile, sitePaths, withBase } from '../core/site/paths.ts';
import { canonicalPath, encodePath, rawPathOf } from '../core/site/request-path.ts';
import { countsUsage } from '../core/site/usage-policy.ts';
import { printable } from './access-log.ts';

/** A regular file of the version served, as a runtime found it. */
export interface SiteFile {
  /** Its whole text (the handler reads only the directory file so). */
  text(): Promise<string>;
}

/** How the handler reaches the built site: the version served now, its files, and answers made of them. */
export interface SiteFiles<F extends SiteFile = SiteFile> {
  /** The version served now, named so that a new publication has a new name; undefined when nothing is built. */
  version(): Promise<string | undefined>;
  /** The regular file at a canonical site path (`/v2/…`, below the base path) of a version, or undefined. */
  find(version: string, sitePath: string): Promise<F | undefined>;
  /**
   * Answers with a found file and these headers: its validator and 304, its encodings, HEAD,
   * as the runtime does them; wrapped as JSONP in `callback` when given; an HTML page (`page`)
   * with the policy that allows its own inline scripts.
   */
  respond(
    request: Request,
    file: F,
    status: number,
    headers: Record<string, string>,
    options?: { callback?: string; page?: boolean },
  ): Promise<Response>;
}

/** Which keys are accepted (keys.ts: API_KEYS; the edge: a secret or KV). */
export interface KeyCheck {
  accepts(key: string): boolean | Promise<boolean>;
}

/** A key's counted calls this campus month and in all. */
export interface Usage {
  monthly: number;
  total: number;
}

/** Where calls are counted per key (usage.ts in memory; the edge: a Durable Object). */
export interface UsageStore {
  /** Counts one call with an accepted key at `now` (Unix seconds) and returns its usage after it. */
  count(key: string, now: number): Promise<Usage> | Usage;
  usage(key: string, now: number): Promise<Usage> | Usage;
}

/** What the handler needs. */
export interface HandlerOptions<F extends SiteFile> {
  files: SiteFiles<F>;
  keys: KeyCheck;
  usage: UsageStore;
  /** The data sets whose live methods are answered (their code; the build says which methods publish data). */
  datasets: DatasetRegistry;
  /** The site's base path from SITE_URL, e.g. `/` or `/campus-api/`. */
  basePath?: string;
  /** The directory to answer by when the output holds no directory file (built before it had one). */
  directory?: readonly MethodEntry[];
  services?: ReadonlyMap<number, MethodService>;
  /** The clock, in Unix seconds (tests). */
  now?: () => number;
}

/**
 * What a runtime knows of a request beyond its Request: its raw target (`/path?query`) and
 * method as they came on the wire.
 */
export interface RequestFacts {
  target?: string;
  method?: string;
}

/** What a version of the output is answered by: its directory and what follows from it. */
interface SiteRules {
  directory: readonly MethodEntry[];
  services: ReadonlyMap<number, MethodService>;
  route: (pathname: string) => ApiRoute | undefined;
  headersOf: (sitePath: string) => Record<string, string>;
}

function siteRules(directory: readonly MethodEntry[], services: ReadonlyMap<number, MethodService>): SiteRules {
  return { directory, services, route: createApiRouter(directory), headersOf: headersOfRules(headerRules(directory)) };
}

/** One request as the handler sees it: its canonical site path (below the base), query, version and its rules. */
interface Asked {
  request: Request;
  local: string;
  query: URLSearchParams;
  version: string;
  rules: SiteRules;
}

const encoder = new TextEncoder();

/** The bytes and headers of each response the handler made: an adapter may write them without reading a stream. */
const made = new WeakMap<Response, { body: Uint8Array; headers: Record<string, string> }>();

/** The bytes and headers of a response the handler made (envelope, message, redirect); undefined for a file's. */
export function madeAnswer(response: Response): { body: Uint8Array; headers: Record<string, string> } | undefined {
  return made.get(response);
}

/** A response of bytes made for this request, with the security headers. */
function answer(status: number, headers: Record<string, string>, text: string): Response {
  const body = encoder.encode(text);
  const all = { ...securityHeaders(), ...headers, 'Content-Length': String(body.length) };
  const response = new Response(body, { status, headers: all });
  made.set(response, { body, headers: all });
  return response;
}

/**
 * The service's request handler: decides each request's canonical path once, then answers from
 * the version of the site served (the API with JSONP, keys and error envelopes; the site's
 * pages and files), with the security headers on every response.
 */
export function createHandler<F extends SiteFile>(
  options: HandlerOptions<F>,
): (request: Request, facts?: RequestFacts) => Promise<Response> {
  const { files, keys, usage } = options;
  const basePath = options.basePath ?? '/';
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const fallback = options.directory ? siteRules(options.directory, options.services ?? new Map()) : undefined;

  // The rules of the versions served lately: a version is named once (a new build publishes a
  // new name), so its directory file is read once. A few kept, the oldest dropped.
  const rulesByVersion = new Map<string, Promise<SiteRules | undefined>>();
  const readRules = async (version: string): Promise<SiteRules | undefined> => {
    const file = await files.find(version, `/${DIRECTORY_FILE}`);
    if (!file) return fallback;
    const published = parseDirectoryFile(await file.text());
    return siteRules(published.directory, publishedServices(published, options.datasets));
  };
  const rulesOf = (version: string): Promise<SiteRules | undefined> => {
    let rules = rulesByVersion.get(version);
    if (!rules) {
      rules = readRules(version);
      rulesByVersion.set(version, rules);
      rules.catch(() => rulesByVersion.delete(version));
      if (rulesByVersion.size > 4) rulesByVersion.delete(rulesByVersion.keys().next().value!);
    }
    return rules;
  };

  /** An envelope made for this request (a live answer or an error) in the format asked for, or JSONP. */
  const renderAnswer = (doc: Envelope, format: Format, callback: string | undefined) => ({
    text: format === 'xml' ? renderXml(doc) : callback ? renderJsonp(callback, renderJson(doc)) : renderJson(doc),
    type: format === 'xml' ? CONTENT_TYPES.xml! : callback ? CONTENT_TYPES.js! : CONTENT_TYPES.json!,
  });

  /** An error envelope in the format asked for (JSONP when its callback is valid), or plain text. */
  const fail = (
    status: number,
    detail: string,
    format: Format | undefined,
    methodId: number | null = null,
    callback?: string,
    extra: Record<string, string> = {},
  ): Response => {
    if (!format)
      return answer(
        status,
        { 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store', ...extra },
        `${status} ${detail}\n`,
      );
    const { text, type } = renderAnswer(errorEnvelope(methodId, now(), status, detail), format, callback);
    return answer(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...API_HEADERS, ...extra }, text);
  };

  const redirect = (to: string): Response =>
    answer(
      301,
      { Location: to, 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store' },
      '301 Moved Permanently\n',
    );

  /** The headers of a site file (path without leading slash): its type and caching, then the host rules. */
  const siteHeaders = (rules: SiteRules, sitePath: string): Record<string, string> => ({
    ...securityHeaders(),
    'Content-Type': contentTypeOf(sitePath) ?? DEFAULT_CONTENT_TYPE,
    'Cache-Control': siteCacheControl(sitePath),
    ...rules.headersOf(sitePath),
  });

  const serveApi = async ({ request, local, query, version, rules }: Asked, api: ApiRoute): Promise<Response> => {
    const raw = query.get('callback');
    const wantsJsonp = api.format === 'json' && raw !== null;
    if (wantsJsonp && !isSafeCallback(raw)) {
      return fail(
        400,
        `callback must be a JavaScript identifier or dotted path such as handleData or app.onData, ` +
          `at most ${MAX_CALLBACK_LENGTH} characters.`,
        'json',
        api.entry?.methodId ?? null,
      );
    }
    const callback = wantsJsonp ? raw! : undefined;
    const entry = api.entry;
    const key = query.get('key');
    const accepted = key ? await keys.accepts(key) : false;
    if (entry?.keyRequired) {
      if (!key) {
        return fail(
          401,
          `method ${entry.methodId} needs an API key: add ?key=YOUR_KEY to the URL.`,
          api.format,
          entry.methodId,
          callback,
          { 'WWW-Authenticate': 'Key realm="campus-api", param="key"' },
        );
      }
      if (!accepted) return fail(403, 'the API key given is not valid.', api.format, entry.methodId, callback);
    }
    const service = entry ? rules.services.get(entry.methodId) : undefined;
    const caller = key && accepted ? key : undefined;
    const at = now();
    // Counted before a live answer, so the key usage (1097) includes the call that asks for it.
    const count = async () => (entry && caller && countsUsage(entry, true) ? usage.count(caller, at) : undefined);
    if (entry && service?.live) {
      const counted = (await count()) ?? (caller ? await usage.usage(caller, at) : { monthly: 0, total: 0 });
      const record = service.live.answer({ now: at, ...(caller ? { key: caller } : {}), usage: counted });
      const doc = envelope(entry.methodId, at, service.live.data === 'object' ? record : [record]);
      const answered = caller ? { ...doc, meta: { ...doc.meta, requests: counted.monthly } } : doc;
      const { text, type } = renderAnswer(answered, api.format, callback);
      return answer(200, { 'Content-Type': type, 'Cache-Control': 'no-store', ...API_HEADERS }, text);
    }
    const sitePath =
      entry && pathParameters(entry.path).length === 0 ? `/${sitePaths.apiFile(entry, api.format)}` : local;
    const file = await files.find(version, sitePath);
    if (!file) {
      const detail = !entry
        ? `no method answers at this path. The directory of methods is at ` +
          `${withBase(basePath, methodListingFile(rules.directory))}.`
        : service?.hasData
          ? `method ${entry.methodId}${entry.name ? ` (${entry.name})` : ''} has no record at ` +
            `${local.slice(sitePaths.api.length)}: check the value in the path (${entry.path}).`
          : `method ${entry.methodId} (${entry.path}) is listed in the directory, ` +
            `but this static API publishes no data for it.`;
      return fail(404, detail, api.format, entry?.methodId ?? null, callback);
    }
    if (service?.hasData) await count();
    const headers = entry
      ? {
          ...securityHeaders(),
          'Content-Type': CONTENT_TYPES[api.format]!,
          'Cache-Control': apiCacheControl(entry),
          ...API_HEADERS,
        }
      : siteHeaders(rules, sitePath.slice(1));
    const typed = callback ? { ...headers, 'Content-Type': CONTENT_TYPES.js! } : headers;
    return files.respond(request, file, 200, typed, callback ? { callback } : {});
  };

  /**
   * What a canonical site path serves, as `serve` with cleanUrls and trailingSlash does. Our
   * own small responder rather than serve-handler: serve-handler decodes the path again,
   * collapses `//` and follows symbolic links, all of which let a path that was checked as one
   * thing be served as another. Here the path is decoded once (request-path.ts) and every file
   * is found by the runtime at exactly that path (safe-file.ts for Node).
   */
  const serveSite = async ({ request, local, query, version, rules }: Asked): Promise<Response> => {
    const page = (sitePath: string) => ({ page: sitePath.endsWith('.html') });
    const at = (sitePath: string) => files.find(version, sitePath);
    const serve = async (sitePath: string, status = 200) => {
      const file = await at(sitePath);
      return file
        ? files.respond(request, file, status, siteHeaders(rules, sitePath.slice(1)), page(sitePath))
        : undefined;
    };
    const moved = (to: string) =>
      redirect(`${basePath.slice(0, -1)}${encodePath(to)}${[...query].length ? `?${query}` : ''}`);
    // `/dir/` serves dir/index.html; `/dir` and `/dir/index.html` redirect to `/dir/`; a file serves itself.
    if (!UNSERVED_FILES.includes(local.slice(1))) {
      if (local.endsWith('/')) {
        const found = await serve(`${local}index.html`);
        if (found) return found;
      } else if (local.endsWith('/index.html')) {
        if (await at(local)) return moved(local.slice(0, -'index.html'.length));
      } else {
        const found = await serve(local);
        if (found) return found;
        if (await at(`${local}/index.html`)) return moved(`${local}/`);
      }
    }
    if (local.startsWith(`/${sitePaths.api}`)) return fail(404, 'nothing is published at this path.', 'json');
    return (await serve('/404.html', 404)) ?? fail(404, 'nothing is published at this path.', undefined);
  };

  return async (request, facts = {}) => {
    const url = new URL(request.url);
    const target = facts.target ?? `${url.pathname}${url.search}`;
    const rawPath = rawPathOf(target);
    const canonical = canonicalPath(rawPath);
    if (!canonical.ok) return fail(canonical.status, canonical.reason, /xml/i.test(rawPath) ? 'xml' : 'json');
    const format = formatOfPath(canonical.path);
    const method = facts.method ?? request.method;
    if (method !== 'GET' && method !== 'HEAD') {
      return fail(
        405,
        `${printable(method)} is not supported: this API answers GET and HEAD.`,
        format,
        null,
        undefined,
        { Allow: 'GET, HEAD' },
      );
    }
    if (`${canonical.path}/` === basePath && basePath !== '/') return redirect(basePath);
    if (!canonical.path.startsWith(basePath)) return fail(404, 'nothing is published at this path.', format);
    const version = await files.version();
    if (!version) return fail(503, 'the site is not built yet: run npm run build.', format);
    const rules = await rulesOf(version);
    if (!rules)
      return fail(503, `the output holds no directory of methods (${DIRECTORY_FILE}): run npm run build.`, format);
    const query = new URLSearchParams(target.length > rawPath.length ? target.slice(rawPath.length + 1) : '');
    const asked: Asked = { request, local: `/${canonical.path.slice(basePath.length)}`, query, version, rules };
    // The files the build writes for hosts and for itself are never answered, whatever the path's extension.
    const api = UNSERVED_FILES.includes(asked.local.slice(1)) ? undefined : rules.route(asked.local);
    return api ? serveApi(asked, api) : serveSite(asked);
  };
}
