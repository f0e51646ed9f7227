import { describe, expect, it } from 'vitest';
import { abbreviationsOf, nearlyEqual } from '../../src/core/calendar/finder.ts';

/** The whole Levenshtein table, no shortcut: the oracle for the finder's early-ending count. */
function distance(a: string, b: string): number {
  const table = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) table[0]![j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      table[i]![j] = Math.min(
        table[i - 1]![j]! + 1,
        table[i]![j - 1]! + 1,
        table[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
  return table[a.length]![b.length]!;
}

/** A deterministic stream of names over a small alphabet, so that near misses are common. */
function* names(count: number): Generator<[string, string]> {
  // mulberry32: a small seeded generator whose every bit varies.
  let seed = 7;
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const word = (length: number) => Array.from({ length }, () => 'abcde '[next() % 6]).join('');
  for (let n = 0; n < count; n++) {
    const a = word(3 + (next() % 14));
    // Half the pairs are a copy of the first with an edit or three, half another word of about its length.
    let b = a;
    if (next() % 2) b = word(a.length - 2 + (next() % 5));
    else
      for (let edits = next() % 4; edits > 0; edits--) {
        const at = next() % (b.length + 1);
        const op = next() % 3;
        b = op === 0 ? b.slice(0, at) + b.slice(at + 1) : b.slice(0, at) + 'xyz'[op] + b.slice(at + (op === 1 ? 1 : 0));
      }
    yield [a, b];
  }
}

describe('the finder: names that differ by a typo', () => {
  it('agrees with the whole Levenshtein table on 5,000 pairs of names', () => {
    let near = 0;
    for (const [a, b] of names(5000)) {
      const bound = Math.min(a.length, b.length) >= 12 ? 2 : 1;
      const expected = distance(a, b) <= bound;
      if (expected) near++;
      expect(nearlyEqual(a, b), `${JSON.stringify(a)} ~ ${JSON.stringify(b)}`).toBe(expected);
    }
    // Both answers are well represented, so the agreement means something.
    expect(near).toBeGreaterThan(500);
    expect(near).toBeLessThan(4500);
  });

  it('gives the same codes when one list of abbreviations is asked for many names', () => {
    const codes = [
      { code: 'CS', name: 'Computer Science' },
      { code: 'ECE', name: 'Electrical and Computer Engineering' },
      { code: 'AFM', name: 'Accounting and Financial Managment' },
      { code: 'HLTH', name: 'Health Studies' },
      { code: 'BIOL', name: 'Biology' },
    ];
    expect(abbreviationsOf('Computer Engineering', codes)).toEqual(['ece']);
    expect(abbreviationsOf('Accounting & Financial Management', codes)).toEqual(['afm']);
    expect(abbreviationsOf('Health Studies & Gerontology', codes)).toEqual(['hlth']);
    expect(abbreviationsOf('Geology', codes)).toEqual([]);
    expect(abbreviationsOf('Computer Science', codes)).toEqual(['cs']);
    // A second list of the same codes, named differently, is read for itself, not from the first's words.
    expect(abbreviationsOf('Geology', [{ code: 'GEOL', name: 'Geology' }])).toEqual(['geol']);
  });
});
