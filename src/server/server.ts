import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import compression from 'compression';
import serveHandler from 'serve-handler';
import { createApiRouter, formatOfPath, type ApiRoute } from '../core/site/api-routes.ts';
import { isSafeCallback, MAX_CALLBACK_LENGTH } from '../core/site/callback.ts';
import { concretePath, type Format, type MethodEntry } from '../core/records/method-entry.ts';
import { errorEnvelope } from '../core/records/envelope.ts';
import { serveConfig } from '../core/site/host-config.ts';
import { API_HEADERS, apiCacheControl, CONTENT_TYPES, contentTypeOf } from '../core/site/http-policy.ts';
import { renderJson, renderJsonp } from '../core/render/json.ts';
import { renderXml } from '../core/render/xml.ts';
import { methodListingFile, sitePaths, withBase } from '../core/site/paths.ts';
import { cachedBody, chooseEncoding, FileCache, Lru, type CachedBody } from './file-cache.ts';
import type { KeyStore } from './keys.ts';

/** What the server needs: the built site, the directory it was built from, and the accepted keys. */
export interface ServerOptions {
  distDir: string;
  directory: readonly MethodEntry[];
  keys: KeyStore;
  /** The site's base path from SITE_URL, e.g. `/` or `/campus-api/`. */
  basePath?: string;
  /** Where each request's log line goes (default: stdout). */
  log?: (line: string) => void;
}

/** Writes a body (or only its headers, for HEAD), compressed when the client accepts it. */
function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, body: CachedBody): void {
  const vary = { Vary: 'Accept-Encoding', ETag: body.etag };
  if (status === 200 && req.headers['if-none-match']?.split(/\s*,\s*/).some((t) => t === body.etag || t === `W/${body.etag}` || t === '*')) {
    for (const [k, v] of Object.entries({ ...headers, ...vary })) res.setHeader(k, v);
    res.writeHead(304);
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers['accept-encoding'], body.body.length);
  const bytes = body.encoded(encoding);
  const all = { ...headers, ...vary, ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }), 'Content-Length': String(bytes.length) };
  for (const [k, v] of Object.entries(all)) res.setHeader(k, v);
  res.writeHead(status);
  res.end(req.method === 'HEAD' ? undefined : bytes);
}

