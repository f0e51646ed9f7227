import type { Dataset, Tables } from './dataset.ts';

/** Seconds in a day. */
const DAY = 86_400;

/**
 * What a data set's pages say when its newest record is older than its source's update promise
 * (`Dataset.updates`) at the build's time (Unix seconds); nothing for a set that keeps its promise or makes none.
 */
export function staleNotice(set: Pick<Dataset, 'updates'>, tables: Partial<Tables>, now: number): string | undefined {
  const promise = set.updates;
  const newest = promise?.newest(tables);
  if (!promise || newest === undefined) return undefined;
  const age = Math.floor((now - Date.parse(`${newest}T00:00:00Z`) / 1000) / DAY);
  if (age <= promise.days) return undefined;
  return (
    `Not current: the newest record is of ${newest}, ${age.toLocaleString('en-US')} days before this build, ` +
    `though its source promises ${promise.text}. Read it as an archive.`
  );
}
