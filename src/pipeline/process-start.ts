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
