// Usage at the edge: a key's calls are counted in one of a fixed number of Durable Objects (the
// one its name hashes to), never in an object of its own, so callers who choose their keys (none
// configured) cannot make objects without end. Each object keeps its share of the bound, the key
// counted least recently forgotten first, as npm start's counter (usage.ts) does in memory.
import type { Usage, UsageStore } from './handler.ts';
import { type KeyCount, UsageCounter } from './usage.ts';

/** The parts of the Workers runtime's Durable Objects this file uses (its own types: no types package). */
export interface DurableObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}
/** A Durable Object's storage, as used here. */
export interface DurableObjectStorage {
  get<T>(key: string): Promise<T | undefined>;
  put<T>(key: string, value: T): Promise<void>;
  delete(key: string): Promise<boolean>;
  list<T>(options: { prefix: string }): Promise<Map<string, T>>;
}
/** What a Durable Object is made with. */
export interface DurableObjectState {
  storage: DurableObjectStorage;
}

/** How many Durable Objects count usage, whatever the number of keys. */
export const USAGE_SHARDS = 16;

/** The object (0 to USAGE_SHARDS - 1) that counts a key: FNV-1a of its UTF-16 code units. */
export function usageShard(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash % USAGE_SHARDS;
}

/** What the Worker asks a usage object: count a call or read a key's usage, and the object's bound. */
interface UsageQuestion {
  op: 'count' | 'usage';
  key: string;
  now: number;
  /** The most keys this object keeps; null: no bound (the keys are configured, so they are bounded). */
  maxKeys: number | null;
}

/** Usage counted in USAGE_SHARDS objects of `namespace`, at most `maxKeys` keys in all (their shares). */
export function edgeUsage(namespace: DurableObjectNamespace, maxKeys: number): UsageStore {
  const share = Number.isFinite(maxKeys) ? Math.ceil(maxKeys / USAGE_SHARDS) : null;
  const ask = async (op: UsageQuestion['op'], key: string, now: number): Promise<Usage> => {
    const counter = namespace.get(namespace.idFromName(`usage-${usageShard(key)}`));
    const question: UsageQuestion = { op, key, now, maxKeys: share };
    const res = await counter.fetch(new Request('https://usage/', { method: 'POST', body: JSON.stringify(question) }));
    return (await res.json()) as Usage;
  };
  return { count: (key, now) => ask('count', key, now), usage: (key, now) => ask('usage', key, now) };
}

/** A key's count as stored: its counts and when it was counted last (an order, not a time). */
type StoredCount = KeyCount & { seq: number };

/** Where a key's count is stored in its object. */
const KEY_PREFIX = 'key:';

/**
 * A Durable Object counting the calls of the keys that hash to it, per campus month (the
 * monthly count starts again each month): its counts are read from storage once, kept in
 * memory, and each count is written through; a key forgotten (beyond the bound) is deleted.
 */
export class UsageCounterObject {
  private readonly storage: DurableObjectStorage;

  private counter: Promise<UsageCounter> | undefined;

  private seq = 0;

  constructor(state: DurableObjectState) {
    this.storage = state.storage;
  }

  /** The counts stored, least recently counted first, in a counter of this bound. */
  private async load(maxKeys: number | null): Promise<UsageCounter> {
    const counter = new UsageCounter(maxKeys ?? Infinity, (key) => void this.storage.delete(`${KEY_PREFIX}${key}`));
    const stored = [...(await this.storage.list<StoredCount>({ prefix: KEY_PREFIX }))];
    stored.sort(([, a], [, b]) => a.seq - b.seq);
    for (const [name, { month, monthly, total, seq }] of stored) {
      counter.remember(name.slice(KEY_PREFIX.length), { month, monthly, total });
      this.seq = Math.max(this.seq, seq);
    }
    return counter;
  }

  async fetch(request: Request): Promise<Response> {
    const { op, key, now, maxKeys } = (await request.json()) as UsageQuestion;
    this.counter ??= this.load(maxKeys);
    const counter = await this.counter;
    if (op !== 'count') return Response.json(counter.usage(key, now));
    const usage = counter.count(key, now);
    this.seq += 1;
    await this.storage.put<StoredCount>(`${KEY_PREFIX}${key}`, { ...counter.stored(key)!, seq: this.seq });
    return Response.json(usage);
  }
}
