// The answers the handler makes itself (envelopes, messages, redirects), as bytes with their
// headers, so that an adapter (npm start) may write them without reading a stream.
import { type Envelope, errorEnvelope } from '../core/records/envelope.ts';
import type { Format } from '../core/records/method-entry.ts';
import { renderJson, renderJsonp } from '../core/render/json.ts';
import { renderXml } from '../core/render/xml.ts';
import { API_HEADERS, answerHeaders, CONTENT_TYPES } from '../core/site/http-policy.ts';

const encoder = new TextEncoder();

/** The bytes and headers of each response the handler made. */
const made = new WeakMap<Response, { body: Uint8Array; headers: Record<string, string> }>();

/** The bytes and headers of a response the handler made (envelope, message, redirect); undefined for a file's. */
export function madeAnswer(response: Response): { body: Uint8Array; headers: Record<string, string> } | undefined {
  return made.get(response);
}

/** A response of bytes made for this request, with the headers every answer carries. */
export function answer(status: number, headers: Record<string, string>, text: string): Response {
  const body = encoder.encode(text);
  const all = { ...answerHeaders(), ...headers, 'Content-Length': String(body.length) };
  const response = new Response(body, { status, headers: all });
  made.set(response, { body, headers: all });
  return response;
}

/** An envelope made for this request (a live answer or an error) in the format asked for, or JSONP. */
export function renderEnvelope(doc: Envelope, format: Format, callback: string | undefined) {
  return {
    text: format === 'xml' ? renderXml(doc) : callback ? renderJsonp(callback, renderJson(doc)) : renderJson(doc),
    type: format === 'xml' ? CONTENT_TYPES.xml! : callback ? CONTENT_TYPES.js! : CONTENT_TYPES.json!,
  };
}

/** A live envelope's answer: never cached, open to every origin. */
export function envelopeAnswer(doc: Envelope, format: Format, callback: string | undefined): Response {
  const { text, type } = renderEnvelope(doc, format, callback);
  return answer(200, { 'Content-Type': type, 'Cache-Control': 'no-store', ...API_HEADERS }, text);
}

/** What an error answer says, and in which form. */
export interface Failure {
  status: number;
  detail: string;
  /** The format the path asks for; undefined: plain text. */
  format: Format | undefined;
  methodId?: number | null;
  /** A valid JSONP callback, when one was asked for. */
  callback?: string | undefined;
  headers?: Record<string, string>;
}

/**
 * An error envelope at `now` in the format asked for, or plain text. As JSONP (a valid callback on a .json path) it is
 * answered with HTTP 200, its status in `meta.status` alone: a browser runs no script answered with an error status, so
 * the callback would never learn what went wrong.
 */
export function errorAnswer(failure: Failure, now: number): Response {
  const { status, detail, format, headers = {} } = failure;
  if (!format) {
    const plain = { 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store', ...headers };
    return answer(status, plain, `${status} ${detail}\n`);
  }
  const doc = errorEnvelope(failure.methodId ?? null, now, status, detail);
  const { text, type } = renderEnvelope(doc, format, failure.callback);
  const http = format === 'json' && failure.callback !== undefined ? 200 : status;
  return answer(http, { 'Content-Type': type, 'Cache-Control': 'no-store', ...API_HEADERS, ...headers }, text);
}

/** A permanent redirect to `to` (already encoded). */
export function redirectAnswer(to: string): Response {
  const headers = { Location: to, 'Content-Type': CONTENT_TYPES.txt!, 'Cache-Control': 'no-store' };
  return answer(301, headers, '301 Moved Permanently\n');
}
