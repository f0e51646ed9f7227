// The service at the edge: a Cloudflare Worker running the same handler as `npm start`
// (handler.ts) in front of the built site, deployed as the Worker's static assets. The build
// writes its configuration (wrangler.json in the output, core/site/edge-config.ts); `npm run
// deploy:edge` deploys it. Here: files from the assets binding, keys from a secret (API_KEYS)
// or a KV namespace (KEYS), usage per key and campus month in a Durable Object (USAGE).
import { dataset as serverDataset } from '../core/datasets/sets/server.ts';
import { campusMonth } from '../core/records/campus-clock.ts';
import { renderJsonp } from '../core/render/json.ts';
import { acceptsAnyKey } from '../core/site/any-key.ts';
import { contentSecurityPolicy, inlineScripts } from '../core/site/csp-policy.ts';
import { CONTENT_TYPES, securityHeaders } from '../core/site/http-policy.ts';
import { encodePath } from '../core/site/request-path.ts';
import { createHandler, type KeyCheck, type SiteFile, type SiteFiles, type Usage, type UsageStore } from './handler.ts';

/** The parts of the Workers runtime this Worker uses (its own types, so the project needs no types package). */
interface Fetcher {
  fetch(request: Request): Promise<Response>;
}
interface DurableObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): Fetcher;
}
interface DurableObjectStorage {
  get<T>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
}
interface DurableObjectState {
  storage: DurableObjectStorage;
}
interface KVNamespace {
  get(key: string): Promise<string | null>;
}

/** The Worker's bindings (wrangler.json) and secrets. */
export interface Env {
  ASSETS: Fetcher;
  USAGE: DurableObjectNamespace;
  /** Accepted keys, comma-separated: `wrangler secret put API_KEYS`. */
  API_KEYS?: string;
  /** Accepted keys as the names of a KV namespace's entries (any value). */
  KEYS?: KVNamespace;
  /** The site's base path (`/` or `/campus-api/`), from the build's settings. */
  BASE_PATH?: string;
}

