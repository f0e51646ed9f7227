import { execFileSync } from 'node:child_process';

/**
 * Runs git in `cwd` (with `input` on its standard input, when given) and returns its output as bytes; throws when it
 * fails (git missing, not a checkout, a bad ref), the error carrying git's own message: its stderr, never printed.
 */
export function git(cwd: string, args: readonly string[], input?: string): Buffer {
  const stdin = input === undefined ? 'ignore' : 'pipe';
  return execFileSync('git', args, { cwd, input, stdio: [stdin, 'pipe', 'pipe'], maxBuffer: 1 << 30 });
}

/** git's output as text (see git). */
export function gitText(cwd: string, args: readonly string[]): string {
  return git(cwd, args).toString('utf8');
}
