// The service at the edge: a Cloudflare Worker running the same handler as `npm start`
// (handler.ts) in front of the built site, deployed as the Worker's static assets. The build
// writes its configuration (wrangler.json in the output, core/site/edge-config.ts); `npm run
// deploy:edge` deploys it. Here: files from the assets binding (edge-files.ts), keys from a secret (API_KEYS)
// or a KV namespace (KEYS), usage per key and campus month in a few Durable Objects (USAGE,
// edge-usage.ts).
import { dataset as serverDataset } from '../core/datasets/sets/server.ts';
import { acceptsAnyKey } from '../core/site/any-key.ts';
import { hasControlInHeaders, protocolAnswer } from '../core/site/http-policy.ts';
import { type Asset, AssetsChanged, edgeFiles, type Fetcher } from './edge-files.ts';
import { type DurableObjectNamespace, edgeUsage } from './edge-usage.ts';
import { createHandler, type KeyCheck } from './handler.ts';
import { MAX_COUNTED_KEYS } from './usage.ts';

export { UsageCounterObject } from './edge-usage.ts';

/** The KV namespace of keys, as this Worker uses it (its own type, so the project needs no types package). */
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

/** A plain-text answer of the Worker's own, as npm start writes it (protocolAnswer). */
function plainAnswer(status: number, reason: string): Response {
  const { body, headers } = protocolAnswer(status, reason);
  return new Response(body, { status, headers });
}

/** Answers by one version of the assets: asked again (at most twice) when they changed while it answered. */
async function answerOfOneVersion(handle: (request: Request) => Promise<Response>, request: Request) {
  for (let tries = 1; ; tries++) {
    try {
      return await handle(request);
    } catch (error) {
      if (!(error instanceof AssetsChanged) || tries === 3) throw error;
    }
  }
}

let cached: { env: Env; handle: ReturnType<typeof createHandler<Asset>> } | undefined;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    if (cached?.env !== env) {
      const handle = createHandler({
        files: edgeFiles(env.ASSETS),
        keys: edgeKeys(env),
        usage: edgeUsage(env.USAGE, usageBound(env)),
        datasets: { server: serverDataset },
        basePath: env.BASE_PATH ?? '/',
      });
      cached = { env, handle };
    }
    // A header Node's parser would refuse is refused here too, with Node's answer.
    if (hasControlInHeaders(request.headers)) return plainAnswer(400, 'Bad Request');
    try {
      return await answerOfOneVersion(cached.handle, request);
    } catch (error) {
      // As npm start: the failure is logged, the caller gets a plain 500 with the security headers.
      console.error(error);
      return plainAnswer(500, 'Internal server error');
    }
  },
};
