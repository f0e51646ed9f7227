/** Words too common to find anything by. */
const STOP = new Set(
  (
    'a an and are as at be by can for from has have in is it its of on or our the their this to we will with you ' +
    'your who all more about that not but into'
  ).split(' '),
);

/**
 * The words of a text as the session search indexes and queries them: lower case, accents
 * removed, split at anything but letters and digits, two characters or more, common words
 * and long numbers left out. The build and the search page's script share it.
 */
export function searchWords(text: string): string[] {
  const out: string[] = [];
  for (const w of text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)) {
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

/**
 * A session as a search result shows it: id, date (yyyy-mm-dd), its title (session-wording.ts:
 * the cancelled form included), 1 when cancelled, its time (`7:30 PM–9:00 PM`) and its place.
 */
export type SearchDoc = [id: string, date: string, title: string, cancelled: 0 | 1, time: string, place: string];

/** One word of a text (lower case, accents removed), as the index keeps it. */
function foldWord(word: string): string {
  return word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/**
 * A text cut into pieces, each marked `hit` when it is a word the query finds (the same word, or
 * for a query word of three letters or more a word it starts, as findSessions matches): what the
 * search page highlights, as text (the page puts each piece in a text node, never markup).
 */
export function highlightPieces(text: string, query: string): { text: string; hit: boolean }[] {
  const words = searchWords(query);
  const hits = (w: string) => {
    const f = foldWord(w);
    return words.some((q) => f === q || (q.length >= 3 && f.startsWith(q)));
  };
  const out: { text: string; hit: boolean }[] = [];
  let at = 0;
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    if (!hits(m[0])) continue;
    if (m.index > at) out.push({ text: text.slice(at, m.index), hit: false });
    out.push({ text: m[0], hit: true });
    at = m.index + m[0].length;
  }
  if (at < text.length) out.push({ text: text.slice(at), hit: false });
  return out;
}

/** The shard key of a word: the longest key that is a prefix of it (keys are at least two characters). */
function shardOf(word: string, shards: readonly string[]): string | undefined {
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

/**
 * Whether `a` and `b` are at most one typing slip apart: equal, or one letter added, left out, changed, or two
 * neighbours swapped (the optimal string alignment distance is at most 1).
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // changed
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swapped
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  return short.slice(i) === long.slice(i + 1); // added or left out
}

/** The shortest query word a typo is forgiven in: shorter words have too many neighbours. */
export const FUZZY_FROM = 4;

/**
 * The sessions found for a query: ordinals newest first, and how many sessions have the one word when the cap left some
 * out.
 */
export interface SearchHits {
  ordinals: number[];
  /** With one word: how many sessions have it (more than `ordinals` when the index kept only the newest). */
  total: number;
  /** The words of the index each query word found, where a typo was forgiven (`gogle` → `google`). */
  corrected: Record<string, string[]>;
}

type Shard = (key: string) => Promise<Record<string, number[]>>;

/** The postings of the index words `accept` takes, from the shards `keys`: sessions (newest first) and total. */
async function postingsOf(keys: Iterable<string>, shard: Shard, accept: (w: string) => boolean) {
  const hits = new Set<number>();
  const words: string[] = [];
  let total = 0;
  for (const k of keys) {
    for (const [w, postings] of Object.entries(await shard(k))) {
      if (!accept(w)) continue;
      words.push(w);
      total += postings[0]!;
      for (let i = 1, n = 0; i < postings.length; i++) hits.add((n = i === 1 ? postings[i]! : n - postings[i]!));
    }
  }
  return { hits: [...hits].sort((a, b) => b - a), total, words };
}

/**
 * One query word's sessions: the word, or for a word of three letters or more the words it starts; when none has it
 * and it has FUZZY_FROM letters or more and no digit (room numbers are exact), the words one typing slip away
 * (withinOneEdit) among those that start with its first two letters.
 */
async function wordHits(word: string, manifest: SearchManifest, shard: Shard) {
  const keys = new Set<string>();
  const own = shardOf(word, manifest.shards);
  if (own) keys.add(own);
  if (word.length >= 3) for (const k of manifest.shards) if (k.startsWith(word) && keys.size < 8) keys.add(k);
  const exact = await postingsOf(keys, shard, (w) => w === word || (word.length >= 3 && w.startsWith(word)));
  if (exact.hits.length > 0 || word.length < FUZZY_FROM || /\d/.test(word)) return { ...exact, fuzzy: false };
  const near = manifest.shards.filter((k) => k.startsWith(word.slice(0, 2)) || word.startsWith(k)).slice(0, 24);
  return { ...(await postingsOf(near, shard, (w) => withinOneEdit(word, w))), fuzzy: true };
}

/**
 * Runs a query on the index: the sessions that have every word (a word of three letters or
 * more also matches the words it starts; a word of FUZZY_FROM letters or more that no session has finds the words
 * one typo away), newest first. `shard` loads a shard by key.
 */
export async function findSessions(query: string, manifest: SearchManifest, shard: Shard): Promise<SearchHits> {
  const words = searchWords(query);
  const lookups = await Promise.all(words.map((word) => wordHits(word, manifest, shard)));
  const corrected: Record<string, string[]> = {};
  lookups.forEach((l, i) => {
    if (l.fuzzy && l.words.length > 0) corrected[words[i]!] = l.words;
  });
  if (lookups.length === 0) return { ordinals: [], total: 0, corrected };
  const [first, ...rest] = lookups;
  const others = rest.map((r) => new Set(r.hits));
  const ordinals = first!.hits.filter((n) => others.every((r) => r.has(n)));
  const total = rest.length === 0 ? Math.max(first!.total, ordinals.length) : ordinals.length;
  return { ordinals, total, corrected };
}
