import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTimes, uncommittedFiles } from '../src/load/line-times.ts';
import { commitAt, removeDir, tempDir } from './helpers/build.ts';

let repo: string;
beforeAll(async () => {
  repo = await tempDir();
});
afterAll(() => removeDir(repo));

const commit = (at: number) => commitAt(repo, at);

describe('when each line of a data file last changed (git blame)', () => {
  it('is its newest commit; a line not committed, or a file git does not track, has none', async () => {
    execFileSync('git', ['init', '-q', '.'], { cwd: repo });
    const file = path.join(repo, 'sets', 'a.csv');
    await mkdir(path.dirname(file));
    // The second row runs over two lines (a quoted line break).
    await writeFile(file, 'id,text\n1,one\n2,"two\nlines"\n3,three\n');
    commit(1_600_000_000);
    await writeFile(file, 'id,text\n1,one\n2,"two\nlines changed"\n3,three\n');
    commit(1_700_000_000);
    expect(lineTimes('sets/a.csv', repo)).toEqual([
      1_600_000_000, 1_600_000_000, 1_600_000_000, 1_700_000_000, 1_600_000_000,
    ]);
    expect(uncommittedFiles(repo)).toEqual(new Set());

    await writeFile(file, 'id,text\n1,one edited\n2,"two\nlines changed"\n3,three\n');
    await writeFile(path.join(repo, 'sets', 'new.csv'), 'id,text\n');
    const times = lineTimes('sets/a.csv', repo);
    expect(times[1]).toBeUndefined();
    expect(times[3]).toBe(1_700_000_000);
    expect(lineTimes('sets/new.csv', repo)).toEqual([]);
    expect(uncommittedFiles(path.join(repo, 'sets'))).toEqual(new Set([file, path.join(repo, 'sets', 'new.csv')]));
  });

  it('is not known outside a git checkout', async () => {
    const outside = await tempDir();
    try {
      await writeFile(path.join(outside, 'a.csv'), 'id\n1\n');
      expect(lineTimes('a.csv', outside)).toEqual([]);
    } finally {
      await removeDir(outside);
    }
  });
});
