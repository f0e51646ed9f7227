import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { renderJsonp } from '../core/render/json.ts';
import { type CachedBody, chooseEncoding } from './file-cache.ts';
import { gzipJoin } from './gzip-join.ts';
import { type SiteFile, streamSiteFile } from './safe-file.ts';

/** Whether the request's If-None-Match names this ETag (then the answer is 304). */
function notModified(req: IncomingMessage, etag: string): boolean {
  return (
    req.headers['if-none-match']?.split(/\s*,\s*/).some((t) => t === etag || t === `W/${etag}` || t === '*') ?? false
  );
}

/**
 * Sets headers and status, then writes the parts in order (nothing for HEAD): buffers already in
 * memory, never copied.
 */
function writeParts(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  parts: readonly Buffer[],
): void {
  const length = parts.reduce((n, p) => n + p.length, 0);
  for (const [k, v] of Object.entries({ ...headers, 'Content-Length': String(length) })) res.setHeader(k, v);
  res.writeHead(status);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  for (const part of parts) res.write(part);
  res.end();
}

/** Answers 304 when the client holds this version; true when it did. */
function answerNotModified(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  etag: string,
): boolean {
  if (status !== 200 || !notModified(req, etag)) return false;
  for (const [k, v] of Object.entries({ ...headers, ETag: etag })) res.setHeader(k, v);
  res.writeHead(304);
  res.end();
  return true;
}

/** Writes a cached body, compressed (from its cached compressed form) when the client accepts it, or 304. */
export async function sendBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  body: CachedBody,
): Promise<void> {
  const all = { ...headers, Vary: 'Accept-Encoding' };
  if (answerNotModified(req, res, status, all, body.etag)) return;
  const encoding = chooseEncoding(req.headers['accept-encoding'], body.body.length);
  const bytes = await body.encoded(encoding);
  writeParts(
    req,
    res,
    status,
    { ...all, ETag: body.etag, ...(encoding === 'identity' ? {} : { 'Content-Encoding': encoding }) },
    [bytes],
  );
}

/** Writes small bytes made for this response (error envelopes, messages), never compressed or cached. */
export function sendBytes(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  bytes: Buffer,
): void {
  writeParts(req, res, status, headers, [bytes]);
}

/**
 * Writes `/**\/NAME(<json>);` without rendering anything per callback name: the prefix, the
 * cached JSON bytes and the suffix, in gzip (joined from the body's cached deflate piece) when
 * the client accepts it, else as they are. The work and memory per request are the same for
 * every name; nothing is kept per name.
 */
export async function sendJsonp(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Record<string, string>,
  body: CachedBody,
  callback: string,
): Promise<void> {
  const [prefix, suffix] = renderJsonp(callback, '\u0000')
    .split('\u0000')
    .map((s) => Buffer.from(s)) as [Buffer, Buffer];
  const etag = `"${body.etag.slice(1, -1)}.${createHash('sha1').update(callback).digest('base64url').slice(0, 16)}"`;
  const all = { ...headers, Vary: 'Accept-Encoding' };
  if (answerNotModified(req, res, 200, all, etag)) return;
  if (chooseEncoding(req.headers['accept-encoding'], body.jsonLength, ['gzip']) === 'gzip') {
    writeParts(
      req,
      res,
      200,
      { ...all, ETag: etag, 'Content-Encoding': 'gzip' },
      gzipJoin(prefix, await body.jsonpPiece(), suffix),
    );
    return;
  }
  writeParts(req, res, 200, { ...all, ETag: etag }, [prefix, body.body.subarray(0, body.jsonLength), suffix]);
}

/**
 * Streams a file too large to cache, uncompressed, with a weak validator from its size and time; JSONP
 * around it when asked.
 */
export async function sendLargeFile(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Record<string, string>,
  file: SiteFile,
  callback?: string,
): Promise<void> {
  const etag = `W/"${file.size.toString(36)}-${Math.floor(file.mtimeMs).toString(36)}"`;
  if (!callback && answerNotModified(req, res, status, headers, etag)) return;
  const [prefix, suffix] = callback
    ? renderJsonp(callback, '\u0000')
        .split('\u0000')
        .map((s) => Buffer.from(s))
    : [Buffer.alloc(0), Buffer.alloc(0)];
  const stream = await streamSiteFile(file);
  for (const [k, v] of Object.entries({
    ...headers,
    ...(callback ? {} : { ETag: etag }),
    'Content-Length': String(prefix!.length + file.size + suffix!.length),
  }))
    res.setHeader(k, v);
  res.writeHead(status);
  if (req.method === 'HEAD') {
    stream.destroy();
    res.end();
    return;
  }
  res.write(prefix);
  await pipeline(stream, res, { end: false });
  res.end(suffix);
}
