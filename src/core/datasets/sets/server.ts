import { campusDateTime, campusZone, nextMonthStart } from '../../records/campus-clock.ts';
import type { PublishedRecord } from '../../records/record-spec.ts';
import { keyUsageRecord, serverTimeRecord } from '../../records/server-record.ts';
import { STATUS_CODES, statusCodeRecord } from '../../records/status-codes.ts';
import type { Dataset, ReadRecord } from '../dataset.ts';

/** A derived record: its values only (it stands in no data file). */
const derived = (values: PublishedRecord): ReadRecord => ({ values, fileKey: '' });

/** The server time record (1087) at an instant. */
export function serverTime(unixSeconds: number): PublishedRecord {
  return {
    timestamp: unixSeconds,
    datetime: campusDateTime(unixSeconds),
    timezone: campusZone(unixSeconds),
    key_reset_time: nextMonthStart(unixSeconds),
  };
}

/** What the service knows of itself: its clock (1087), its status codes (1091) and a caller's key usage (1097). */
export const dataset: Dataset = {
  name: 'server',
  title: "The service's own facts: its clock, its status codes and its callers' usage",
  derived: true,
  tables: [],
  read: () => ({}),
  feeds: {
    1087: {
      record: serverTimeRecord,
      data: 'object',
      records: ({ timestamp }) => [derived(serverTime(timestamp))],
      live: { answer: ({ now }) => serverTime(now) },
    },
    1091: {
      record: statusCodeRecord,
      data: 'array',
      records: () => STATUS_CODES.map((s) => derived({ code: s.code, message: s.message })),
    },
    1097: {
      record: keyUsageRecord,
      data: 'object',
      records: () => [],
      live: {
        staticReason:
          'a static file cannot count requests: key usage is answered by a running server (npm start), per key.',
        answer: ({ key, usage }) => ({
          name: null,
          api_key: key ?? null,
          monthly_calls: usage.monthly,
          total_calls: usage.total,
        }),
      },
    },
  },
};
