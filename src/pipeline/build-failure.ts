import { lstatSync } from 'node:fs';
import path from 'node:path';
import { LockTimeoutError } from './output-lock.ts';
import { displayPath, isComplete, type OutputPaths } from './output-versions.ts';

/** A build error whose message already says what is wrong and how to fix it, in one line. */
export class OutputError extends Error {}

/** Why a file-system call failed, and what to do, by error code. */
const CAUSES: Record<string, [why: string, fix: string]> = {
  EACCES: ['permission denied', 'make that folder writable for this user, or build elsewhere with --out DIR'],
  EPERM: [
    'the operation is not permitted there',
    'make that folder writable for this user, or build elsewhere with --out DIR',
  ],
  EROFS: ['the file system is read-only', 'build onto a writable disk with --out DIR'],
  ENOSPC: [
    'the disk is full',
    'free space (a build needs room for a second copy of the output beside the one it replaces) and build again',
  ],
  EDQUOT: ['the disk quota is used up', 'free space within the quota, or build elsewhere with --out DIR'],
};

/** What a system call was doing, as a verb. */
const VERBS: Record<string, string> = {
  mkdir: 'create',
  open: 'write',
  symlink: 'create a link at',
  link: 'create',
  rename: 'move',
  rmdir: 'remove',
  unlink: 'remove',
};

/**
 * One line saying what is wrong with writing the output and how to fix it, for a file-system
 * error (permission, read-only disk, full disk, a folder that allows no new entries), else undefined.
 */
export function describeWriteError(error: unknown): string | undefined {
  if (error instanceof OutputError) return error.message;
  if (error instanceof LockTimeoutError)
    return `${error.message}. To fix: let that build finish (or stop it), then build again.`;
  const e = error as NodeJS.ErrnoException;
  if (typeof e?.code !== 'string' || typeof e.path !== 'string') return undefined;
  const where = displayPath(e.path);
  const verb = VERBS[e.syscall ?? ''] ?? 'write';
  const cause = CAUSES[e.code];
  if (cause) return `cannot ${verb} ${where}: ${cause[0]} (${e.code}). To fix: ${cause[1]}.`;
  if (e.code === 'ENOENT' && e.syscall === 'mkdir') {
    return (
      `cannot create ${where}: ${path.dirname(where)}/ does not accept new folders (ENOENT). ` +
      'To fix: build into an ordinary writable folder with --out DIR.'
    );
  }
  return undefined;
}

/** What the output holds after a build that stopped before publishing, as one true sentence. */
export function unchangedOutput(p: OutputPaths): string {
  if (!lstatSync(p.out, { throwIfNoEntry: false })) return `${p.shown} does not exist; this build did not create it.`;
  if (isComplete(p.out)) return `${p.shown} still holds the previous output; this build did not change it.`;
  return `${p.shown} holds no complete output, and this build did not change it.`;
}
