/** A choice of a filter: its value (a slug, as URLs name it) and its label. */
export interface Choice {
  value: string;
  label: string;
}

/** The words of a slug or label, lower case. */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The edits (insert, delete, replace a character) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/**
 * The choice closest to a value a URL named that no choice has (an old label's slug, a typo): the
 * one sharing most words with it (`math-computer-science` → Computer Science), then the one fewest
 * edits away (`compter-science` → Computer Science); undefined without choices.
 */
export function closestChoice(wanted: string, choices: readonly Choice[]): Choice | undefined {
  const want = new Set(words(wanted));
  const shared = (c: Choice) => new Set([...words(c.value), ...words(c.label)].filter((w) => want.has(w))).size;
  const scored = choices
    .filter((c) => c.value)
    .map((c) => ({ c, shared: shared(c), edits: editDistance(wanted.toLowerCase(), c.value) }));
  scored.sort((x, y) => y.shared - x.shared || x.edits - y.edits);
  return scored[0]?.c;
}