/** Keeps control characters out of log lines. */
function printable(s: string): string {
  return s.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/**
 * The request handler of `npm start`: dist/ through serve-handler, plus what files alone
 * cannot do (JSONP, API keys, error envelopes, per-method caching headers, compression).
 */
export function createRequestHandler(options: ServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const distDir = path.resolve(options.distDir);
  const basePath = options.basePath ?? '/';
  const route = createApiRouter(options.directory);
  const files = new FileCache();
  const jsonp = new Lru<string, CachedBody>(64);
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const compress = compression({ threshold: 1024 });
  // etag: strong validators for the site's pages (serve's own config schema has no such key, so only here).
  const staticConfig = { ...serveConfig(options.directory), etag: true, public: distDir };

  /** Answers with an error envelope in the format the path asks for (JSONP when its callback is valid). */
  const fail = (req: IncomingMessage, res: ServerResponse, status: number, detail: string, format: Format | undefined, methodId: number | null = null, callback?: string, extra: Record<string, string> = {}) => {
    if (!format) {
      const body = cachedBody(Buffer.from(`${status} ${detail}\n`));
      send(req, res, status, { 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store', ...extra }, body);
      return;
    }
    const doc = errorEnvelope(methodId, Math.floor(Date.now() / 1000), status, detail);
    const text = format === 'xml' ? renderXml(doc) : callback ? renderJsonp(callback, renderJson(doc)) : renderJson(doc);
    const type = format === 'xml' ? CONTENT_TYPES.xml! : callback ? CONTENT_TYPES.js! : CONTENT_TYPES.json!;
    send(req, res, status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...API_HEADERS, ...extra }, cachedBody(Buffer.from(text)));
  };

  const serveApi = async (req: IncomingMessage, res: ServerResponse, url: URL, api: ApiRoute, local: string) => {
    const raw = url.searchParams.get('callback');
    const wantsJsonp = api.format === 'json' && raw !== null;
    if (wantsJsonp && !isSafeCallback(raw)) {
      fail(req, res, 400, `callback must be a JavaScript identifier or dotted path such as handleData or app.onData, at most ${MAX_CALLBACK_LENGTH} characters.`, 'json', api.entry?.methodId ?? null);
      return;
    }
    const callback = wantsJsonp ? raw! : undefined;
    const entry = api.entry;
    if (!entry) {
      const existing = await files.get(path.join(distDir, local));
      if (existing) {
        send(req, res, 200, { 'Content-Type': contentTypeOf(local) ?? CONTENT_TYPES.txt!, 'Cache-Control': 'public, max-age=0, must-revalidate', ...API_HEADERS }, existing);
        return;
      }
      fail(req, res, 404, `no method answers at this path. The directory of methods is at ${withBase(basePath, methodListingFile(options.directory))}.`, api.format, null, callback);
      return;
    }
    const concrete = concretePath(entry, api.format);
    const file = concrete ? await files.get(path.join(distDir, sitePaths.apiFile(entry, api.format))) : undefined;
    if (!file) {
      fail(req, res, 404, `method ${entry.methodId} (${entry.path}) is listed in the directory, but this static API publishes no data for it.`, api.format, entry.methodId, callback);
      return;
    }
    if (entry.keyRequired) {
      const key = url.searchParams.get('key');
      if (!key) {
        fail(req, res, 401, `method ${entry.methodId} needs an API key: add ?key=YOUR_KEY to the URL.`, api.format, entry.methodId, callback, { 'WWW-Authenticate': 'Key realm="campus-api", param="key"' });
        return;
      }
      if (!options.keys.accepts(key)) {
        fail(req, res, 403, 'the API key given is not valid.', api.format, entry.methodId, callback);
        return;
      }
    }
    const headers = { 'Cache-Control': apiCacheControl(entry), ...API_HEADERS };
    if (callback) {
      const cacheKey = `${file.etag}\u0000${callback}`;
      let body = jsonp.get(cacheKey);
      if (!body) {
        body = cachedBody(Buffer.from(renderJsonp(callback, file.body.toString('utf8'))));
        jsonp.set(cacheKey, body);
      }
      send(req, res, 200, { 'Content-Type': CONTENT_TYPES.js!, ...headers }, body);
      return;
    }
    send(req, res, 200, { 'Content-Type': CONTENT_TYPES[api.format]!, ...headers }, file);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let url: URL;
    let pathname: string;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
      pathname = decodeURIComponent(url.pathname);
    } catch {
      fail(req, res, 400, 'the request path is not a valid URL path.', undefined);
      return;
    }
    const format = formatOfPath(pathname);
    const segments = pathname.split('/');
    if (pathname.includes('\0') || pathname.includes('\\') || segments.some((s) => s === '..' || s === '.')) {
      fail(req, res, 400, 'the request path may not hold NUL, backslashes or dot segments.', format);
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      fail(req, res, 405, `${printable(req.method ?? '')} is not supported: this API answers GET and HEAD.`, format, null, undefined, { Allow: 'GET, HEAD' });
      return;
    }
    if (!pathname.startsWith(basePath) || segments.some((s) => s.startsWith('.') && s !== '.well-known')) {
      fail(req, res, 404, 'nothing is published at this path.', format);
      return;
    }
    const local = `/${pathname.slice(basePath.length)}`;
    const api = route(local);
    if (api) {
      await serveApi(req, res, url, api, local);
      return;
    }
    compress(req as never, res as never, () => {
      const original = req.url;
      req.url = `${local}${url.search}`;
      serveHandler(req, res, staticConfig).catch(() => {
        if (!res.headersSent) fail(req, res, 500, 'the file could not be read.', undefined);
      }).finally(() => {
        req.url = original;
      });
    });
  };

  return (req, res) => {
    const started = performance.now();
    res.on('finish', () => {
      const ms = (performance.now() - started).toFixed(1);
      log(`${new Date().toISOString()} ${printable(req.method ?? '-')} ${printable(req.url ?? '-')} ${res.statusCode} ${res.getHeader('content-length') ?? '-'} ${ms}ms`);
    });
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

/** An HTTP server for the site with timeouts that keep slow or broken clients from holding it. */
export function createSiteServer(options: ServerOptions): Server {
  const server = createServer(createRequestHandler(options));
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  server.keepAliveTimeout = 5_000;
  server.maxHeadersCount = 100;
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  return server;
}
