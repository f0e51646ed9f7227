import type { RecordSpec } from './record-spec.ts';

/** One status this service answers with: its code, the text meta.message starts with, and when it is given. */
export interface StatusCode {
  code: number;
  message: string;
  /** When the status is given (shown on the method page of 1091 and in the README). */
  when: string;
}

/**
 * Every status this service answers with: the one table that the envelopes' meta.message, the
 * server's error envelopes and the published codes of method 1091 all read.
 */
export const STATUS_CODES: readonly StatusCode[] = [
  { code: 200, message: 'Request successful', when: 'the method answered with its data' },
  {
    code: 204,
    message: 'No data returned',
    when:
      'the method is listed but no data set is published for it (served with HTTP 200: ' +
      'an HTTP 204 answer carries no body)',
  },
  {
    code: 400,
    message: 'Bad request',
    when: 'the callback is not a safe JavaScript name, or the request path is not canonical',
  },
  { code: 401, message: 'Unauthorized', when: 'a method that needs an API key was called without ?key=' },
  { code: 403, message: 'Forbidden', when: 'the API key given is not one the server accepts' },
  {
    code: 404,
    message: 'Not found',
    when: 'no method answers at the path, or a method with a path parameter has no record for the value asked',
  },
  { code: 405, message: 'Method not allowed', when: 'the HTTP method is not GET or HEAD' },
  { code: 500, message: 'Internal server error', when: 'the server failed unexpectedly' },
  { code: 503, message: 'Service unavailable', when: 'the site is not built yet' },
];

/** The text of a status code, from the table; `Error` for a code it does not hold. */
export function statusText(code: number): string {
  return STATUS_CODES.find((s) => s.code === code)?.message ?? 'Error';
}

/** The record of method 1091 (error codes). */
export const statusCodeRecord = {
  name: 'code',
  title: 'Status code',
  fields: [
    { name: 'code', type: 'integer', nullable: false, description: 'HTTP-style status code, as in meta.status' },
    {
      name: 'message',
      type: 'string',
      nullable: false,
      description: 'The text meta.message starts with for this status',
    },
  ],
} as const satisfies RecordSpec;
