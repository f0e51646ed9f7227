// The add-dataset suite edits the list of data sets by parsing it (test/helpers/registry-edit.ts):
// here, on the real registry as written and as the formatter could reflow it, and twice in a row.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';
import { addToRegistry, importName } from '../helpers/registry-edit.ts';

const registry = readFileSync(path.join(ROOT, 'src/core/datasets/registry.ts'), 'utf8');
/** The names in LIST, in order. */
const listed = (source: string) =>
  /const LIST[^=]*= \[([^\]]*)\]/
    .exec(source)![1]!
    .replace(/\/\/.*$/gm, '')
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
/** The registry with LIST on one line and no comment in it, as a formatter could leave it. */
const oneLine = registry.replace(/const LIST([^=]*)= \[[^\]]*\]/, (_, type: string) => {
  return `const LIST${type}= [${listed(registry).join(', ')}]`;
});

describe('adding a data set to the registry by parsing it', () => {
  it('names a reader as its file, in camel case', () => {
    expect(importName('exam-schedule')).toBe('examSchedule');
    expect(importName('gadgets')).toBe('gadgets');
  });

  it.each([
    ['as written, one a line', registry],
    ['reflowed onto one line', oneLine],
  ])('adds the import and the name at the end of LIST, %s, and again for a second set', (_, source) => {
    const once = addToRegistry(source, 'gadgets');
    const twice = addToRegistry(once, 'parking-lots');
    expect(listed(twice)).toEqual([...listed(registry), 'gadgets', 'parkingLots']);
    const imports = [...twice.matchAll(/^import \{ dataset as (\w+) \} from '\.\/sets\/([\w-]+)\.ts';$/gm)];
    expect(imports.slice(-2).map((m) => [m[1], m[2]])).toEqual([
      ['gadgets', 'gadgets'],
      ['parkingLots', 'parking-lots'],
    ]);
    // Nothing else changed: taking the two lines and the two names out gives the source back.
    const back = twice
      .replace("\nimport { dataset as gadgets } from './sets/gadgets.ts';", '')
      .replace("\nimport { dataset as parkingLots } from './sets/parking-lots.ts';", '');
    expect(listed(back)).toEqual([...listed(registry), 'gadgets', 'parkingLots']);
    expect(back.replace(/,?\s*gadgets,?\s*parkingLots,?/, (m) => (m.trimEnd().endsWith(',') ? ',' : ''))).toBe(source);
  });
});
