import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';

/** What a lock file holds: the build that holds it. */
interface LockHolder {
  pid: number;
  started: string;
}

/** How long a build waits for another build of the same output, at most (10 minutes). */
export const LOCK_WAIT_MS = 10 * 60 * 1000;

/** Whether a process with this id is running (EPERM: it runs as another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder a lock file names, or undefined when it is gone or unreadable. */
async function readHolder(file: string): Promise<LockHolder | undefined> {
  try {
    const holder = JSON.parse(await readFile(file, 'utf8')) as LockHolder;
    return Number.isInteger(holder.pid) && holder.pid > 0 ? holder : undefined;
  } catch {
    return undefined;
  }
}

/** Thrown when another build held the lock for longer than the wait allowed. */
export class LockTimeoutError extends Error {}

/** What acquireLock says while it waits or takes over, one line each. */
export interface LockEvents {
  waiting(pid: number): void;
  takeover(pid: number | undefined): void;
}

/**
 * Takes the lock file `file` for this process: created whole with link() (atomic, fails when
 * it exists), holding pid and start time. While a running build holds it, waits (saying so
 * once) up to `waitMs`; a lock whose process is gone is taken over (saying so). Returns
 * `release` (and `releaseSync`), which remove the lock only while it is still this process's,
 * and `held`, whether it still is.
 */
export async function acquireLock(file: string, events: LockEvents, waitMs = LOCK_WAIT_MS) {
  const mine: LockHolder = { pid: process.pid, started: new Date().toISOString() };
  const text = `${JSON.stringify(mine)}\n`;
  const draft = `${file}.${process.pid}`;
  const deadline = Date.now() + waitMs;
  let waitedFor: number | undefined;
  for (;;) {
    await writeFile(draft, text);
    try {
      await link(draft, file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      await unlink(draft).catch(() => {});
    }
    const holder = await readHolder(file);
    if (holder && isRunning(holder.pid)) {
      if (waitedFor !== holder.pid) events.waiting(holder.pid);
      waitedFor = holder.pid;
      if (Date.now() > deadline)
        throw new LockTimeoutError(
          `another build (pid ${holder.pid}) held the lock ${file} for over ${Math.round(waitMs / 1000)} s`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    await takeOver(file, holder, events);
  }
  const held = async () => (await readFile(file, 'utf8').catch(() => '')) === text;
  const release = async () => {
    if (await held()) await unlink(file).catch(() => {});
  };
  /** The same, synchronously, for a process about to exit on a signal. */
  const releaseSync = () => {
    try {
      if (readFileSync(file, 'utf8') === text) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  return { release, releaseSync, held };
}

/**
 * Removes a lock whose holder is gone. It is first renamed to a name of this process's, so
 * two builds cannot both remove it; when what was renamed turns out to be a fresh lock
 * (another build took the stale one over meanwhile), it is put back.
 */
async function takeOver(file: string, stale: LockHolder | undefined, events: LockEvents): Promise<void> {
  const aside = `${file}.${process.pid}.stale`;
  try {
    await rename(file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readHolder(aside);
  if (moved && (moved.pid !== stale?.pid || moved.started !== stale.started)) {
    await link(aside, file).catch(() => {});
  } else {
    events.takeover(stale?.pid);
  }
  await unlink(aside).catch(() => {});
}
