import { labelKey } from '../records/program-list.ts';

/** A code people use for a program or faculty, with its name (Quest's subjects and groups: `CS`, Computer Science). */
export interface Abbreviation {
  code: string;
  name: string;
}

/** Words that say nothing of a program: left out when names are compared. */
const FILLER = new Set(['and', 'for', 'of', 'the', 'in']);

/**
 * The words that say what a name is: `Accounting & Financial Management (master's)` → accounting, financial,
 * management.
 */
function nameWords(name: string): string[] {
  return labelKey(name.replace(/\([^)]*\)/g, ' '))
    .split(' ')
    .filter((w) => w && !FILLER.has(w));
}

/** Whether two names differ by a typo at most (two in a name of 12 letters or more; `biology` is not `geology`). */
export function nearlyEqual(a: string, b: string): boolean {
  if (a === b) return true;
  const bound = Math.min(a.length, b.length) >= 12 ? 2 : 1;
  if (Math.abs(a.length - b.length) > bound) return false;
  // Levenshtein distance, row by row; a row whose every cell is past the bound ends the count.
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const cell = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row[j] = cell;
      if (cell < least) least = cell;
    }
    if (least > bound) return false;
    prev = row;
  }
  return prev[b.length]! <= bound;
}

/** An abbreviation with the words of its name, worked out once for every name it is compared with. */
interface Prepared {
  code: string;
  words: string[];
  joined: string;
}

const prepared = new WeakMap<readonly Abbreviation[], Prepared[]>();

function prepare(abbreviations: readonly Abbreviation[]): Prepared[] {
  let list = prepared.get(abbreviations);
  if (!list) {
    list = abbreviations.map((a) => {
      const words = nameWords(a.name);
      return { code: a.code.toLowerCase(), words, joined: words.join(' ') };
    });
    prepared.set(abbreviations, list);
  }
  return list;
}

/** Whether every word of `a` (two or more) is among those of `b`. */
function within(a: readonly string[], b: readonly string[]): boolean {
  return a.length >= 2 && a.every((w) => b.includes(w));
}

/** abbreviates() over words already worked out. */
function wordsAbbreviate(mine: string[], joined: string, theirs: Prepared): boolean {
  if (mine.length === 0 || theirs.words.length === 0) return false;
  return nearlyEqual(joined, theirs.joined) || within(mine, theirs.words) || within(theirs.words, mine);
}

/**
 * Whether an abbreviation's name names a program or faculty: the same words (a typo or two
 * allowed, as Quest's `Accounting and Financial Managment`), or, for a name of two words or
 * more, words all among the abbreviation's (`Computer Engineering` in ECE's `Electrical and
 * Computer Engineering`), or the abbreviation's words all among the name's (HLTH's `Health
 * Studies` in `Health Studies & Gerontology`).
 */
export function abbreviates(abbreviation: Abbreviation, name: string): boolean {
  const mine = nameWords(name);
  const words = nameWords(abbreviation.name);
  return wordsAbbreviate(mine, mine.join(' '), { code: abbreviation.code, words, joined: words.join(' ') });
}

/**
 * The codes of the abbreviations that name `name` (each once, in their order). The abbreviations' words are worked out
 * once per list, not once per name: a catalog compares every program with every abbreviation.
 */
export function abbreviationsOf(name: string, abbreviations: readonly Abbreviation[]): string[] {
  const mine = nameWords(name);
  const joined = mine.join(' ');
  const codes = new Set<string>();
  for (const a of prepare(abbreviations)) if (wordsAbbreviate(mine, joined, a)) codes.add(a.code);
  return [...codes];
}

/**
 * What the finder matches a feed by (`data-find`): the words of its names, then `=` and each
 * abbreviation (`computer science mathematics math =cs =math`).
 */
export function findText(names: readonly string[], abbreviations: readonly string[] = []): string {
  const words = new Set(names.flatMap((n) => labelKey(n).split(' ')).filter(Boolean));
  return [...words, ...abbreviations.map((a) => `=${a.toLowerCase()}`)].join(' ');
}

/**
 * Whether a feed's find text matches what a student typed: every typed word is one of its
 * abbreviations (`cs`, `SE`, `ECE`) or starts one of its words (`comp sci`; a word of two
 * letters is whole); "cs" no longer matches Economics or Physics.
 */
export function findMatches(find: string, query: string): boolean {
  const typed = labelKey(query).split(' ').filter(Boolean);
  if (typed.length === 0) return true;
  const tokens = find.split(' ');
  // Two letters are an abbreviation or a word whole ("SE" is not the start of "Service").
  const starts = (t: string, w: string) => (w.length === 2 ? t === w : t.startsWith(w));
  return typed.every((w) => tokens.some((t) => (t.startsWith('=') ? t.slice(1) === w : starts(t, w))));
}

/** The fragment of a program's line on the feeds page (`feeds/#program-computer-science` opens it there). */
export function programAnchor(slug: string): string {
  return `program-${slug}`;
}
