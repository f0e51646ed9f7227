import path from 'node:path';
import type { DataFileInput } from '../core/datasets/data-folder.ts';
import { ConfigError } from '../core/read/findings.ts';
import { git } from './git.ts';

/** What to do instead of comparing with a ref, when there is no repository. */
const TWO_FOLDERS = 'Compare two data folders instead: npm run diff -- OLD_DIR NEW_DIR';

/**
 * The data files (CSV, JSON) of the data folder `dataDir` as they are at a git ref (commit, branch or tag),
 * in file-name order. Needs only that ref's objects, so a shallow clone works once the
 * ref is fetched.
 */
export function readDataAtRef(ref: string, dataDir: string, cwd: string): DataFileInput[] {
  let top: string;
  try {
    top = git(cwd, ['rev-parse', '--show-toplevel']).toString('utf8').trim();
  } catch {
    throw new ConfigError(`${cwd} is not inside a git repository, so it has no ref "${ref}". ${TWO_FOLDERS}`);
  }
  const folder = path.relative(top, path.resolve(cwd, dataDir));
  if (folder.startsWith('..') || path.isAbsolute(folder)) {
    const where = `the data folder ${dataDir} is not inside the git repository ${top}`;
    throw new ConfigError(`${where}, so it has no ref "${ref}". ${TWO_FOLDERS}`);
  }
  try {
    git(cwd, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new ConfigError(
      `git ref "${ref}" is not known here. In a shallow clone, fetch it first: ` +
        `git fetch --depth=1 origin ${ref.replace(/^origin\//, '')}`,
    );
  }
  const prefix = folder === '' ? '' : `${folder.split(path.sep).join('/')}/`;
  const listed = git(top, ['ls-tree', '-r', '-z', '--name-only', ref, '--', prefix || '.']).toString('utf8');
  return listed
    .split('\0')
    .filter((p) => /\.(csv|json)$/i.test(p))
    .sort()
    .map((p) => ({ rel: p.slice(prefix.length), bytes: git(top, ['show', `${ref}:${p}`]) }));
}
