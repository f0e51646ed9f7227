import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { ROOT } from '../helpers/build.ts';

const SETS = path.join(ROOT, 'src/core/datasets/sets');

it('lists every data set explicitly in one file, one static import per reader, named as its file', () => {
  const files = readdirSync(SETS)
    .filter((f) => f.endsWith('.ts'))
    .sort();
  expect(
    Object.keys(DATASETS)
      .sort()
      .map((n) => `${n}.ts`),
  ).toEqual(files);
  const source = readFileSync(path.join(ROOT, 'src/core/datasets/registry.ts'), 'utf8');
  for (const f of files) expect(source).toContain(`from './sets/${f}'`);
  // Found by no listing of a folder at run time: an import graph sees every reader.
  expect(source).not.toMatch(/readdir|import\(/);
});
