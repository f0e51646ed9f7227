import { readFileSync, unlinkSync } from 'node:fs';
import { link, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { processStartTicks } from './process-start.ts';

/**
 * What a lock file holds: the build's process id, when it took the lock, and when its process started (`process`,
 * clock ticks since boot, where the system says: the id and it name one process for good).
 */
interface LockHolder {
  pid: number;
  started: string;
  process?: number;
}

/**
 * Whether the build a lock names still holds it: its process is running and is the one that took the lock, not a later
 * process given the same id (after a SIGKILL or a reboot): it started when the lock says. Where the system does not
 * say when a process started (no /proc, and then the lock does not say either), it is taken for the build.
 */
export function holderRunning(holder: LockHolder): boolean {
  if (!isRunning(holder.pid)) return false;
  const ticks = holder.process === undefined ? undefined : processStartTicks(holder.pid);
  return ticks === undefined || ticks === holder.process;
}

/** How long a build waits for another build of the same output, at most (10 minutes). */
const LOCK_WAIT_MS = 10 * 60 * 1000;

/** Whether a process with this id is running (EPERM: it runs as another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a process with this id, other than this one, is running. */
export function runningElsewhere(pid: number | undefined): boolean {
  return pid !== undefined && pid !== process.pid && isRunning(pid);
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

/** What acquireLock says while it waits or takes over, one line each (`running`: the process is not the build). */
export interface LockEvents {
  waiting(pid: number): void;
  takeover(pid: number | undefined, running: boolean): void;
}

/**
 * Takes the lock file `file` for this process: created whole with link() (atomic, fails when it exists). While a
 * running build holds it, waits (saying so once) up to LOCK_WAIT_MS; a lock whose build is gone (holderRunning) is
 * taken over at once (saying so). Returns `release` (and `releaseSync`, for a process about to exit on a signal), which
 * remove the lock only while it is still this process's.
 */
export async function acquireLock(file: string, events: LockEvents) {
  const ticks = processStartTicks(process.pid);
  const mine: LockHolder = {
    pid: process.pid,
    started: new Date().toISOString(),
    ...(ticks === undefined ? {} : { process: ticks }),
  };
  const text = `${JSON.stringify(mine)}\n`;
  const draft = `${file}.${process.pid}`;
  const deadline = Date.now() + LOCK_WAIT_MS;
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
    if (holder && holderRunning(holder)) {
      if (waitedFor !== holder.pid) events.waiting(holder.pid);
      waitedFor = holder.pid;
      if (Date.now() > deadline)
        throw new LockTimeoutError(
          `another build (pid ${holder.pid}) held the lock ${file} for over ${LOCK_WAIT_MS / 1000} s`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    await takeOver(file, holder, events);
  }
  const release = async () => {
    if ((await readFile(file, 'utf8').catch(() => '')) === text) await unlink(file).catch(() => {});
  };
  const releaseSync = () => {
    try {
      if (readFileSync(file, 'utf8') === text) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  return { release, releaseSync };
}

/**
 * Removes a lock whose holder is gone, renamed first to a name of this process's so two builds cannot both remove it;
 * when what was renamed turns out to be a fresh lock (another build took the stale one over meanwhile), it is put back.
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
    events.takeover(stale?.pid, stale !== undefined && isRunning(stale.pid));
  }
  await unlink(aside).catch(() => {});
}
