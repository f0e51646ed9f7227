// The look at the inputs a build takes before making its key and again at its end
// (src/pipeline/input-key.ts inputStats): an input written meanwhile must show, whatever the
// writer did to its size or modification time, or the version would keep a key its files do not match.
import { mkdirSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inputStats } from '../../src/pipeline/input-key.ts';
import { ROOT, removeDir, tempDir } from '../helpers/build.ts';

let data: string;
/** Waits past the window in which a write counts as racy (inputStats). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 60));
beforeAll(async () => {
  data = path.join(await tempDir(), 'data');
  mkdirSync(path.join(data, 'infosessions'), { recursive: true });
  writeFileSync(path.join(data, 'infosessions', '1151.csv'), 'id\n1\n');
});
afterAll(() => removeDir(path.dirname(data)));

describe("the look at a build's inputs", () => {
  it('is the same when nothing was written', async () => {
    await tick();
    expect(inputStats(ROOT, data)).toEqual(inputStats(ROOT, data));
    expect(inputStats(ROOT, data).racy).toBe(false);
  });

  it('says an input written just before it is racy (a write in the same clock tick after it could go unseen)', () => {
    writeFileSync(path.join(data, 'infosessions', '1151.csv'), 'id\n3\n');
    expect(inputStats(ROOT, data).racy).toBe(true);
  });

  it('differs after a file is written again with the same size and modification time', async () => {
    const file = path.join(data, 'infosessions', '1151.csv');
    await tick();
    const before = inputStats(ROOT, data).text;
    const { atime, mtime } = statSync(file);
    writeFileSync(file, 'id\n2\n');
    utimesSync(file, atime, mtime);
    expect(inputStats(ROOT, data).text).not.toBe(before);
  });

  it('differs after a file is added, even one no data set reads', () => {
    const before = inputStats(ROOT, data).text;
    writeFileSync(path.join(data, 'notes.txt'), '');
    expect(inputStats(ROOT, data).text).not.toBe(before);
  });

  it('follows a data folder that is a link, as the reader does', async () => {
    const link = path.join(path.dirname(data), 'linked-data');
    symlinkSync(data, link);
    await tick();
    const before = inputStats(ROOT, link).text;
    writeFileSync(path.join(data, 'infosessions', '1151.csv'), 'id\n4\n');
    expect(inputStats(ROOT, link).text).not.toBe(before);
  });
});
