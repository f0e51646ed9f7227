import { execFileSync } from 'node:child_process';
import { ConfigError } from '../core/read/findings.ts';
import type { DataFileInput } from '../core/datasets/data-folder.ts';

/** Runs git in `cwd` and returns its output as bytes; throws with git's own message on failure. */
function git(cwd: string, args: string[]): Buffer {
  return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
}

/**
 * The data files (CSV, JSON) of a data folder as they are at a git ref (commit, branch or tag),
 * in file-name order. Needs only that ref's objects, so a shallow clone works once the
 * ref is fetched.
 */
export function readDataAtRef(ref: string, folder: string, cwd: string): DataFileInput[] {
  try {
    git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new ConfigError(
      `git ref "${ref}" is not known here. In a shallow clone, fetch it first: git fetch --depth=1 origin ${ref.replace(/^origin\//, '')}`,
    );
  }
  const prefix = `${git(cwd, ['rev-parse', '--show-prefix']).toString('utf8').trim()}${folder.replace(/\/+$/, '')}/`;
  const listed = git(cwd, ['ls-tree', '-r', '-z', '--name-only', ref, '--', prefix]).toString('utf8');
  return listed
    .split('\0')
    .filter((p) => /\.(csv|json)$/i.test(p))
    .sort()
    .map((p) => ({ rel: p.slice(prefix.length), bytes: git(cwd, ['show', `${ref}:${p}`]) }));
}
