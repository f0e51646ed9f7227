import type { PublishedRecord } from './record-spec.ts';
import { statusText } from './status-codes.ts';
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

/** The `{meta, data}` envelope of every response: data a list of records, or one record. */
export interface Envelope {
  meta: Meta;
  data: readonly PublishedRecord[] | PublishedRecord;
}

/** Wraps a method's data in the envelope; status 200 unless an error is given. */
export function envelope(
  methodId: number | null,
  timestamp: number,
  data: readonly PublishedRecord[] | PublishedRecord,
  error?: { status: number; message: string },
): Envelope {
  return {
    meta: {
      requests: 0,
      timestamp,
      status: error?.status ?? 200,
      message: error?.message ?? statusText(200),
      method_id: methodId,
      version: API_VERSION,
      method: {},
    },
    data,
  };
}

/** An error response: the same envelope, meta.status and meta.message set, data empty. */
export function errorEnvelope(methodId: number | null, timestamp: number, status: number, detail: string): Envelope {
  return envelope(methodId, timestamp, [], { status, message: `${statusText(status)}: ${detail}` });
}

/** The answer of a method that publishes no data: status 204 and why, data empty (a file like any other). */
export function noDataEnvelope(methodId: number, timestamp: number, reason: string): Envelope {
  return envelope(methodId, timestamp, [], { status: 204, message: `${statusText(204)}: ${reason}` });
}
