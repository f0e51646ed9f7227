import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createApiRouter, formatOfPath, type ApiRoute } from '../core/site/api-routes.ts';
import { isSafeCallback, MAX_CALLBACK_LENGTH } from '../core/site/callback.ts';
import { inlineScriptHashes } from '../core/site/csp.ts';
import { pathParameters, type Format, type MethodEntry } from '../core/records/method-entry.ts';
import { envelope, errorEnvelope, type Envelope } from '../core/records/envelope.ts';
import type { MethodService } from '../core/datasets/method-services.ts';
import { countsUsage } from '../core/site/usage-policy.ts';
import { headerRules, headersOfRules, UNSERVED_FILES } from '../core/site/host-config.ts';
import { DIRECTORY_FILE, parseDirectoryFile, publishedServices } from '../core/site/published-directory.ts';
import type { DatasetRegistry } from '../core/datasets/dataset.ts';
import { dataset as serverDataset } from '../core/datasets/sets/server.ts';
import { API_HEADERS, apiCacheControl, CONTENT_TYPES, contentTypeOf, DEFAULT_CONTENT_TYPE, securityHeaders, siteCacheControl } from '../core/site/http-policy.ts';
import { renderJson, renderJsonp } from '../core/render/json.ts';
import { renderXml } from '../core/render/xml.ts';
import { canonicalPath, encodePath, rawPathOf } from '../core/site/request-path.ts';
import { methodListingFile, sitePaths, withBase } from '../core/site/paths.ts';
import { accessLogLine, printable } from './access-log.ts';
import { FileCache, MAX_CACHED_FILE, type CachedBody } from './file-cache.ts';
import type { KeyStore } from './keys.ts';
import { sendBody, sendBytes, sendJsonp, sendLargeFile } from './respond.ts';
import { findFile, readSiteFile, realRoot, type SiteFile } from './safe-file.ts';
import { findSitePath } from './static-site.ts';
import { MAX_COUNTED_KEYS, UsageCounter } from './usage.ts';

/** What the server needs: the built site and the accepted keys. */
export interface ServerOptions {
  /**
   * The output folder; it may be a symbolic link that a new build swaps at any time. The
   * directory of methods (key rules, paths) is read from the version served (its directory
   * file), so it changes with the files, in the same swap.
   */
  distDir: string;
  /** The directory to answer by when the output holds no directory file (built before it had one). */
  directory?: readonly MethodEntry[];
  /** How each method of `directory` is served (live answers, whether its files hold data), by method ID. */
  services?: ReadonlyMap<number, MethodService>;
  /** The data sets whose live methods the server answers (default: the service's own facts, sets/server.ts). */
  datasets?: DatasetRegistry;
  keys: KeyStore;
  /** The site's base path from SITE_URL, e.g. `/` or `/campus-api/`. */
  basePath?: string;
  /** Where each request's log line goes (default: stdout). */
  log?: (line: string) => void;
  /** The file cache's bound in bytes (default CACHE_BYTES). */
  cacheBytes?: number;
}

/** What a version of the output is answered by: its directory and what follows from it. */
interface SiteRules {
  directory: readonly MethodEntry[];
  services: ReadonlyMap<number, MethodService>;
  route: (pathname: string) => ApiRoute | undefined;
  headersOf: (sitePath: string) => Record<string, string>;
}

/** The rules of a directory and its services. */
function siteRules(directory: readonly MethodEntry[], services: ReadonlyMap<number, MethodService>): SiteRules {
  return { directory, services, route: createApiRouter(directory), headersOf: headersOfRules(headerRules(directory)) };
}

/** One request as the handler sees it: its canonical site path (below the base), query, real output root and its rules. */
interface Request {
  req: IncomingMessage;
  res: ServerResponse;
  local: string;
  query: URLSearchParams;
  root: string;
  rules: SiteRules;
}

