// How the benchmark measures a command: wall time and the peak memory of its process tree.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
export function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      (children.get(ppid) ?? children.set(ppid, []).get(ppid)!).push(Number(entry));
      rss.set(Number(entry), Number(fields[21]) * 4096);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    total += rss.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  return total;
}

/** One timed run of a command: wall seconds, peak RSS of its tree, exit code and what it printed on stderr. */
export interface Timed {
  seconds: number;
  peakRss: number;
  code: number;
  stderr: string;
}

/**
 * Runs a command to the end in `cwd`, sampling its process tree's memory every 50 ms. A shared
 * Astro cache (ASTRO_CACHE_DIR) is left out: a cold build is timed cold.
 */
export function timed(cmd: string[], env: Record<string, string>, cwd: string): Promise<Timed> {
  const { ASTRO_CACHE_DIR: _, ...inherited } = process.env;
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd[0]!, cmd.slice(1), {
      cwd,
      env: { ...inherited, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    let peakRss = 0;
    const timer = setInterval(() => (peakRss = Math.max(peakRss, treeRss(child.pid!))), 50);
    child.on('error', (error) => {
      clearInterval(timer);
      resolve({ seconds: 0, peakRss: 0, code: 127, stderr: error.message });
    });
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ seconds: (performance.now() - started) / 1000, peakRss, code: code ?? 1, stderr });
    });
  });
}

/**
 * Lets the disk settle before a timed run: writes back what earlier steps left dirty (and, on a
 * file system mounted with discard, the trims of removed trees), so each run starts from the
 * same quiet state rather than paying for the one before.
 */
export function settle(): void {
  spawnSync('sync');
}

/** Files and bytes below a folder (following the folder itself when it is a link). */
export function treeSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(`${dir}/`, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(e.parentPath, e.name)).size;
  }
  return { files, bytes };
}

/** Rounds seconds to milliseconds. */
export function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Median, least and greatest of a few timings. */
export interface Spread {
  median: number;
  min: number;
  max: number;
}

/** The median and range of values (the lower middle of an even count). */
export function spread(values: readonly number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    median: round(sorted[Math.floor((sorted.length - 1) / 2)]!),
    min: round(sorted[0]!),
    max: round(sorted.at(-1)!),
  };
}

/** A spread as the README prints it: `2.42 (2.31–2.98)`, or one value alone. */
export function showSpread(s: Spread, digits = 2): string {
  return s.min === s.max
    ? s.median.toFixed(digits)
    : `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
}
