// The look at the inputs a build takes before making its key and again at its end
// (src/build/input-key.ts inputStats): an input written meanwhile must show, whatever the
// writer did to its size or modification time, or the version would keep a key its files do not match.
import { mkdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputStats } from '../src/build/input-key.ts';
import { removeDir, ROOT, tempDir } from './helpers/build.ts';

let data: string;
beforeAll(async () => {
  data = path.join(await tempDir(), 'data');
  mkdirSync(path.join(data, 'infosessions'), { recursive: true });
  writeFileSync(path.join(data, 'infosessions', '1151.csv'), 'id\n1\n');
});
afterAll(() => removeDir(path.dirname(data)));

describe('the look at a build\'s inputs', () => {
  it('is the same when nothing was written', () => {
    expect(inputStats(ROOT, data)).toBe(inputStats(ROOT, data));
  });

  it('differs after a file is written again with the same size and modification time', () => {
    const file = path.join(data, 'infosessions', '1151.csv');
    const before = inputStats(ROOT, data);
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'id\n2\n');
    utimesSync(file, atime, mtime);
    expect(inputStats(ROOT, data)).not.toBe(before);
  });

  it('differs after a file is added, even one no data set reads', () => {
    const before = inputStats(ROOT, data);
    writeFileSync(path.join(data, 'notes.txt'), '');
    expect(inputStats(ROOT, data)).not.toBe(before);
  });
});
