import type { MethodEntry } from '../records/method-entry.ts';
import type { PublishedRecord, RecordSpec } from '../records/record-spec.ts';
import type { DatasetRegistry, LiveRequest } from './dataset.ts';

/** What a server needs to know of a method to answer it: whether its files hold data, and how to answer it live. */
export interface MethodService {
  /** Whether the method publishes data (not a no-data envelope, and not nothing). */
  hasData: boolean;
  /** For a method a running server answers itself: its record, its shape and the answer. */
  live?: { record: RecordSpec; data: 'array' | 'object'; answer(request: LiveRequest): PublishedRecord };
}

/** How each method of the directory is served, by method ID, from the data sets that feed them. */
export function methodServices(
  directory: readonly MethodEntry[],
  registry: DatasetRegistry,
): Map<number, MethodService> {
  const out = new Map<number, MethodService>();
  for (const entry of directory) {
    const feed = entry.source === undefined ? undefined : registry[entry.source]?.feeds[entry.methodId];
    out.set(entry.methodId, {
      hasData: feed !== undefined && !feed.live?.staticReason,
      ...(feed?.live ? { live: { record: feed.record, data: feed.data, answer: feed.live.answer } } : {}),
    });
  }
  return out;
}
