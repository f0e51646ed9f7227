import { hash } from 'node:crypto';
import { existsSync, utimesSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileDigests, PROJECT_INPUTS } from './input-key.ts';
import { CACHE_PREFIX } from './output-versions.ts';

/** Folders of src/ that no page imports (the server and the CLIs). */
const NOT_PAGES = new Set(['src/server', 'src/cli']);
/** Bumped when what the cache holds, or how the key is made, changes. */
const FORMAT = 'astro-cache 1';

/** How the names of Astro's cached outputs start in a versions folder. */
const ASTRO_PREFIX = `${CACHE_PREFIX}astro-`;

/**
 * The key of Astro's output: a hash of every project file that reaches it (src/ but the
 * server and CLIs, public/, the config, package and lock files, tsconfig) and of the page
 * context's JSON (exactly what the pages read of the data, and the site's address: see
 * src/core/pages/page-context.ts). Same key, same output.
 */
export function astroKey(root: string, pageContextJson: string): string {
  const parts = fileDigests(root, PROJECT_INPUTS, NOT_PAGES);
  return hash('sha256', `${FORMAT}\n${process.version}\n${parts.join('\n')}\n${pageContextJson}`, 'base64url').slice(0, 32);
}

/** Where the Astro output of `key` is cached in a versions folder (beside the output's versions, never in one). */
function cacheDir(versions: string, key: string): string {
  return path.join(versions, `${ASTRO_PREFIX}${key}`);
}

/** The cached Astro output of `key`, marked as just used (stale caches go by last use), or undefined when there is none. */
export function cachedAstro(versions: string, key: string): string | undefined {
  const dir = cacheDir(versions, key);
  if (!existsSync(dir)) return undefined;
  const now = new Date();
  utimesSync(dir, now, now);
  return dir;
}

/**
 * Moves Astro's fresh output into the cache under `key` with one rename (a copy first when
 * the cache is on another file system), so a cached output is always whole. Returns its folder.
 */
export async function storeAstro(versions: string, key: string, rendered: string, temporary: Set<string>): Promise<string> {
  const dir = cacheDir(versions, key);
  await rm(dir, { recursive: true, force: true }); // a leftover of the same key (the builds of an output take turns)
  try {
    await rename(rendered, dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    const draft = path.join(versions, `${process.pid}-astro-draft`);
    temporary.add(draft);
    await cp(rendered, draft, { recursive: true });
    await rename(draft, dir);
    temporary.delete(draft);
  }
  return dir;
}
