import type { MethodEntry } from '../records/method-entry.ts';
import { contentSecurityPolicy } from './csp-policy.ts';
import { sitePaths } from './paths.ts';

/** Content types of the files the site publishes, with their charset. */
export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  json: 'application/json; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  js: 'application/javascript; charset=utf-8',
  ics: 'text/calendar; charset=utf-8',
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  xsd: 'application/xml; charset=utf-8',
  ico: 'image/x-icon',
  png: 'image/png',
  woff2: 'font/woff2',
  webmanifest: 'application/manifest+json',
  // The data portal's downloads (/data/) and change feed.
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  sqlite: 'application/vnd.sqlite3',
};

/** The content type of a file whose extension is not in CONTENT_TYPES (never sniffed: nosniff). */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The content type of a file, by its extension; undefined when the host's default will do. */
export function contentTypeOf(filePath: string): string | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(filePath)?.[1]?.toLowerCase();
  return ext ? CONTENT_TYPES[ext] : undefined;
}

/** Cache-Control for a method's files: its cache time, where 0 s means revalidate every time. */
export function apiCacheControl(entry: Pick<MethodEntry, 'cacheSeconds'>): string {
  const seconds = entry.cacheSeconds ?? 0;
  return seconds > 0 ? `public, max-age=${seconds}` : 'public, max-age=0, must-revalidate';
}

/** Cache-Control for the site's other files: fingerprinted assets for a year, the rest revalidated. */
export function siteCacheControl(filePath: string): string {
  return filePath.replace(/^\//, '').startsWith(sitePaths.assets)
    ? 'public, max-age=31536000, immutable'
    : 'public, max-age=0, must-revalidate';
}

/** Headers every API file carries, whoever serves it (besides the security headers every response carries). */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
};

/** Headers every response carries: no sniffing, no framing, no referrer, and the site's CSP. */
export function securityHeaders(scriptHashes: readonly string[] = []): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': contentSecurityPolicy(scriptHashes),
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
  };
}

/**
 * Headers every answer of a running server (npm start, the edge) carries: the security headers,
 * and `Vary: Accept-Encoding`, since any answer may be compressed (the edge compresses even the
 * answers made for one request).
 */
export function answerHeaders(scriptHashes: readonly string[] = []): Record<string, string> {
  return { ...securityHeaders(scriptHashes), Vary: 'Accept-Encoding' };
}

/**
 * The plain-text answer to a request refused before its path is read (one Node's parser refuses,
 * one without a Host, one with a control character in a header): `400 Bad Request` and the like.
 */
export function protocolAnswer(status: number, reason: string): { body: string; headers: Record<string, string> } {
  const body = `${status} ${reason}\n`;
  const headers = { ...answerHeaders(), 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store' };
  return { body, headers: { ...headers, 'Content-Length': String(body.length) } };
}

/** Characters Node's parser refuses in a header value (controls but tab): the edge refuses them too. */
const HEADER_CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f]/;

/** Whether a request's headers hold a value Node's parser would refuse. */
export function hasControlInHeaders(headers: Headers): boolean {
  for (const [, value] of headers) if (HEADER_CONTROL.test(value)) return true;
  return false;
}
