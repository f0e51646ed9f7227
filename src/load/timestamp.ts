import path from 'node:path';
import { gitText } from './git.ts';

/** What git says of one file of the data folder: when it last changed, how many commits changed it, how it began. */
export interface FileHistory {
  time: number;
  commits: number;
  /** Whether the oldest commit that changed it added it (not renamed or copied it from another path). */
  added: boolean;
}

/**
 * What git says of the data folder, from one `git log` over its history (newest first, the files each commit touched;
 * a git process costs 5 to 90 ms on a busy machine): the newest commit's time (the build's timestamp) and id (a
 * rewritten history has another: the build's input key holds it); when each part last changed (`parts`: the newest
 * commit touching `paths[name]`, a data set's folder or the method directory's file; a part git knows nothing of is
 * left out), so a file of the API carries the time of its own data (meta.timestamp) and keeps its bytes while that
 * data does not change; and of every file (by absolute path) its newest commit's time, how many commits changed it and
 * whether the oldest of them added it (a file one commit added and none changed since needs no `git blame` to know
 * when its lines changed: line-times.ts; a file renamed into place does, blame following it to where its lines came
 * from). Undefined when the data folder is not in a git checkout.
 */
export function dataHistory(
  dataDir: string,
  paths: Readonly<Record<string, string>>,
): { time: number; parts: Record<string, number>; files: Map<string, FileHistory>; head: string } | undefined {
  let log: string;
  let prefix: string;
  try {
    const git = (args: string[]) => gitText(dataDir, args);
    prefix = git(['rev-parse', '--show-prefix']).trim();
    // -c: a merge counts for the files it changed from every parent, as `git log -- path`
    // shows it. Paths are the repository's: the data folder's place in it is taken off.
    log = git(['-c', 'core.quotePath=false', 'log', '--format=%x00%ct %H', '--name-status', '-c', '--', '.']);
  } catch {
    return undefined; // not a git checkout, or git is missing
  }
  const owner = new Map(Object.entries(paths).map(([name, rel]) => [rel, name]));
  const parts: Record<string, number> = {};
  const files = new Map<string, FileHistory>();
  let time = 0;
  let newest = 0;
  let head = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('\0')) {
      const [t, id] = line.slice(1).split(' ');
      time = Number(t);
      head ||= id ?? '';
      newest ||= time;
      continue;
    }
    // `A<TAB>path`, `M<TAB>path`, `R100<TAB>old<TAB>new`; a merge's `MM<TAB>path`.
    const fields = line.split('\t');
    const status = fields[0]!;
    const name = fields.at(-1)!;
    if (fields.length < 2 || !name.startsWith(prefix)) continue;
    // A part is a folder (its files' paths start with it and a slash) or a file.
    const rel = name.slice(prefix.length);
    const part = owner.get(rel) ?? owner.get(rel.slice(0, rel.indexOf('/')));
    if (part !== undefined && !(part in parts)) parts[part] = time;
    const file = path.resolve(dataDir, rel);
    const seen = files.get(file);
    if (seen) {
      seen.commits++;
      seen.added = status === 'A'; // the oldest commit comes last
    } else files.set(file, { time, commits: 1, added: status === 'A' });
  }
  return { time: newest, parts, files, head };
}
