import { execFileSync } from 'node:child_process';

/**
 * Runs git in `cwd` and returns its output as bytes; throws when it fails (git missing, not a
 * checkout, a bad ref), the error carrying git's own message: its stderr, never printed.
 */
export function git(cwd: string, args: readonly string[]): Buffer {
  return execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 30 });
}

/** git's output as text (see git). */
export function gitText(cwd: string, args: readonly string[]): string {
  return git(cwd, args).toString('utf8');
}
