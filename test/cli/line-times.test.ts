import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineTimes, uncommittedFiles } from '../../src/load/line-times.ts';
import { dataHistory } from '../../src/load/timestamp.ts';
import { commitAt, removeDir, tempDir } from '../helpers/build.ts';

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

  it('is when a merge brought a line to the branch, never older (SEQUENCE only grows)', async () => {
    const dir = await tempDir();
    try {
      const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
      git('init', '-q', '-b', 'main', '.');
      await writeFile(path.join(dir, 'a.csv'), 'id\n1\n2\n');
      commitAt(dir, 1_000_000_000);
      git('checkout', '-q', '-b', 'pr');
      await writeFile(path.join(dir, 'a.csv'), 'id\n1 from the pull request\n2\n');
      commitAt(dir, 1_100_000_000);
      git('checkout', '-q', 'main');
      await writeFile(path.join(dir, 'a.csv'), 'id\n1 on main\n2\n');
      commitAt(dir, 1_200_000_000);
      // The merge keeps the pull request's line: its own commit is older than main's.
      try {
        git('merge', '-q', 'pr');
      } catch {
        // the conflict, resolved below
      }
      await writeFile(path.join(dir, 'a.csv'), 'id\n1 from the pull request\n2\n');
      commitAt(dir, 1_300_000_000, ['--no-edit']);
      expect(lineTimes('a.csv', dir)).toEqual([1_000_000_000, 1_300_000_000, 1_000_000_000]);
    } finally {
      await removeDir(dir);
    }
  });

  it('sends a renamed file to blame, and names uncommitted files as the caller does', async () => {
    const dir = await tempDir();
    try {
      execFileSync('git', ['init', '-q', '.'], { cwd: dir });
      await mkdir(path.join(dir, 'data'));
      await writeFile(path.join(dir, 'data', 'old.csv'), 'id\n1\n');
      await writeFile(path.join(dir, 'data', 'kept.csv'), 'id\n1\n');
      commitAt(dir, 1_000_000_000);
      execFileSync('git', ['mv', 'data/old.csv', 'data/new.csv'], { cwd: dir });
      commitAt(dir, 1_100_000_000);
      const files = dataHistory(path.join(dir, 'data'), {})!.files;
      expect(files.get(path.join(dir, 'data', 'new.csv'))).toEqual({ time: 1_100_000_000, commits: 1, added: false });
      expect(files.get(path.join(dir, 'data', 'kept.csv'))).toEqual({ time: 1_000_000_000, commits: 1, added: true });
      expect(lineTimes('data/new.csv', dir)).toEqual([1_000_000_000, 1_000_000_000]);
      // Reached through a link (macOS's /tmp is one): the paths keep the name the caller gave.
      const link = `${dir}-link`;
      await symlink(dir, link);
      await writeFile(path.join(dir, 'data', 'kept.csv'), 'id\n2\n');
      expect(uncommittedFiles(path.join(link, 'data'))).toEqual(new Set([path.join(link, 'data', 'kept.csv')]));
      await removeDir(link);
    } finally {
      await removeDir(dir);
    }
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
