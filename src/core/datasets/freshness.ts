import type { Dataset, Tables } from './dataset.ts';

/** Seconds in a day. */
const DAY = 86_400;

/** How a data set breaks its source's update promise at a build: its newest record's day, how old, the promise. */
export interface Staleness {
  /** The newest record's day, `2019-12-20`. */
  newest: string;
  /** Whole days from `newest` to the build. */
  age: number;
  /** The promise in words (`UpdatePromise.text`). */
  promise: string;
}

/**
 * How a data set's newest record is older than its source's update promise (`Dataset.updates`) at the build's time
 * (Unix seconds); nothing for a set that keeps its promise, makes none, or holds no record.
 */
export function staleness(set: Pick<Dataset, 'updates'>, tables: Partial<Tables>, now: number): Staleness | undefined {
  const promise = set.updates;
  const newest = promise?.newest(tables);
  if (!promise || newest === undefined) return undefined;
  const age = Math.floor((now - Date.parse(`${newest}T00:00:00Z`) / 1000) / DAY);
  return age > promise.days ? { newest, age, promise: promise.text } : undefined;
}

/**
 * What a data set's pages say when its newest record is older than its source's update promise
 * (`Dataset.updates`) at the build's time (Unix seconds); nothing for a set that keeps its promise or makes none.
 */
export function staleNotice(set: Pick<Dataset, 'updates'>, tables: Partial<Tables>, now: number): string | undefined {
  const stale = staleness(set, tables, now);
  if (!stale) return undefined;
  return (
    `Not current: the newest record is of ${stale.newest}, ${stale.age.toLocaleString('en-US')} days before this ` +
    `build, though its source promises ${stale.promise}. Read it as an archive.`
  );
}
