// The deployed assets as the handler's files (handler.ts: SiteFiles), at the edge. Their version
// is the directory file itself, read on every request: the key rules are those of the assets
// served, also when the assets change under a running Worker (`wrangler dev` serving a rebuild,
// whose asset validators are only made again later). A file read while the assets changed ends
// the answer (AssetsChanged), for the Worker to ask again.
import { DIRECTORY_FILE } from '../core/datasets/published-directory.ts';
import { renderJsonp } from '../core/render/json.ts';
import { contentSecurityPolicy, inlineScripts } from '../core/site/csp-policy.ts';
import { encodePath } from '../core/site/request-path.ts';
import type { SiteFile, SiteFiles } from './handler.ts';

/** The Workers runtime's fetcher of assets (its own type, so the project needs no types package). */
export interface Fetcher {
  fetch(request: Request): Promise<Response>;
}

/** An asset of the deployed site. */
export type Asset = SiteFile & { response: Response };

/** Thrown when the assets changed between reading their version and one of their files. */
export class AssetsChanged extends Error {}

/** The version named when the assets hold no directory file (the handler then answers 503). */
const NO_DIRECTORY = 'no directory file';

/** An asset's response at a canonical site path. */
function fetchAsset(assets: Fetcher, sitePath: string): Promise<Response> {
  return assets.fetch(new Request(`https://assets${encodePath(sitePath)}`));
}

/** The version of the assets served now: their directory file's text. */
async function assetsVersion(assets: Fetcher): Promise<string> {
  const response = await fetchAsset(assets, `/${DIRECTORY_FILE}`);
  if (response.status === 200) return response.text();
  await response.body?.cancel();
  return NO_DIRECTORY;
}

/** The assets, each file checked to be of the version the handler asked for. */
export function edgeFiles(assets: Fetcher): SiteFiles<Asset> {
  const pagePolicies = new Map<string, string>();
  return {
    version: () => assetsVersion(assets),
    async find(version, sitePath) {
      if (sitePath === `/${DIRECTORY_FILE}`) {
        // The version is the directory: its rules are read from the very text the version names.
        return version === NO_DIRECTORY ? undefined : { response: new Response(version), text: async () => version };
      }
      const response = await fetchAsset(assets, sitePath);
      if ((await assetsVersion(assets)) !== version) {
        await response.body?.cancel();
        throw new AssetsChanged(`the assets changed while ${sitePath} was read`);
      }
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
