import { campusMonth } from '../core/records/campus-clock.ts';

/** One key's counted calls: this campus month's and all since it was first counted. */
export interface KeyCount {
  month: string;
  monthly: number;
  total: number;
}

/** How many keys a counter keeps when any key is accepted (no keys configured): about 4 MB of counts. */
export const MAX_COUNTED_KEYS = 10_000;

/**
 * Calls counted per API key, in memory (keys are never logged), monthly counts reset at each
 * campus month's start. Only accepted keys are counted; with `maxKeys` set (any key accepted,
 * so callers choose how many there are) the key counted least recently is forgotten first, and
 * `onForget` hears of it (the edge's Durable Object removes it from its storage).
 */
export class UsageCounter {
  private readonly counts = new Map<string, KeyCount>();

  private readonly maxKeys: number;

  private readonly onForget: (key: string) => void;

  constructor(maxKeys = Infinity, onForget: (key: string) => void = () => {}) {
    this.maxKeys = maxKeys;
    this.onForget = onForget;
  }

  /** How many keys are counted now. */
  get size(): number {
    return this.counts.size;
  }

  /** Counts one call with `key` at `now` (Unix seconds); returns the key's usage after it. */
  count(key: string, now: number): { monthly: number; total: number } {
    const month = campusMonth(now);
    const c = this.counts.get(key);
    if (!c || c.month !== month) this.remember(key, { month, monthly: 1, total: (c?.total ?? 0) + 1 });
    else this.remember(key, { month, monthly: c.monthly + 1, total: c.total + 1 });
    return this.usage(key, now);
  }

  /** A key's usage at `now`: its calls this campus month and in all. */
  usage(key: string, now: number): { monthly: number; total: number } {
    const c = this.counts.get(key);
    return { monthly: c && c.month === campusMonth(now) ? c.monthly : 0, total: c?.total ?? 0 };
  }

  /** A key's stored count, as counted last (undefined when it is not counted). */
  stored(key: string): KeyCount | undefined {
    return this.counts.get(key);
  }

  /** Takes a key's count as the one counted most recently, forgetting the least recent beyond the bound. */
  remember(key: string, count: KeyCount): void {
    this.counts.delete(key); // re-inserted last: the map's order is the order of last use
    this.counts.set(key, count);
    while (this.counts.size > this.maxKeys) {
      const oldest = this.counts.keys().next().value!;
      this.counts.delete(oldest);
      this.onForget(oldest);
    }
  }
}
