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
function nearlyEqual(a: string, b: string): boolean {
  const bound = Math.min(a.length, b.length) >= 12 ? 2 : 1;
  if (Math.abs(a.length - b.length) > bound) return false;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]! <= bound;
}

/** The words of each abbreviation's name, read once: a catalogue compares every program with every abbreviation. */
const ABBREVIATION_WORDS = new WeakMap<Abbreviation, string[]>();

/** The words of an abbreviation's name (nameWords), read once per abbreviation. */
function abbreviationWords(abbreviation: Abbreviation): string[] {
  let words = ABBREVIATION_WORDS.get(abbreviation);
  if (words === undefined) ABBREVIATION_WORDS.set(abbreviation, (words = nameWords(abbreviation.name)));
  return words;
}

/**
 * Whether an abbreviation's name names a program or faculty: the same words (a typo or two
 * allowed, as Quest's `Accounting and Financial Managment`), or, for a name of two words or
 * more, words all among the abbreviation's (`Computer Engineering` in ECE's `Electrical and
 * Computer Engineering`), or the abbreviation's words all among the name's (HLTH's `Health
 * Studies` in `Health Studies & Gerontology`).
 */
export function abbreviates(abbreviation: Abbreviation, name: string): boolean {
  return wordsAbbreviated(abbreviation, nameWords(name));
}

/** Whether an abbreviation's name names a name of these words (abbreviates). */
function wordsAbbreviated(abbreviation: Abbreviation, mine: readonly string[]): boolean {
  const theirs = abbreviationWords(abbreviation);
  if (mine.length === 0 || theirs.length === 0) return false;
  if (nearlyEqual(mine.join(' '), theirs.join(' '))) return true;
  const within = (a: readonly string[], b: readonly string[]) => a.length >= 2 && a.every((w) => b.includes(w));
  return within(mine, theirs) || within(theirs, mine);
}

/** The codes of the abbreviations that name `name` (each once, in their order). */
export function abbreviationsOf(name: string, abbreviations: readonly Abbreviation[]): string[] {
  const mine = nameWords(name);
  return [...new Set(abbreviations.filter((a) => wordsAbbreviated(a, mine)).map((a) => a.code.toLowerCase()))];
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
