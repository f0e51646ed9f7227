import { existsSync, mkdirSync } from 'node:fs';
import { readdir, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_STAMP } from '../core/site/host-config.ts';
import { runningElsewhere } from './output-lock.ts';

export { BUILD_STAMP };

/** The file that marks a versions folder as one a build made (output-owner.ts): the output beside it is its own. */
export const OWNER_MARK = 'campus-output.txt';

/**
 * Where an output path keeps its versions. `out` (`dist`, absolute) is a symbolic link to one version folder in
 * `versions` (`.dist-versions/` beside it, with the lock); a new version is published by renaming a new link over
 * `dist`, one atomic step. `shown` is how messages name the output (`dist/`).
 */
export interface OutputPaths {
  out: string;
  parent: string;
  versions: string;
  lock: string;
  shown: string;
}

/** The paths of an output path. */
export function outputPaths(outDir: string): OutputPaths {
  const out = path.resolve(outDir);
  const parent = path.dirname(out);
  const versions = path.join(parent, `.${path.basename(out)}-versions`);
  const shown = `${displayPath(out)}/`;
  return { out, parent, versions, lock: path.join(versions, 'build.lock'), shown };
}

/** How messages name a path: relative to the working folder when inside it, else absolute. */
export function displayPath(target: string): string {
  const relative = path.relative(process.cwd(), target);
  return relative.startsWith('..') || path.isAbsolute(relative) ? target : relative || '.';
}

/** How the names of cache folders in the versions folder start (Astro's output, kept across builds). */
export const CACHE_PREFIX = 'cache-';
/** How many caches a versions folder keeps: the one in use and the one used before it (a change undone). */
const CACHES_KEPT = 2;

/** A new, unique name for a version folder (the process id first, so leftovers can be told apart). */
export function versionName(): string {
  return `${process.pid}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Whether a folder holds a complete output. */
export function isComplete(dir: string): boolean {
  return existsSync(path.join(dir, BUILD_STAMP));
}

/** The version folder the output link points to, when it is a link into the versions folder. */
export async function currentVersion(p: OutputPaths): Promise<string | undefined> {
  try {
    const target = path.resolve(p.parent, await readlink(p.out));
    return path.dirname(target) === p.versions ? target : undefined;
  } catch {
    return undefined;
  }
}

/** When a version was made, from its name (`<pid>-<time in base 36>-…`). */
function made(name: string): number {
  return Number.parseInt(name.split('-')[1] ?? '0', 36) || 0;
}

/** Whether a process other than this one that owns a name (by its leading pid) is running. */
function ownedByOther(name: string): boolean {
  return runningElsewhere(ownerOf(name));
}

/**
 * The spare version, which the next build updates in place rather than writing a whole new tree: the newest version
 * but the current one that has a manifest (the previous output, or a copy of the current one made in the background).
 */
export async function spareVersion(p: OutputPaths, current: string | undefined): Promise<string | undefined> {
  const names = (await readdir(p.versions).catch(() => [] as string[])).filter(
    (n) => !n.includes('.') && /^\d+-/.test(n),
  );
  const spare = names
    // Complete by its manifest (copied last), whoever made it: a spare is named for the process
    // that made it, and once that ended its id may belong to another process (ids are reused).
    .filter((n) => path.join(p.versions, n) !== current && existsSync(path.join(p.versions, `${n}.files`)))
    .sort((a, b) => made(b) - made(a))[0];
  return spare === undefined ? undefined : path.join(p.versions, spare);
}

/** Whether a background process is still making a spare (remove-later.ts): then no second one is asked for. */
export async function spareInProgress(p: OutputPaths): Promise<boolean> {
  const names = await readdir(p.versions).catch(() => [] as string[]);
  return names.some((n) => n.endsWith('-spare') && ownedByOther(n) && !existsSync(path.join(p.versions, `${n}.files`)));
}

/** The process id a leftover's name starts with. */
function ownerOf(name: string): number | undefined {
  const m = /^(\d+)-/.exec(name) ?? /^build\.lock\.(\d+)/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** Cache folders, the most recently used first (a cache is marked used by its time: see astro-cache.ts). */
export async function byLastUse(dirs: readonly string[]): Promise<string[]> {
  const used = new Map(
    await Promise.all(dirs.map(async (d) => [d, (await stat(d).catch(() => undefined))?.mtimeMs ?? 0] as const)),
  );
  return [...dirs].sort((a, b) => used.get(b)! - used.get(a)!);
}

/**
 * What builds left behind, found while holding the lock (for remove-later.ts): every entry of the versions folder but
 * those kept below and what a running build or remover owns.
 */
export async function leftovers(p: OutputPaths): Promise<string[]> {
  const current = await currentVersion(p);
  const spare = await spareVersion(p, current);
  const keep = new Set([
    p.lock,
    current,
    `${current}.files`,
    spare,
    `${spare}.files`,
    path.join(p.versions, OWNER_MARK),
  ]);
  const doomed: string[] = [];
  const names = await readdir(p.versions).catch(() => [] as string[]);
  const caches = names.filter((n) => n.startsWith(CACHE_PREFIX)).map((n) => path.join(p.versions, n));
  for (const c of (await byLastUse(caches)).slice(0, CACHES_KEPT)) keep.add(c);
  for (const name of names) {
    const full = path.join(p.versions, name);
    if (keep.has(full) || ownedByOther(name)) continue;
    doomed.push(full);
  }
  return doomed;
}

/** Creates a folder and its missing parents, one level at a time (Node's recursive mkdir never returns under /proc). */
export function makeFolders(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d); d = path.dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
