import { campusMonth } from '../core/records/campus-clock.ts';

/** One key's counted calls: this campus month's and all since the server started. */
interface Count {
  month: string;
  monthly: number;
  total: number;
}

/** Calls counted per API key, in memory (keys are never logged), monthly counts reset at each campus month's start. */
export class UsageCounter {
  private readonly counts = new Map<string, Count>();

  /** Counts one call with `key` at `now` (Unix seconds). */
  count(key: string, now: number): void {
    const month = campusMonth(now);
    const c = this.counts.get(key);
    if (!c || c.month !== month) this.counts.set(key, { month, monthly: 1, total: (c?.total ?? 0) + 1 });
    else {
      c.monthly += 1;
      c.total += 1;
    }
  }

  /** A key's usage at `now`: its calls this campus month and in all. */
  usage(key: string, now: number): { monthly: number; total: number } {
    const c = this.counts.get(key);
    return { monthly: c && c.month === campusMonth(now) ? c.monthly : 0, total: c?.total ?? 0 };
  }
}
