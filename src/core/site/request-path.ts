/**
 * The one canonical path of a request, decided once from the raw request target: the key
 * check, JSONP and the file lookup all use it, and nothing decodes it a second time.
 */

/** A request path accepted (decoded, starting with `/`) or refused with a status and reason. */
export type RequestPath = { ok: true; path: string } | { ok: false; status: 400 | 404; reason: string };

/** Characters a raw path may hold (RFC 3986 pchar and `/`; `%` only as an escape). */
const RAW_PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;

/**
 * Decoded characters no published path holds: controls, `%` (would decode again), `?`, `#`, `\`,
 * and what XML cannot hold (U+FFFE, U+FFFF, surrogates), since an error's message may echo the path.
 */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f%?#\\\ufffe\uffff\ud800-\udfff]/;

const refuse = (reason: string): RequestPath => ({ ok: false, status: 400, reason });

/** Percent-decodes exactly once as UTF-8; undefined when an escape is malformed or the bytes are not UTF-8. */
function decodeOnce(raw: string): string | undefined {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '%') {
      const hex = raw.slice(i + 1, i + 3);
      if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return undefined;
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(c.charCodeAt(0));
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/** A request target as the URL standard reads it: its path (still percent-encoded) and its query. */
export interface ReadTarget {
  path: string;
  query: string;
}

/**
 * Reads a request target (`/path?query`, or an absolute `http(s)://` URL) as the URL standard
 * does, as browsers and the edge do before any code of ours runs: dot segments (`.`, `..`, and
 * `%2e` as a dot) removed, `\` read as `/`, the fragment dropped, what must be encoded encoded.
 * Nothing is decoded (canonicalPath decodes once). Undefined when the target is neither.
 */
export function readTarget(target: string): ReadTarget | undefined {
  let url: URL;
  try {
    url = new URL(target.startsWith('/') ? `http://localhost${target}` : target);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return { path: url.pathname, query: url.search.slice(1) };
}

/**
 * Decides the canonical path of a raw request path: decoded once, and refused (400) when it
 * holds a character outside RFC 3986, a malformed escape, an encoded `/` or `\`, anything that
 * would decode differently a second time, a control character, an empty or dot segment (also
 * in Unicode look-alikes); a hidden segment (`.name`, but `.well-known`) is not found (404).
 */
export function canonicalPath(rawPath: string): RequestPath {
  if (!rawPath.startsWith('/')) return refuse('the request path must start with /.');
  if (!RAW_PATH.test(rawPath)) return refuse('the request path holds characters that must be percent-encoded.');
  if (/%(2f|5c)/i.test(rawPath)) return refuse('the request path may not hold encoded / or \\.');
  const path = decodeOnce(rawPath);
  if (path === undefined)
    return refuse('the request path holds a malformed percent escape or bytes that are not UTF-8.');
  if (FORBIDDEN.test(path))
    return refuse('the request path may not hold control characters, U+FFFE, U+FFFF, %, ?, # or \\ once decoded.');
  const segments = path.split('/').slice(1);
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '' && i < segments.length - 1) return refuse('the request path may not hold empty segments (//).');
    const plain = segment.normalize('NFKC');
    if (plain === '.' || plain === '..') return refuse('the request path may not hold dot segments.');
    if (plain.startsWith('.') && segment !== '.well-known')
      return { ok: false, status: 404, reason: 'nothing is published at this path.' };
  }
  return { ok: true, path };
}

/** A canonical path percent-encoded again, segment by segment, for a Location header. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
