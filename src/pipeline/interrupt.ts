import { rmSync } from 'node:fs';

/** The exit code of a process stopped by a signal, as a shell reports it (SIGINT 130, SIGTERM 143). */
const EXIT_CODES = { SIGINT: 130, SIGTERM: 143 } as const;

/** What an interrupted build must undo, kept current while it runs. */
export interface InterruptGuard {
  /** Folders and files to remove when the build is interrupted. */
  temporary: Set<string>;
  /** Stops guarding (the build ended). */
  dispose(): void;
}

/**
 * Until disposed, SIGINT and SIGTERM remove the build's temporary folders (synchronously: the
 * process is about to end), call `finish` (which releases the lock and returns the one line to
 * print), and exit with 130 or 143. SIGKILL cannot be caught: the next build removes the rest.
 */
export function guardInterrupts(finish: (signal: string) => string): InterruptGuard {
  const temporary = new Set<string>();
  const handler = (signal: keyof typeof EXIT_CODES) => {
    for (const p of temporary) rmSync(p, { recursive: true, force: true });
    console.error(finish(signal));
    process.exit(EXIT_CODES[signal]);
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    temporary,
    dispose() {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
