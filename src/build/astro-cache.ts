import { hash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { CACHE_PREFIX } from './output-versions.ts';

/** What Astro's pages are made from besides the page context: the project's files that reach the pages or Astro. */
const INPUTS = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
/** Folders of src/ that no page imports (the server and the CLIs). */
const NOT_PAGES = new Set(['src/server', 'src/cli']);
/** How many earlier Astro outputs stay cached beside the one in use (switching branches back and forth). */
const KEEP_OTHERS = 1;

/**
 * The key of Astro's output: a hash of every file that reaches the pages or Astro (src/ but
 * the server and CLIs, public/, the config, the lock file) and of the page context's JSON
 * (page-context.ts: exactly what the pages may read of the data). Same key, same pages.
 */
export function astroKey(root: string, pageContextJson: string): string {
  const files: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(root, rel);
    if (!existsSync(full) || NOT_PAGES.has(rel)) return;
    if (statSync(full).isDirectory()) for (const name of readdirSync(full).sort()) walk(`${rel}/${name}`);
    else files.push(rel);
  };
  for (const rel of INPUTS) walk(rel);
  const parts = files.map((rel) => `${rel}\0${hash('sha1', readFileSync(path.join(root, rel)), 'base64url')}`);
  return hash('sha256', `${parts.join('\n')}\n${pageContextJson}`, 'base64url').slice(0, 32);
}

/** Where the Astro output of `key` is cached in a versions folder. */
function astroCacheDir(versions: string, key: string): string {
  return path.join(versions, `${CACHE_PREFIX}astro-${key}`);
}

/** The cached Astro output of `key` (marked as just used), or undefined when there is none. */
export function cachedAstro(versions: string, key: string): string | undefined {
  const dir = astroCacheDir(versions, key);
  if (!existsSync(dir)) return undefined;
  const now = new Date();
  utimesSync(dir, now, now);
  return dir;
}

/** Moves a fresh Astro output into the cache (one rename, so a cached output is always whole); returns its folder. */
export async function storeAstro(versions: string, key: string, rendered: string): Promise<string> {
  const dir = astroCacheDir(versions, key);
  try {
    await rename(rendered, dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const draft = path.join(versions, `${process.pid}-astro-draft`);
    await cp(rendered, draft, { recursive: true });
    await rename(draft, dir);
    await rm(rendered, { recursive: true, force: true });
  }
  return dir;
}

/** The cached Astro outputs to remove: all but the one of `key` and the most recently used others. */
export function staleAstroCaches(versions: string, key: string): string[] {
  const mine = astroCacheDir(versions, key);
  const others = readdirSync(versions)
    .filter((n) => n.startsWith(`${CACHE_PREFIX}astro-`))
    .map((n) => path.join(versions, n))
    .filter((p) => p !== mine)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  return others.slice(KEEP_OTHERS);
}
