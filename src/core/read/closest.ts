/**
 * Levenshtein distance between two strings (insertions, deletions, substitutions), by UTF-16 unit; two
 * rows of memory.
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  let row = new Array<number>(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1),
      );
    }
    [prev, row] = [row, prev];
  }
  return prev[b.length]!;
}

/**
 * The candidate nearest to `text` by edit distance, ignoring case (the first of equals); undefined
 * when there are none.
 */
export function closest(text: string, candidates: readonly string[]): string | undefined {
  const target = text.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const d = editDistance(target, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}
