import path from 'node:path';
import { gitText } from './git.ts';

/** The object name git gives lines that no commit holds yet (an edit not committed). */
const NOT_COMMITTED = /^0+$/;

/**
 * When each line of a file last changed, by `git blame`: the committer time (Unix seconds) of the newest commit that
 * changed that line, index 0 for line 1, along the first parents (a line a merge brought in has the merge's time, when
 * it reached the branch: an older time would lower the event's SEQUENCE; a repository's list of revisions to ignore
 * is not read). A line no commit holds yet gets undefined, and so does every line of a file git does not track, or
 * when `cwd` is not in a git checkout: the caller decides what those carry.
 */
export function lineTimes(file: string, cwd: string): (number | undefined)[] {
  let out: string;
  try {
    const abs = path.resolve(cwd, file);
    const blame = ['-c', 'blame.ignoreRevsFile=', 'blame', '--first-parent', '--porcelain', '--', abs];
    out = gitText(path.dirname(abs), blame);
  } catch {
    return []; // not tracked, or not a git checkout
  }
  return parseBlame(out);
}

/**
 * Reads `git blame --porcelain` output: each group's header (`<sha> <orig> <final> <count>`) and the commit's
 * `committer-time` (said once per commit, at its first group).
 */
export function parseBlame(text: string): (number | undefined)[] {
  const times: (number | undefined)[] = [];
  const commitTime = new Map<string, number>();
  let sha = '';
  let final = 0;
  let count = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('\t')) continue; // the line's own text
    const header = /^([0-9a-f]{40}|[0-9a-f]{64}) \d+ (\d+)(?: (\d+))?$/.exec(line);
    if (header) {
      sha = header[1]!;
      final = Number(header[2]);
      count = header[3] === undefined ? 1 : Number(header[3]);
      // The group's lines take the commit's time, once it is known (below, or already).
      const known = commitTime.get(sha);
      if (known !== undefined || NOT_COMMITTED.test(sha)) fill(times, final, count, known);
      continue;
    }
    if (line.startsWith('committer-time ')) {
      const time = Number(line.slice('committer-time '.length));
      if (!NOT_COMMITTED.test(sha)) {
        commitTime.set(sha, time);
        fill(times, final, count, time);
      }
    }
  }
  return times;
}

function fill(times: (number | undefined)[], first: number, count: number, time: number | undefined): void {
  for (let k = 0; k < count; k++) times[first - 1 + k] = time;
}

/**
 * The files below `dir` whose bytes are not what git's HEAD holds (changed, staged or not, or untracked), by absolute
 * path: their lines' times need `git blame` whatever their history says. Undefined outside a git checkout.
 */
export function uncommittedFiles(dir: string): Set<string> | undefined {
  try {
    const run = (args: string[]) => gitText(dir, args);
    // Paths relative to the repository, the folder's place in it taken off: resolved against the folder as named (a
    // link on the way, such as macOS's /tmp, stays as the caller names it).
    const prefix = run(['rev-parse', '--show-prefix']).trim();
    // --no-optional-locks: status refreshes the index file otherwise, and a data folder that is a repository of its
    // own holds it (.git/index): the build would see its inputs change while it read them, and keep no key.
    const out = run([
      '--no-optional-locks',
      '-c',
      'core.quotePath=false',
      'status',
      '--porcelain=v1',
      '-z',
      '--untracked-files=all',
      '--',
      '.',
    ]);
    const files = new Set<string>();
    const entries = out.split('\0');
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i]!;
      if (entry.length < 4) continue;
      const rel = entry.slice(3);
      if (rel.startsWith(prefix)) files.add(path.resolve(dir, rel.slice(prefix.length)));
      if (entry[0] === 'R' || entry[0] === 'C') i++; // a rename's or copy's source follows
    }
    return files;
  } catch {
    return undefined;
  }
}
