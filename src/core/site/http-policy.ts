import type { MethodEntry } from '../records/method-entry.ts';

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
};

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

/** Headers every API file carries, whoever serves it. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'X-Content-Type-Options': 'nosniff',
};
