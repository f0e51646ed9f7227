import path from 'node:path';
import { ConfigError } from '../core/read/findings.ts';
import { gitText } from './git.ts';

/** Where the build's timestamp came from, for the build log. */
export type TimestampSource = 'SOURCE_DATE_EPOCH' | 'git' | 'clock';

/**
 * The build's timestamp in Unix seconds: SOURCE_DATE_EPOCH when set, else the time of
 * the newest commit touching the data folder, else now. The same data gives the same files.
 */
export function buildTimestamp(
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): { timestamp: number; source: TimestampSource } {
  const epoch = env.SOURCE_DATE_EPOCH?.trim();
  if (epoch) {
    if (!/^\d+$/.test(epoch))
      throw new ConfigError(`SOURCE_DATE_EPOCH "${epoch}" must be a whole number of seconds since 1970.`);
    return { timestamp: Number(epoch), source: 'SOURCE_DATE_EPOCH' };
  }
  try {
    const out = gitText(dataDir, ['log', '-1', '--format=%ct', '--', '.']).trim();
    if (/^\d+$/.test(out)) return { timestamp: Number(out), source: 'git' };
  } catch {
    // Not a git checkout, or git is missing: fall back to the clock.
  }
  return { timestamp: Math.floor(Date.now() / 1000), source: 'clock' };
}

/** What git says of one file of the data folder: when it last changed, how many commits changed it, how it began. */
export interface FileHistory {
  time: number;
  commits: number;
  /** Whether the oldest commit that changed it added it (not renamed or copied it from another path). */
  added: boolean;
}

/**
 * When each part of the data folder last changed, by name (`parts`): the time of the newest
 * commit touching `paths[name]` (a data set's folder, the method directory's file) in Unix
 * seconds. A file of the API carries the time of its own data (meta.timestamp), so a file whose
 * data did not change keeps its timestamp, and its bytes, from one build to the next. Undefined
 * when SOURCE_DATE_EPOCH is set (every file carries it) or the data folder is not a git checkout
 * (every file carries the build's time); a part git knows nothing of is left out. And the same
 * of every file (by absolute path): its newest commit's time, how
 * many commits changed it and whether the oldest of them added it (a file one commit added and
 * none changed since needs no `git blame` to know when each of its lines changed: line-times.ts;
 * a file renamed into place does, blame following it to where its lines came from), and the
 * newest commit's id (a rewritten history has another: the build's input key holds it). One
 * `git log` over the data folder's history (newest first, the files each commit touched), not
 * one per part: a git process costs 5 to 90 ms on a busy machine, and every build reads these
 * (two, with the data folder's place in the repository).
 */
export function dataHistory(
  dataDir: string,
  paths: Readonly<Record<string, string>>,
  env: NodeJS.ProcessEnv = process.env,
): { parts: Record<string, number>; files: Map<string, FileHistory>; head: string } | undefined {
  if (env.SOURCE_DATE_EPOCH?.trim()) return undefined;
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
  let head = '';
  for (const line of log.split('\n')) {
    if (line.startsWith('\0')) {
      const [t, id] = line.slice(1).split(' ');
      time = Number(t);
      head ||= id ?? '';
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
  return { parts, files, head };
}
