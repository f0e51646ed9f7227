// The service at the edge: a Cloudflare Worker running the same handler as `npm start`
// (handler.ts) in front of the built site, deployed as the Worker's static assets. The build
// writes its configuration (wrangler.json in the output, core/site/edge-config.ts); `npm run
// deploy:edge` deploys it. Here: files from the assets binding, keys from a secret (API_KEYS)
// or a KV namespace (KEYS), usage per key and campus month in a few Durable Objects (USAGE,
// edge-usage.ts).
import { dataset as serverDataset } from '../core/datasets/sets/server.ts';
import { renderJsonp } from '../core/render/json.ts';
import { acceptsAnyKey } from '../core/site/any-key.ts';
import { contentSecurityPolicy, inlineScripts } from '../core/site/csp-policy.ts';
import { CONTENT_TYPES, securityHeaders } from '../core/site/http-policy.ts';
import { encodePath } from '../core/site/request-path.ts';
import { type DurableObjectNamespace, edgeUsage } from './edge-usage.ts';
import { createHandler, type KeyCheck, type SiteFile, type SiteFiles } from './handler.ts';
import { MAX_COUNTED_KEYS } from './usage.ts';

export { UsageCounterObject } from './edge-usage.ts';

/** The parts of the Workers runtime this Worker uses (its own types, so the project needs no types package). */
interface Fetcher {
  fetch(request: Request): Promise<Response>;
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
  /** The most keys counted when any key is accepted (neither API_KEYS nor KEYS): default 10,000, as npm start. */
  USAGE_MAX_KEYS?: string;
}

/** Whether any key is accepted: neither the secret nor the KV namespace names keys. */
function acceptsAny(env: Env): boolean {
  return !env.KEYS && !(env.API_KEYS ?? '').split(',').some((k) => k.trim());
}

/** How many keys usage is kept for: a bound only when any key is accepted (configured keys bound themselves). */
export function usageBound(env: Env): number {
  return acceptsAny(env) ? Number(env.USAGE_MAX_KEYS) || MAX_COUNTED_KEYS : Infinity;
}

/** The keys accepted: the secret's list, the KV namespace's names; with neither, any key acceptsAnyKey takes. */
export function edgeKeys(env: Env): KeyCheck {
  const listed = new Set(
    (env.API_KEYS ?? '')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  );
  if (acceptsAny(env)) return { accepts: acceptsAnyKey };
  return {
    accepts: async (key) =>
      listed.has(key) || (key.length <= 512 && env.KEYS !== undefined && (await env.KEYS.get(key)) !== null),
  };
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
        usage: edgeUsage(env.USAGE, usageBound(env)),
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
