import { execFileSync } from 'node:child_process';
import { ConfigError } from '../core/read/findings.ts';

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
    const out = execFileSync('git', ['log', '-1', '--format=%ct', '--', '.'], {
      cwd: dataDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (/^\d+$/.test(out)) return { timestamp: Number(out), source: 'git' };
  } catch {
    // Not a git checkout, or git is missing: fall back to the clock.
  }
  return { timestamp: Math.floor(Date.now() / 1000), source: 'clock' };
}
