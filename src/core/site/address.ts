import { ConfigError } from '../read/findings.ts';
import { VERSION_SEGMENT } from '../records/version.ts';

/** The address the site is served from when SITE_URL is not set. */
export const DEFAULT_SITE_URL = 'http://localhost:3000';

/** Where the built site is served: the full URL and its path, both ending in `/`. */
export interface SiteAddress {
  /** `https://example.github.io/campus-api/` */
  url: string;
  /** `/campus-api/` (just `/` at a domain's root). */
  basePath: string;
  /** The API's base address: `https://example.github.io/campus-api/v2`. */
  apiBase: string;
}

/** Reads SITE_URL (or the default); throws a clear error when it is not an http(s) URL. */
export function parseSiteUrl(raw: string | undefined): SiteAddress {
  const text = raw?.trim() || DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(
      `SITE_URL "${text}" is not a URL. Set it to where dist/ is served, e.g. https://example.github.io/campus-api/`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(`SITE_URL "${text}" must start with http:// or https://.`);
  }
  url.search = '';
  url.hash = '';
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return { url: url.href, basePath: url.pathname, apiBase: `${url.href}${VERSION_SEGMENT}` };
}

/** What every renderer of one build knows of where and when: the site's address and the build's timestamp. */
export interface RenderContext extends SiteAddress {
  /** Unix seconds: meta.timestamp of every file, DTSTAMP of every event. */
  timestamp: number;
}

/** The render context of a build, made once from its address and timestamp. */
export function renderContext(address: SiteAddress, timestamp: number): RenderContext {
  return { ...address, timestamp };
}
