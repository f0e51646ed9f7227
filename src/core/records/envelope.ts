import type { PublishedRecord } from './record-spec.ts';
import { API_VERSION } from './version.ts';

/** The meta object of every response (specification 2.1). */
export interface Meta {
  /** Always 0 in a pre-rendered file: a static file cannot count the requests made for it. */
  requests: number;
  timestamp: number;
  status: number;
  message: string;
  /** The method that answered; null on an error no method answered (an unknown path). */
  method_id: number | null;
  version: number;
  method: Record<string, never>;
}

/** The `{meta, data}` envelope of every response. */
export interface Envelope {
  meta: Meta;
  data: readonly PublishedRecord[];
}

/** The success message of meta.message. */
const SUCCESS_MESSAGE = 'Request successful';

/** Wraps a method's data in the envelope; status 200 unless an error is given. */
export function envelope(
  methodId: number | null,
  timestamp: number,
  data: readonly PublishedRecord[],
  error?: { status: number; message: string },
): Envelope {
  return {
    meta: {
      requests: 0,
      timestamp,
      status: error?.status ?? 200,
      message: error?.message ?? SUCCESS_MESSAGE,
      method_id: methodId,
      version: API_VERSION,
      method: {},
    },
    data,
  };
}

/** Standard texts of the error statuses the server answers with. */
const STATUS_TEXT: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
};

/** An error response: the same envelope, meta.status and meta.message set, data empty. */
export function errorEnvelope(methodId: number | null, timestamp: number, status: number, detail: string): Envelope {
  return envelope(methodId, timestamp, [], { status, message: `${STATUS_TEXT[status] ?? 'Error'}: ${detail}` });
}
