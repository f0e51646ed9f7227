import { isoDate } from '../records/session-time.ts';
import { type OutputSpec, rendering, type TextFile } from '../render/output.ts';
import { calendarPaths } from '../site/paths.ts';
import { timeRange } from './format.ts';
import { type SearchDoc, type SearchManifest, searchWords } from './search-tokens.ts';
import { placeOf, type Session } from './session.ts';
import { sessionTitle } from './session-wording.ts';

/**
 * Sessions per document file of the search index: 50, since a result carries its time and place
 * too (a query of a large archive reads a chunk per result it shows: under 100 KB for 15).
 */
const SEARCH_CHUNK = 50;
/**
 * The most postings kept per word (the newest); a query shows at most these for one word. An audience's words (`co`,
 * `op`) are in most sessions: under this many sessions, a query that joins them to an employer counts every one.
 */
export const SEARCH_CAP = 1_000;
/** A shard larger than this (bytes of JSON) is split by one more letter of its words. */
const SHARD_BYTES = 24_000;

/** A word's postings as stored: the total count, then the newest ordinals (newest first) as differences. */
function encode(total: number, newestFirst: number[]): number[] {
  return [total, ...newestFirst.map((n, i) => (i === 0 ? n : newestFirst[i - 1]! - n))];
}

/** Splits words into shards of at most SHARD_BYTES, keyed by a prefix: two letters, more where a shard is too large. */
function shard(key: string, words: [string, number[]][], out: Map<string, [string, number[]][]>): void {
  const size = words.reduce((n, [w, p]) => n + w.length + 4 + JSON.stringify(p).length, 0);
  if (size <= SHARD_BYTES || key.length >= 8) {
    out.set(key, words);
    return;
  }
  const here = words.filter(([w]) => w.length === key.length);
  if (here.length > 0) out.set(key, here);
  const children = new Map<string, [string, number[]][]>();
  for (const entry of words) {
    if (entry[0].length === key.length) continue;
    const k = entry[0].slice(0, key.length + 1);
    (children.get(k) ?? children.set(k, []).get(k)!).push(entry);
  }
  for (const [k, list] of children) shard(k, list, out);
}

/**
 * The search index across every term, as static files (a sharded index of our own: no
 * WebAssembly, so the site's script policy stays as it is): a manifest, one JSON shard per
 * word prefix holding each word's postings (the newest SEARCH_CAP sessions that have it, in
 * employer, description, location, the building or place it names (`placeText`: its code, name and place name) or
 * audience, and its total), and the sessions' details in chunks by ordinal
 * (oldest first: searchDocFiles). A query fetches the manifest, a shard per word and the chunks
 * of the results it shows. All-day notes are not indexed. `sessions` must be in time order.
 */
export function* searchIndexFiles(
  sessions: readonly Session[],
  placeText: (location: string) => string = () => '',
): Generator<TextFile> {
  const real = sessions.filter((s) => !s.allDay);
  const placed = new Map<string, string[]>();
  const whereWords = (location: string): string[] => {
    let words = placed.get(location);
    if (!words) placed.set(location, (words = searchWords(`${location} ${placeText(location)}`)));
    return words;
  };
  const postings = new Map<string, { total: number; newest: number[]; last: number }>();
  const described = new Map<string, string[]>();
  for (let i = real.length - 1; i >= 0; i--) {
    const s = real[i]!;
    let words = described.get(s.description);
    if (!words) {
      words = searchWords(s.description);
      if (described.size < 10_000) described.set(s.description, words);
    }
    const who = searchWords([s.audience, ...s.audiences].join(' '));
    const where = s.locationTbd ? [] : whereWords(s.location);
    for (const list of [searchWords(s.employer), words, where, who]) {
      for (const w of list) {
        let p = postings.get(w);
        if (!p) postings.set(w, (p = { total: 0, newest: [], last: -1 }));
        if (p.last === i) continue; // a word counts once per session
        p.last = i;
        p.total += 1;
        if (p.newest.length < SEARCH_CAP) p.newest.push(i);
      }
    }
  }
  const byPrefix = new Map<string, [string, number[]][]>();
  for (const w of [...postings.keys()].sort()) {
    const p = postings.get(w)!;
    const k = w.slice(0, 2);
    (byPrefix.get(k) ?? byPrefix.set(k, []).get(k)!).push([w, encode(p.total, p.newest)]);
  }
  const shards = new Map<string, [string, number[]][]>();
  for (const [k, words] of byPrefix) shard(k, words, shards);
  const keys = [...shards.keys()].sort();
  for (const k of keys)
    yield { path: calendarPaths.searchShard(k), body: JSON.stringify(Object.fromEntries(shards.get(k)!)) };
  const manifest: SearchManifest = { chunk: SEARCH_CHUNK, count: real.length, cap: SEARCH_CAP, shards: keys };
  yield { path: calendarPaths.searchManifest, body: JSON.stringify(manifest) };
}

/** A chunk of the index's documents: each session's id, day, title, whether cancelled, time and place. */
function docsText(chunk: readonly Session[]): string {
  return JSON.stringify(
    chunk.map(
      (s): SearchDoc => [
        s.id,
        isoDate(s.date),
        sessionTitle(s),
        s.cancelled ? 1 : 0,
        timeRange(s.start, s.end),
        placeOf(s),
      ],
    ),
  );
}

/**
 * The index's documents (see searchIndexFiles): SEARCH_CHUNK sessions a file by ordinal, each file made from its
 * sessions alone, so a change to one session makes one file anew.
 */
export function* searchDocFiles(sessions: readonly Session[]): Generator<OutputSpec> {
  const real = sessions.filter((s) => !s.allDay);
  for (let start = 0; start < real.length; start += SEARCH_CHUNK) {
    const docs = rendering(docsText, real.slice(start, start + SEARCH_CHUNK));
    yield { path: calendarPaths.searchDocs(start / SEARCH_CHUNK), from: docs.from, body: docs.make };
  }
}
