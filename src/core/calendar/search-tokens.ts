/** Words too common to find anything by. */
const STOP = new Set(
  'a an and are as at be by can for from has have in is it its of on or our the their this to we will with you your who all more about that not but into'.split(' '),
);

/**
 * The words of a text as the session search indexes and queries them: lower case, accents
 * removed, split at anything but letters and digits, two characters or more, common words
 * and long numbers left out. The build and the search page's script share it.
 */
export function searchWords(text: string): string[] {
  const out: string[] = [];
  for (const w of text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().split(/[^a-z0-9]+/)) {
    if (w.length >= 2 && w.length <= 30 && !STOP.has(w) && !/^\d{5,}$/.test(w)) out.push(w);
  }
  return out;
}

/** The manifest of the search index: where a word's postings and a result's details are found. */
export interface SearchManifest {
  /** Sessions per document file (`docs/<n>.json` holds ordinals n×chunk to (n+1)×chunk − 1). */
  chunk: number;
  /** Sessions indexed, numbered 0 … count − 1 from oldest to newest. */
  count: number;
  /** The most postings kept per word: the newest (the total is kept too). */
  cap: number;
  /** Shard keys, sorted: a word lives in the shard of the longest key that starts it. */
  shards: string[];
}

/** A session as a search result shows it: id, date (yyyy-mm-dd), employer, and 1 when cancelled. */
export type SearchDoc = [id: string, date: string, employer: string, cancelled: 0 | 1];

/** The shard key of a word: the longest key that is a prefix of it (keys are at least two characters). */
export function shardOf(word: string, shards: readonly string[]): string | undefined {
  for (let n = word.length; n >= 2; n--) {
    const key = word.slice(0, n);
    if (binarySearch(shards, key)) return key;
  }
  return undefined;
}

function binarySearch(sorted: readonly string[], key: string): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] === key) return true;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