/**
 * The request handler of `npm start`: decides each request's canonical path once, then answers
 * from dist/ (the API with JSONP, keys and error envelopes; the site's pages and files), with
 * the security headers on every response.
 */
function createRequestHandler(options: ServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const distDir = path.resolve(options.distDir);
  const basePath = options.basePath ?? '/';
  const files = new FileCache(options.cacheBytes);
  const pagePolicies = new WeakMap<CachedBody, string>();
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const fallback = options.directory ? siteRules(options.directory, options.services ?? new Map()) : undefined;
  // Configured keys bound the counts; when any key is accepted, so does the counter.
  const usage = new UsageCounter(options.keys.mode === 'any' ? MAX_COUNTED_KEYS : Infinity);
  const datasets = options.datasets ?? { server: serverDataset };
  // The rules of the versions served lately, by real root: a version folder is named once (a new
  // build publishes a new name), so its directory file is read once. A few kept, the oldest dropped.
  const rulesByRoot = new Map<string, Promise<SiteRules | undefined>>();
  const rulesOf = (root: string): Promise<SiteRules | undefined> => {
    let rules = rulesByRoot.get(root);
    if (!rules) {
      rules = readRules(root, datasets, fallback);
      rulesByRoot.set(root, rules);
      rules.catch(() => rulesByRoot.delete(root));
      if (rulesByRoot.size > 4) rulesByRoot.delete(rulesByRoot.keys().next().value!);
    }
    return rules;
  };

  /** An envelope made for this request (a live answer or an error) in the format asked for, or JSONP. */
  const renderAnswer = (doc: Envelope, format: Format, callback: string | undefined) => ({
    text: format === 'xml' ? renderXml(doc) : callback ? renderJsonp(callback, renderJson(doc)) : renderJson(doc),
    type: format === 'xml' ? CONTENT_TYPES.xml! : callback ? CONTENT_TYPES.js! : CONTENT_TYPES.json!,
  });

  /** Answers with an error envelope in the format asked for (JSONP when its callback is valid), or plain text. */
  const fail = (req: IncomingMessage, res: ServerResponse, status: number, detail: string, format: Format | undefined, methodId: number | null = null, callback?: string, extra: Record<string, string> = {}) => {
    if (!format) {
      sendBytes(req, res, status, { 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store', ...extra }, Buffer.from(`${status} ${detail}\n`));
      return;
    }
    const { text, type } = renderAnswer(errorEnvelope(methodId, Math.floor(Date.now() / 1000), status, detail), format, callback);
    sendBytes(req, res, status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...API_HEADERS, ...extra }, Buffer.from(text));
  };

  /** The headers of a site file (path without leading slash): its type and caching, then the host rules. */
  const siteHeaders = (rules: SiteRules, sitePath: string): Record<string, string> => ({ 'Content-Type': contentTypeOf(sitePath) ?? DEFAULT_CONTENT_TYPE, 'Cache-Control': siteCacheControl(sitePath), ...rules.headersOf(sitePath) });

  /** A found file's cached body (or undefined when it is too large to cache). */
  const load = (file: SiteFile) => (file.size > MAX_CACHED_FILE ? undefined : files.get(file.realPath, file, () => readSiteFile(file)));

  const serveApi = async ({ req, res, local, query, root, rules }: Request, api: ApiRoute) => {
    const services = rules.services;
    const raw = query.get('callback');
    const wantsJsonp = api.format === 'json' && raw !== null;
    if (wantsJsonp && !isSafeCallback(raw)) {
      fail(req, res, 400, `callback must be a JavaScript identifier or dotted path such as handleData or app.onData, at most ${MAX_CALLBACK_LENGTH} characters.`, 'json', api.entry?.methodId ?? null);
      return;
    }
    const callback = wantsJsonp ? raw! : undefined;
    const entry = api.entry;
    const key = query.get('key');
    if (entry?.keyRequired) {
      if (!key) {
        fail(req, res, 401, `method ${entry.methodId} needs an API key: add ?key=YOUR_KEY to the URL.`, api.format, entry.methodId, callback, { 'WWW-Authenticate': 'Key realm="campus-api", param="key"' });
        return;
      }
      if (!options.keys.accepts(key)) {
        fail(req, res, 403, 'the API key given is not valid.', api.format, entry.methodId, callback);
        return;
      }
    }
    const service = entry ? services.get(entry.methodId) : undefined;
    const caller = key && options.keys.accepts(key) ? key : undefined;
    const now = Math.floor(Date.now() / 1000);
    // Counted before a live answer, so the key usage (1097) includes the call that asks for it.
    const count = () => entry && caller && countsUsage(entry, true) && usage.count(caller, now);
    if (entry && service?.live) {
      count();
      const record = service.live.answer({ now, ...(caller ? { key: caller } : {}), usage: caller ? usage.usage(caller, now) : { monthly: 0, total: 0 } });
      const doc = envelope(entry.methodId, now, service.live.data === 'object' ? record : [record]);
      const answered = caller ? { ...doc, meta: { ...doc.meta, requests: usage.usage(caller, now).monthly } } : doc;
      const { text, type } = renderAnswer(answered, api.format, callback);
      sendBytes(req, res, 200, { 'Content-Type': type, 'Cache-Control': 'no-store', ...API_HEADERS }, Buffer.from(text));
      return;
    }
    const sitePath = entry && pathParameters(entry.path).length === 0 ? `/${sitePaths.apiFile(entry, api.format)}` : local;
    const file = await findFile(root, sitePath);
    if (!file) {
      const detail = !entry
        ? `no method answers at this path. The directory of methods is at ${withBase(basePath, methodListingFile(rules.directory))}.`
        : service?.hasData
          ? `method ${entry.methodId}${entry.name ? ` (${entry.name})` : ''} has no record at ${local.slice(sitePaths.api.length)}: check the value in the path (${entry.path}).`
          : `method ${entry.methodId} (${entry.path}) is listed in the directory, but this static API publishes no data for it.`;
      fail(req, res, 404, detail, api.format, entry?.methodId ?? null, callback);
      return;
    }
    if (service?.hasData) count();
    const headers = entry ? { 'Content-Type': CONTENT_TYPES[api.format]!, 'Cache-Control': apiCacheControl(entry), ...API_HEADERS } : siteHeaders(rules, sitePath.slice(1));
    const typed = callback ? { ...headers, 'Content-Type': CONTENT_TYPES.js! } : headers;
    const body = await load(file);
    if (!body) await sendLargeFile(req, res, 200, typed, file, callback);
    else if (callback) await sendJsonp(req, res, typed, body, callback);
    else await sendBody(req, res, 200, typed, body);
  };

  /** Serves a site file with the rules' headers; an HTML page gets a CSP allowing exactly its own inline scripts. */
  const serveFile = async (req: IncomingMessage, res: ServerResponse, rules: SiteRules, status: number, file: SiteFile, sitePath: string) => {
    const headers = siteHeaders(rules, sitePath);
    const body = await load(file);
    if (!body) return sendLargeFile(req, res, status, headers, file);
    if (sitePath.endsWith('.html')) {
      let policy = pagePolicies.get(body);
      if (!policy) pagePolicies.set(body, (policy = securityHeaders(inlineScriptHashes(body.body.toString('utf8')))['Content-Security-Policy']!));
      headers['Content-Security-Policy'] = policy;
    }
    return sendBody(req, res, status, headers, body);
  };

  const serveSite = async ({ req, res, local, query, root, rules }: Request) => {
    const found = await findSitePath(root, local);
    if (found.kind === 'file') return serveFile(req, res, rules, 200, found.file, found.sitePath);
    if (found.kind === 'redirect') {
      const search = [...query].length ? `?${query}` : '';
      return sendBytes(req, res, 301, { Location: `${basePath.slice(0, -1)}${encodePath(found.to)}${search}`, 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store' }, Buffer.from('301 Moved Permanently\n'));
    }
    if (local.startsWith(`/${sitePaths.api}`)) return fail(req, res, 404, 'nothing is published at this path.', 'json');
    const notFound = await findFile(root, '/404.html');
    if (notFound) return serveFile(req, res, rules, 404, notFound, '404.html');
    return fail(req, res, 404, 'nothing is published at this path.', undefined);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    for (const [k, v] of Object.entries(securityHeaders())) res.setHeader(k, v);
    const target = req.url ?? '/';
    const rawPath = rawPathOf(target);
    const canonical = canonicalPath(rawPath);
    if (!canonical.ok) {
      fail(req, res, canonical.status, canonical.reason, /xml/i.test(rawPath) ? 'xml' : 'json');
      return;
    }
    const format = formatOfPath(canonical.path);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      fail(req, res, 405, `${printable(req.method ?? '')} is not supported: this API answers GET and HEAD.`, format, null, undefined, { Allow: 'GET, HEAD' });
      return;
    }
    if (`${canonical.path}/` === basePath && basePath !== '/') {
      sendBytes(req, res, 301, { Location: basePath, 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store' }, Buffer.from('301 Moved Permanently\n'));
      return;
    }
    if (!canonical.path.startsWith(basePath)) {
      fail(req, res, 404, 'nothing is published at this path.', format);
      return;
    }
    const root = await realRoot(distDir);
    if (!root) {
      fail(req, res, 503, 'the site is not built yet: run npm run build.', format);
      return;
    }
    const rules = await rulesOf(root);
    if (!rules) {
      fail(req, res, 503, `the output holds no directory of methods (${DIRECTORY_FILE}): run npm run build.`, format);
      return;
    }
    const query = new URLSearchParams(target.length > rawPath.length ? target.slice(rawPath.length + 1) : '');
    const request: Request = { req, res, local: `/${canonical.path.slice(basePath.length)}`, query, root, rules };
    // The files the build writes for hosts and for itself are never answered, whatever the path's extension.
    const api = UNSERVED_FILES.includes(request.local.slice(1)) ? undefined : rules.route(request.local);
    await (api ? serveApi(request, api) : serveSite(request));
  };

  return (req, res) => {
    const started = performance.now();
    res.on('finish', () => log(accessLogLine(req.method ?? '-', req.url ?? '-', res.statusCode, String(res.getHeader('content-length') ?? '-'), performance.now() - started)));
    res.on('error', () => res.destroy());
    handle(req, res).catch((error: unknown) => {
      log(`error: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': CONTENT_TYPES.txt! });
        res.end('500 Internal server error\n');
      } else {
        res.destroy();
      }
    });
  };
}

/**
 * The rules of the version at `root` from its directory file, with the live answers of this
 * code's data sets; `fallback` when it has none (an output built before it had one).
 */
async function readRules(root: string, datasets: DatasetRegistry, fallback: SiteRules | undefined): Promise<SiteRules | undefined> {
  const file = await findFile(root, `/${DIRECTORY_FILE}`);
  if (!file) return fallback;
  const published = parseDirectoryFile((await readSiteFile(file)).toString('utf8'));
  return siteRules(published.directory, publishedServices(published, datasets));
}

/** An HTTP server for the site with timeouts that keep slow or broken clients from holding it. */
export function createSiteServer(options: ServerOptions): Server {
  const server = createServer(createRequestHandler(options));
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  server.maxHeadersCount = 100;
  // A request Node cannot parse never reaches the handler: its answer is written here, with the
  // security headers every other answer carries.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason] =
      error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request Header Fields Too Large'] : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request Timeout'] : [400, 'Bad Request'];
    const body = `${status} ${reason}\n`;
    const headers = { ...securityHeaders(), 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store', 'Content-Length': String(body.length), Connection: 'close' };
    socket.end(`HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n${body}`);
  });
  return server;
}
