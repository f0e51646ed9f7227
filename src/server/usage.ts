import { campusMonth } from '../core/records/campus-clock.ts';

/** One key's counted calls: this campus month's and all since the server started. */
interface Count {
  month: string;
  monthly: number;
  total: number;
}

/** How many keys a counter keeps when any key is accepted (no keys configured): about 4 MB of counts. */
export const MAX_COUNTED_KEYS = 10_000;

/**
 * Calls counted per API key, in memory (keys are never logged), monthly counts reset at each
 * campus month's start. Only accepted keys are counted; with `maxKeys` set (any key accepted,
 * so callers choose how many there are) the key counted least recently is forgotten first.
 */
export class UsageCounter {
  private readonly counts = new Map<string, Count>();

  private readonly maxKeys: number;

  constructor(maxKeys = Infinity) {
    this.maxKeys = maxKeys;
  }

  /** How many keys are counted now. */
  get size(): number {
    return this.counts.size;
  }

  /** Counts one call with `key` at `now` (Unix seconds); returns the key's usage after it. */
  count(key: string, now: number): { monthly: number; total: number } {
    const month = campusMonth(now);
    const c = this.counts.get(key);
    this.counts.delete(key); // re-inserted last: the map's order is the order of last use
    if (!c || c.month !== month) this.counts.set(key, { month, monthly: 1, total: (c?.total ?? 0) + 1 });
    else {
      c.monthly += 1;
      c.total += 1;
      this.counts.set(key, c);
    }
    if (this.counts.size > this.maxKeys) this.counts.delete(this.counts.keys().next().value!);
    return this.usage(key, now);
  }

  /** A key's usage at `now`: its calls this campus month and in all. */
  usage(key: string, now: number): { monthly: number; total: number } {
    const c = this.counts.get(key);
    return { monthly: c && c.month === campusMonth(now) ? c.monthly : 0, total: c?.total ?? 0 };
  }
}
