import { createRequire } from 'node:module';
import type { Dataset, TableSpec } from '../datasets/dataset.ts';
import type { PublishedRecord } from '../records/record-spec.ts';
import { recordKey } from '../review/data-diff.ts';
import type { SiteAddress } from '../site/address.ts';
import { portalPaths } from '../site/paths.ts';
import type { ChangeEntry } from './change-feed.ts';

/** The data's history as the change feed tells it: its entries (newest first), and whether they reach its start. */
export interface DataHistory {
  entries: readonly ChangeEntry[];
  /** True when the entries go back to the data's first commit (every record's last change is among them). */
  complete: boolean;
}

/** What the feed says when the data folder is not in git (a copy from a tarball): no history to tell. */
export const NO_HISTORY =
  'The data folder this site was built from is not in a git repository, so it has no history: the feed is empty.';

/**
 * `/data/changes.json`: the data commits, newest first, each with its time, message and, per table, the records added
 * (whole), removed (their key) and changed (their key and changed fields' new values). A mirror applies the commits
 * newer than its own oldest first: removes the removed keys, adds the added records, sets the changed fields.
 */
export function changesJson(history: DataHistory | undefined): string {
  const head = history
    ? { history: 'git', complete: history.complete }
    : { history: 'none', note: NO_HISTORY, complete: false };
  // One commit a line: a reader (or a diff of two builds) sees the commits apart, without the weight of indentation.
  const commits = (history?.entries ?? []).map((e) => JSON.stringify(e));
  const list = commits.length === 0 ? '[]' : `[\n${commits.join(',\n')}\n]`;
  return `${JSON.stringify(head).slice(0, -1)},"commits":${list}}\n`;
}

type Xmlbuilder2 = typeof import('xmlbuilder2');
let xmlbuilder2: Xmlbuilder2 | undefined;
/** xmlbuilder2, loaded when the feed is first made. */
function xml(): Xmlbuilder2 {
  xmlbuilder2 ??= createRequire(import.meta.url)('xmlbuilder2') as Xmlbuilder2;
  return xmlbuilder2;
}

/** A line per table a commit changed: `exam-schedule: 3 added, 1 removed, 2 changed`. */
function entrySummary(entry: ChangeEntry): string {
  return entry.tables
    .map((t) => `${t.download}: ${t.added.length} added, ${t.removed.length} removed, ${t.changed.length} changed`)
    .join('\n');
}

/** An instant as Atom writes it. */
const atomTime = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', 'Z');

/** `/data/changes.atom`: the same commits as an Atom feed, one entry each, for a feed reader. */
export function changesAtom(
  history: DataHistory | undefined,
  site: Pick<SiteAddress, 'url'>,
  timestamp: number,
): string {
  const json = `${site.url}${portalPaths.changesJson}`;
  const entries = history?.entries ?? [];
  const feed = xml().create({ version: '1.0', encoding: 'UTF-8' }).ele('http://www.w3.org/2005/Atom', 'feed');
  feed.ele('id').txt(`${site.url}${portalPaths.changesAtom}`);
  feed.ele('title').txt('Campus API: changes to the data');
  feed.ele('subtitle').txt(history ? 'Each commit that changed the data, newest first.' : NO_HISTORY);
  feed.ele('updated').txt(atomTime(entries[0]?.time ?? timestamp));
  feed.ele('author').ele('name').txt('Campus API data contributors');
  feed.ele('link', { rel: 'self', href: `${site.url}${portalPaths.changesAtom}` });
  feed.ele('link', { rel: 'alternate', type: 'application/json', href: json });
  for (const e of entries) {
    const entry = feed.ele('entry');
    entry.ele('id').txt(`${json}#${e.commit}`);
    entry.ele('title').txt(e.message.split('\n')[0] || e.commit);
    entry.ele('updated').txt(atomTime(e.time));
    entry.ele('link', { rel: 'alternate', type: 'application/json', href: `${json}#${e.commit}` });
    entry.ele('content', { type: 'text' }).txt(`${e.message}\n\n${entrySummary(e)}`);
  }
  return `${feed.end({ prettyPrint: true })}\n`;
}

/**
 * When each record of a table last changed, by its natural key as `npm run diff` writes it (`recordKey`: the key's
 * values joined by spaces), in Unix seconds: the newest commit of the feed that added or changed it. A record the
 * entries never touch (older than the feed, when it is not complete) or since removed has no time.
 */
export function recordChangeTimes(
  entries: readonly ChangeEntry[],
  dataset: string,
  table: TableSpec,
): Map<string, number> {
  const times = new Map<string, number>();
  const settled = new Set<string>();
  const keyText = (key: PublishedRecord) => recordKey(table, key);
  for (const e of entries) {
    for (const t of e.tables) {
      if (t.dataset !== dataset || t.table !== table.name) continue;
      for (const r of t.removed) settled.add(keyText(r));
      for (const key of [...t.added, ...t.changed.map((c) => c.key)].map(keyText)) {
        if (!settled.has(key)) times.set(key, e.time);
        settled.add(key);
      }
    }
  }
  return times;
}

/**
 * `/data/<set>/changed.json`: when each record of each table of a data set last changed (recordChangeTimes), keys in
 * order; `complete` false when a record without a time may be older than the feed (or the data has no history).
 */
export function changeTimesJson(history: DataHistory | undefined, set: Pick<Dataset, 'name' | 'tables'>): string {
  const tables = Object.fromEntries(
    set.tables.map((t) => {
      const times = [...recordChangeTimes(history?.entries ?? [], set.name, t)].sort(([a], [b]) => (a < b ? -1 : 1));
      return [t.name, { key: t.key, times: Object.fromEntries(times) }];
    }),
  );
  return `${JSON.stringify({ dataset: set.name, complete: history?.complete ?? false, tables })}\n`;
}
