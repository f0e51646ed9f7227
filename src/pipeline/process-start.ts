import { readFileSync } from 'node:fs';

/**
 * When a running process started, in clock ticks since the machine booted (Linux: field 22 of `/proc/<pid>/stat`), or
 * undefined where that cannot be read (no /proc, the process gone). With its id, it names one process for good: an id
 * is given again only to a process started later.
 */
export function processStartTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command's name (field 2) is in parentheses and may hold spaces: field 3 comes after the last ')'.
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isInteger(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

/** Clock ticks a second in /proc (USER_HZ: 100 on every Linux that Node.js runs on). */
const TICKS_PER_SECOND = 100;

/** When a running process started, in milliseconds since 1970 (to the clock tick), or undefined where unknown. */
export function processStartMs(pid: number): number | undefined {
  const ticks = processStartTicks(pid);
  try {
    const boot = Number(/^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1]);
    return ticks === undefined || !boot ? undefined : boot * 1000 + (ticks * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
