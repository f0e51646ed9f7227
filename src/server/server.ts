// `npm start`: the service's handler (handler.ts) on Node's HTTP server. This adapter gives it
// the output folder's files (safe-file.ts: by real path, no links), answers with them from the
// file cache (compressed forms, ETags, JSONP joined without re-rendering: respond.ts), counts
// usage in memory (usage.ts), and writes the access log.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DatasetRegistry } from '../core/datasets/dataset.ts';
import type { MethodService } from '../core/datasets/method-services.ts';
import { dataset as serverDataset } from '../core/datasets/sets/server.ts';
import type { MethodEntry } from '../core/records/method-entry.ts';
import { inlineScriptHashes } from '../core/site/csp.ts';
import { answerHeaders, protocolAnswer, securityHeaders } from '../core/site/http-policy.ts';
import { accessLogLine } from './access-log.ts';
import { type CachedBody, FileCache, MAX_CACHED_FILE } from './file-cache.ts';
import { createHandler, madeAnswer, type SiteFiles } from './handler.ts';
import type { KeyStore } from './keys.ts';
import { sendBody, sendJsonp, sendLargeFile } from './respond.ts';
import { findFile, readSiteFile, realRoot, type SiteFile } from './safe-file.ts';
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

/** A file found below the output's real root, and its text for the handler. */
type NodeFile = SiteFile & { text(): Promise<string> };

/** How a Node answer is written: the adapter writes a file's cached bytes to the socket itself. */
type Writer = (req: IncomingMessage, res: ServerResponse) => Promise<void>;

/**
 * The output folder's files for the handler. Its answers with a file are Responses holding the
 * status and headers only: the bytes (cached, compressed forms, JSONP pieces, large files
 * streamed) are written by the adapter straight from the cache (`writers`), never copied
 * through a web stream.
 */
function nodeFiles(
  distDir: string,
  cacheBytes: number | undefined,
  writers: WeakMap<Response, Writer>,
): SiteFiles<NodeFile> {
  const files = new FileCache(cacheBytes);
  const pagePolicies = new WeakMap<CachedBody, string>();
  /** A found file's cached body (or undefined when it is too large to cache). */
  const load = (file: SiteFile) =>
    file.size > MAX_CACHED_FILE ? undefined : files.get(file.realPath, file, () => readSiteFile(file));
  return {
    version: () => realRoot(distDir),
    async find(root, sitePath) {
      const file = await findFile(root, sitePath);
      return file && { ...file, text: async () => (await readSiteFile(file)).toString('utf8') };
    },
    async respond(_request, file, status, headers, options = {}) {
      const body = await load(file);
      let write: Writer;
      if (!body) write = (req, res) => sendLargeFile(req, res, status, headers, file, options.callback);
      else if (options.callback) write = (req, res) => sendJsonp(req, res, headers, body, options.callback!);
      else {
        if (options.page) {
          // An HTML page gets a CSP allowing exactly its own inline scripts.
          let policy = pagePolicies.get(body);
          if (!policy)
            pagePolicies.set(
              body,
              (policy = securityHeaders(inlineScriptHashes(body.body.toString('utf8')))['Content-Security-Policy']!),
            );
          headers['Content-Security-Policy'] = policy;
        }
        write = (req, res) => sendBody(req, res, status, headers, body);
      }
      const response = new Response(null, { status, headers });
      writers.set(response, write);
      return response;
    },
  };
}

/** Writes a Response the handler made (envelope, message, redirect): its status, headers and bytes (none for HEAD). */
async function writeResponse(req: IncomingMessage, res: ServerResponse, response: Response): Promise<void> {
  const known = madeAnswer(response);
  const body = known ? known.body : new Uint8Array(await response.arrayBuffer());
  if (known) for (const [name, value] of Object.entries(known.headers)) res.setHeader(name, value);
  else for (const [name, value] of response.headers) res.setHeader(name, value);
  res.setHeader('Content-Length', String(body.length));
  res.writeHead(response.status);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The request as a web Request with its headers; its body is never read (the service answers
 * GET and HEAD). The raw target and method go beside it (RequestFacts): a URL would have its
 * path normalised, and some methods cannot be a Request's.
 */
function webRequest(req: IncomingMessage): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    try {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    } catch {
      // A value the web platform refuses is left out: the handler reads no request header.
    }
  }
  return new Request('http://localhost/', { method: req.method === 'HEAD' ? 'HEAD' : 'GET', headers });
}

/** The request handler of `npm start`: the service's handler with Node's files, keys, counter and log. */
function createRequestHandler(options: ServerOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const writers = new WeakMap<Response, Writer>();
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const handler = createHandler({
    files: nodeFiles(path.resolve(options.distDir), options.cacheBytes, writers),
    keys: options.keys,
    // Configured keys bound the counts; when any key is accepted, so does the counter.
    usage: new UsageCounter(options.keys.mode === 'any' ? MAX_COUNTED_KEYS : Infinity),
    datasets: options.datasets ?? { server: serverDataset },
    ...(options.basePath ? { basePath: options.basePath } : {}),
    ...(options.directory ? { directory: options.directory } : {}),
    ...(options.services ? { services: options.services } : {}),
  });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    // A request without a Host (or an empty one, or HTTP/1.0 without it) is refused, as the edge refuses it.
    if (!req.headers.host) {
      const { body, headers } = protocolAnswer(400, 'Bad Request');
      res.writeHead(400, { ...headers, Connection: 'close' });
      res.end(body);
      return;
    }
    const response = await handler(webRequest(req), { target: req.url ?? '/', method: req.method ?? '' });
    const write = writers.get(response);
    if (write) {
      for (const [k, v] of Object.entries(answerHeaders())) res.setHeader(k, v);
      await write(req, res);
    } else await writeResponse(req, res, response);
  };

  return (req, res) => {
    const started = performance.now();
    res.on('finish', () =>
      log(
        accessLogLine(
          req.method ?? '-',
          req.url ?? '-',
          res.statusCode,
          String(res.getHeader('content-length') ?? '-'),
          performance.now() - started,
        ),
      ),
    );
    res.on('error', () => res.destroy());
    handle(req, res).catch((error: unknown) => {
      log(`error: ${(error as Error).stack ?? error}`);
      if (!res.headersSent) {
        const { body, headers } = protocolAnswer(500, 'Internal server error');
        res.writeHead(500, headers);
        res.end(body);
      } else {
        res.destroy();
      }
    });
  };
}

/** An HTTP server for the site with timeouts that keep slow or broken clients from holding it. */
export function createSiteServer(options: ServerOptions): Server {
  // No Host: answered by the handler's adapter with the security headers, not by Node's bare 400.
  const server = createServer({ requireHostHeader: false }, createRequestHandler(options));
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
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? [408, 'Request Timeout']
          : [400, 'Bad Request'];
    const answer = protocolAnswer(status as number, reason as string);
    const headers = { ...answer.headers, Connection: 'close' };
    const body = answer.body;
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('')}\r\n${body}`,
    );
  });
  return server;
}
