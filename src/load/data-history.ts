import type { DataFileInput } from '../core/datasets/data-folder.ts';
import { git, gitText } from './git.ts';

/**
 * One commit that changed the data folder: its id, time (Unix seconds), message, and the files of each part of the
 * data folder it touched (a data set's folder, a file at the top such as methods.csv), as they were in its first
 * parent and as it left them; the other parts are left out.
 */
export interface DataCommit {
  id: string;
  time: number;
  message: string;
  before: DataFileInput[];
  after: DataFileInput[];
}

/** A file's change in `git log --raw`: its path in the repository, its blob before and after (none when absent). */
interface RawChange {
  path: string;
  before?: string;
  after?: string;
}

/** A data file (CSV or JSON), whose lines git tracks: what the data folder's readers read. */
const DATA_FILE = /\.(csv|json)$/i;
/** git's id of no blob (a file added or deleted). */
const NONE = /^0+$/;

/** The commits of `git log`'s output (newest first): id, time, message, and each file's blobs. */
function parseLog(log: string): { id: string; time: number; parents: string; message: string; changes: RawChange[] }[] {
  return log
    .split('\x1e')
    .slice(1)
    .map((entry) => {
      const [id = '', time = '0', parents = '', message = '', raw = ''] = entry.split('\x1f');
      const changes = raw
        .split('\n')
        .filter((line) => line.startsWith(':'))
        .map((line) => {
          const [meta = '', path = ''] = line.split('\t');
          const [, , before = '', after = ''] = meta.split(' ');
          return {
            path,
            ...(NONE.test(before) ? {} : { before }),
            ...(NONE.test(after) ? {} : { after }),
          };
        });
      return { id, time: Number(time), parents: parents.trim(), message: message.trim(), changes };
    });
}

/** Every blob `git cat-file --batch` gives for `ids`, by id: one process for all of them. */
function readBlobs(cwd: string, ids: ReadonlySet<string>): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  if (ids.size === 0) return out;
  const order = [...ids];
  const bytes = git(cwd, ['cat-file', '--batch'], `${order.join('\n')}\n`);
  let at = 0;
  for (const id of order) {
    const eol = bytes.indexOf(10, at);
    const size = Number(bytes.subarray(at, eol).toString('latin1').split(' ')[2]);
    out.set(id, bytes.subarray(eol + 1, eol + 1 + size));
    at = eol + 1 + size + 1;
  }
  return out;
}

/** The part of the data folder a file belongs to: its top folder (a data set's), or itself at the top. */
const partOf = (rel: string) => rel.split('/')[0] ?? rel;

/** The files of the touched parts in a tree (path to blob id), as data file inputs of ids, in file-name order. */
function partFiles(tree: ReadonlyMap<string, string>, parts: ReadonlySet<string>): [string, string][] {
  return [...tree].filter(([rel]) => parts.has(partOf(rel))).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * The newest `limit` commits that changed the data folder `dataDir`, newest first, following first parents (a merge
 * counts with the changes it brought to its first parent), each with the files of what it touched before and after
 * it, and whether they reach the data's first commit (not in a shallow clone, whose oldest commit is left out).
 * Undefined when the folder is not in a git repository (a copy from a tarball). Four git processes whatever the
 * history: where the folder sits, the log with each file's blobs, the tree at HEAD, and every blob needed at once.
 */
export function readDataHistory(
  dataDir: string,
  limit: number,
): { commits: DataCommit[]; complete: boolean } | undefined {
  let prefix: string;
  let log: string;
  let listed: string;
  let shallow: string;
  try {
    [prefix = '', shallow = ''] = gitText(dataDir, ['rev-parse', '--show-prefix', '--is-shallow-repository']).split(
      '\n',
    );
    const format = '--format=%x1e%H%x1f%ct%x1f%P%x1f%B%x1f';
    const options = ['--first-parent', '--diff-merges=first-parent', '--no-renames', '--raw', '--no-abbrev'];
    log = gitText(dataDir, ['-c', 'core.quotePath=false', 'log', ...options, `-n${limit}`, format, '--', '.']);
    listed = gitText(dataDir, ['-c', 'core.quotePath=false', 'ls-tree', '-r', '--full-name', 'HEAD', '.']);
  } catch {
    return undefined; // not a git checkout, git missing, or no commit yet
  }
  const inside = (p: string) => p.startsWith(prefix) && DATA_FILE.test(p);
  // The tree at HEAD, then walked back a commit at a time by undoing each one's changes.
  const tree = new Map<string, string>();
  for (const line of listed.split('\n')) {
    const [meta = '', p = ''] = line.split('\t');
    if (inside(p)) tree.set(p.slice(prefix.length), meta.split(' ')[2] ?? '');
  }
  const parsed = parseLog(log);
  // A shallow clone's oldest commit has no parent here: its changes against nothing would claim every file added.
  const cut = shallow === 'true' && parsed.at(-1)?.parents === '';
  if (cut) parsed.pop();
  const commits = parsed.map((c) => {
    const changes = c.changes.filter((x) => inside(x.path)).map((x) => ({ ...x, path: x.path.slice(prefix.length) }));
    const parts = new Set(changes.map((x) => partOf(x.path)));
    const after = partFiles(tree, parts);
    for (const x of changes) {
      if (x.before) tree.set(x.path, x.before);
      else tree.delete(x.path);
    }
    return { ...c, after, before: partFiles(tree, parts) };
  });
  const blobs = readBlobs(dataDir, new Set(commits.flatMap((c) => [...c.after, ...c.before].map(([, id]) => id))));
  const inputs = (files: [string, string][]) => files.map(([rel, id]) => ({ rel, bytes: blobs.get(id)! }));
  const found = commits.map((c) => ({
    id: c.id,
    time: c.time,
    message: c.message,
    before: inputs(c.before),
    after: inputs(c.after),
  }));
  return { commits: found, complete: shallow !== 'true' && parsed.length < limit };
}
