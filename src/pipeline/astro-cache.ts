import { hash } from 'node:crypto';
import { existsSync, readdirSync, utimesSync } from 'node:fs';
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError } from '../core/read/findings.ts';
import { runningElsewhere } from './output-lock.ts';
import { byLastUse, CACHE_PREFIX } from './output-versions.ts';
import { removeLater } from './remove-later.ts';

/** Folders of src/ that no page imports (the server and the CLIs). */
const NOT_PAGES = ['src/server/', 'src/cli/'];
/** Bumped when what the cache holds, or how the key is made, changes. */
const FORMAT = 'astro-cache 1';

/** How the names of Astro's cached outputs start in a versions folder. */
const ASTRO_PREFIX = `${CACHE_PREFIX}astro-`;

/**
 * The key of Astro's output: a hash of every project file that reaches it (`projectFiles`, the lines the build's input
 * key read, but the server and CLIs) and of the page context's JSON (exactly what the pages read of the data, and the
 * site's address: src/core/pages/page-context.ts). Same key, same output.
 */
export function astroKey(projectFiles: readonly string[], pageContextJson: string): string {
  const parts = projectFiles.filter((line) => !NOT_PAGES.some((folder) => line.startsWith(folder)));
  return hash('sha256', `${FORMAT}\n${process.version}\n${parts.join('\n')}\n${pageContextJson}`, 'base64url').slice(
    0,
    32,
  );
}

/**
 * How many of Astro's outputs a shared cache folder (ASTRO_CACHE_DIR) keeps, by last use: one per site address and data
 * its builds often switch between.
 */
const SHARED_KEPT = 8;

/** Where the Astro output of `key` is cached in a cache folder (an output's versions folder, or ASTRO_CACHE_DIR). */
function cacheDir(folder: string, key: string): string {
  return path.join(folder, `${ASTRO_PREFIX}${key}`);
}

/** The cached Astro output of `key`, marked as just used (stale caches go by last use), if any. */
export function cachedAstro(folder: string, key: string): string | undefined {
  const dir = cacheDir(folder, key);
  if (!existsSync(dir)) return undefined;
  const now = new Date();
  utimesSync(dir, now, now);
  return dir;
}

/** Whether a cache folder holds any Astro output at all (a cold build's holds none: its Astro run is sure). */
export function holdsAstroOutput(folder: string): boolean {
  try {
    return readdirSync(folder).some((name) => name.startsWith(ASTRO_PREFIX));
  } catch {
    return false;
  }
}

/** Renames `from` to `to`; false when `to` is a folder with files in it. */
async function renamed(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Moves Astro's fresh output into the cache folder under `key` with one rename (a copy first when the folder is on
 * another file system), so a cached output is always whole. An output already cached under `key` (a damaged one, or
 * one a build sharing ASTRO_CACHE_DIR stored meanwhile) is set aside with one rename before it is removed, so that a
 * build reading it reads all of it or fails and renders anew. Returns the cached folder.
 */
export async function storeAstro(
  folder: string,
  key: string,
  rendered: string,
  temporary: Set<string>,
): Promise<string> {
  const dir = cacheDir(folder, key);
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  await mkdir(folder, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST' && error.code !== 'ENOTDIR') throw error;
    throw new ConfigError(
      `ASTRO_CACHE_DIR ${folder} is a file, not a folder: name a folder (it is made when missing), or unset it.`,
    );
  });
  let source = rendered;
  try {
    if (await renamed(source, dir)) return dir;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    source = path.join(folder, `${stamp}-astro-draft`);
    temporary.add(source);
    await cp(rendered, source, { recursive: true });
    if (await renamed(source, dir)) {
      temporary.delete(source);
      return dir;
    }
  }
  const aside = path.join(folder, `${stamp}-astro-aside`);
  temporary.add(aside);
  await rename(dir, aside).catch(() => undefined); // gone meanwhile: nothing to set aside
  // Taken again by another build in between: theirs is whole and the same, ours goes.
  if (!(await renamed(source, dir))) await rm(source, { recursive: true, force: true });
  temporary.delete(source);
  await rm(aside, { recursive: true, force: true });
  temporary.delete(aside);
  return dir;
}

/**
 * Keeps a shared cache folder (ASTRO_CACHE_DIR) to its SHARED_KEPT most recently used outputs, and clears what builds
 * no longer running left there, through a background process (remove-later.ts).
 */
export async function pruneSharedCache(folder: string): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const caches = names.filter((n) => n.startsWith(ASTRO_PREFIX)).map((n) => path.join(folder, n));
  const stale = (await byLastUse(caches)).slice(SHARED_KEPT);
  // Only what builds and removers make here (a draft or a replaced output set aside, a claim):
  // the folder is the user's, and may hold other things whose names start with digits.
  const left = names.filter((n) => {
    const pid = /^(\d+)-(?:[0-9a-z]+-astro-(?:draft|aside)|(?:[0-9a-z]+-)?removing-\d+)$/.exec(n)?.[1];
    return pid !== undefined && !runningElsewhere(Number(pid));
  });
  removeLater([...stale, ...left.map((n) => path.join(folder, n))], folder);
}