/** The keys accepted: the secret's list, the KV namespace's names; with neither, any key acceptsAnyKey takes. */
export function edgeKeys(env: Env): KeyCheck {
  const listed = new Set(
    (env.API_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  );
  if (listed.size === 0 && !env.KEYS) return { accepts: acceptsAnyKey };
  return {
    accepts: async (key) =>
      listed.has(key) || (key.length <= 512 && env.KEYS !== undefined && (await env.KEYS.get(key)) !== null),
  };
}

/** A key's calls, counted by its Durable Object (one per key: strongly consistent, kept across restarts). */
function edgeUsage(env: Env): UsageStore {
  const ask = async (key: string, op: 'count' | 'usage', now: number): Promise<Usage> => {
    const counter = env.USAGE.get(env.USAGE.idFromName(key));
    const res = await counter.fetch(new Request(`https://usage/${op}?now=${now}`, { method: 'POST' }));
    return (await res.json()) as Usage;
  };
  return { count: (key, now) => ask(key, 'count', now), usage: (key, now) => ask(key, 'usage', now) };
}

/** One key's counts: this campus month's and all. */
interface Counted {
  month: string;
  monthly: number;
  total: number;
}

/** The Durable Object counting one key's calls per campus month (its monthly count starts again each month). */
export class UsageCounterObject {
  private readonly storage: DurableObjectStorage;

  constructor(state: DurableObjectState) {
    this.storage = state.storage;
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const now = Number(url.searchParams.get('now'));
    const month = campusMonth(now);
    const stored = (await this.storage.get<Counted>('usage')) ?? { month, monthly: 0, total: 0 };
    const current = stored.month === month ? stored : { month, monthly: 0, total: stored.total };
    if (url.pathname === '/count') {
      current.monthly += 1;
      current.total += 1;
      await this.storage.put('usage', current);
    }
    return Response.json({ monthly: current.monthly, total: current.total });
  }
}

/** An asset of the deployed site. */
type Asset = SiteFile & { response: Response };

/** The deployed assets: one version per deployment (a Worker and its assets are published together). */
function edgeFiles(env: Env): SiteFiles<Asset> {
  const pagePolicies = new Map<string, string>();
  return {
    version: async () => 'deployed',
    async find(_version, sitePath) {
      const response = await env.ASSETS.fetch(new Request(`https://assets${encodePath(sitePath)}`));
      if (response.status !== 200) {
        await response.body?.cancel();
        return undefined;
      }
      return { response, text: () => response.text() };
    },
    async respond(request, file, status, headers, options = {}) {
      const { response } = file;
      const assetTag = response.headers.get('ETag');
      const tag =
        assetTag && options.callback
          ? `"${assetTag.replace(/^W\//, '').slice(1, -1)}.${await callbackDigest(options.callback)}"`
          : assetTag;
      const all = new Headers(headers);
      if (tag) all.set('ETag', tag);
      if (options.page) {
        // An HTML page: the policy allowing exactly its own inline scripts, as npm start gives it
        // (kept per version of the page while the isolate lives).
        const html = await response.text();
        let policy = tag ? pagePolicies.get(tag) : undefined;
        if (!policy) {
          policy = contentSecurityPolicy(await scriptHashes(html));
          if (tag) pagePolicies.set(tag, policy);
          if (pagePolicies.size > 1000) pagePolicies.delete(pagePolicies.keys().next().value!);
        }
        all.set('Content-Security-Policy', policy);
        return finish(request, status, all, tag, html);
      }
      if (!options.callback) return finish(request, status, all, tag, response.body);
      // JSONP: the callback's name around the file's JSON (its trailing white space left out).
      const json = (await response.text()).replace(/\s+$/, '');
      return finish(request, status, all, tag, renderJsonp(options.callback, json));
    },
  };
}

/** A file's answer: 304 when the client holds this version, no body for HEAD, else the body. */
async function finish(
  request: Request,
  status: number,
  headers: Headers,
  tag: string | null,
  body: ReadableStream | string | null,
): Promise<Response> {
  const named = request.headers.get('If-None-Match')?.split(/\s*,\s*/) ?? [];
  const fresh = status === 200 && tag !== null && named.some((t) => t === tag || t === `W/${tag}` || t === '*');
  if (fresh || request.method === 'HEAD') {
    if (body instanceof ReadableStream) await body.cancel();
    return new Response(null, { status: fresh ? 304 : status, headers });
  }
  return new Response(body, { status, headers });
}

/** The CSP sources of a page's inline scripts (`'sha256-…'`), hashed with the runtime's Web Crypto. */
async function scriptHashes(html: string): Promise<string[]> {
  const encoder = new TextEncoder();
  const digests = await Promise.all(inlineScripts(html).map((s) => crypto.subtle.digest('SHA-256', encoder.encode(s))));
  return digests.map((d) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(d)))}'`);
}

/** A short digest of a JSONP callback's name, for its own ETag. */
async function callbackDigest(callback: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', new TextEncoder().encode(callback)));
  return btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
    .slice(0, 16);
}

let cached: { env: Env; handle: ReturnType<typeof createHandler<Asset>> } | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (cached?.env !== env) {
      const handle = createHandler({
        files: edgeFiles(env),
        keys: edgeKeys(env),
        usage: edgeUsage(env),
        datasets: { server: serverDataset },
        basePath: env.BASE_PATH ?? '/',
      });
      cached = { env, handle };
    }
    try {
      return await cached.handle(request);
    } catch (error) {
      // As npm start: the failure is logged, the caller gets a plain 500 with the security headers.
      console.error(error);
      const headers = { ...securityHeaders(), 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store' };
      return new Response('500 Internal server error\n', { status: 500, headers });
    }
  },
};
