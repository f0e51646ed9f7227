import { describe, expect, it } from 'vitest';
import { programCatalog } from '../../src/core/calendar/programs.ts';
import { closestChoice, editDistance } from '../../src/scripts/closest-choice.ts';
import { realSite } from '../helpers/real-data.ts';

// A shared link names a program the calendar no longer has (an old label's slug) or mistyped: the
// closest program of the real catalog is offered.
const catalog = programCatalog(realSite().programs);
const choices = catalog.groups().flatMap((g) => g.programs.map((p) => ({ value: p.slug, label: p.name })));

describe('the program closest to an unknown one', () => {
  it.each([
    ['math-computer-science', 'computer-science'],
    ['compter-science', 'computer-science'],
    ['Computer-Science', 'computer-science'],
  ])('offers for %s the program %s', (wanted, closest) => {
    expect(choices.some((c) => c.value === wanted)).toBe(false);
    expect(closestChoice(wanted, choices)?.value).toBe(closest);
  });

  it('offers nothing without choices, and counts edits', () => {
    expect(closestChoice('x', [])).toBeUndefined();
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
  });
});
