import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseShell, type Shell } from '../core/calendar/pages/page-shell.ts';
import { inlineScriptHashes } from '../core/site/csp.ts';
import { calendarPaths, pageFile } from '../core/site/paths.ts';
import { astroKey, cachedAstro, staleAstroCaches, storeAstro } from './astro-cache.ts';
import { startAstro } from './astro-render.ts';
import type { FillTarget } from './atomic-dir.ts';
import type { BuildContext } from './context.ts';
import type { OutputFile } from './output-files.ts';
import { pageContextJson } from './page-context.ts';
import { fillPage } from './page-fills.ts';
import { removeLater } from './remove-later.ts';

/** Where Astro renders the page shells; the build fills them per page and leaves them out of the output. */
const SHELLS = { session: calendarPaths.sessionShell, listing: calendarPaths.listingShell } as const;

/** The kinds of page shell. */
export type ShellKind = keyof typeof SHELLS;

/** Astro's output, read: its files (the data parts filled in), its page shells and its inline scripts' CSP hashes. */
export interface AstroPages {
  files: OutputFile[];
  shells: Record<ShellKind, Shell>;
  scriptHashes: string[];
}

/** Astro's pages on their way: whether Astro runs (else they come from the cache), and the pages once ready. */
export interface PendingPages {
  ran: boolean;
  pages(): Promise<AstroPages>;
  /** Ends Astro early (the build failed meanwhile). */
  stop(): void;
}

/**
 * Starts getting Astro's pages for this build: from the cache when nothing they are made from
 * changed (astro-cache.ts), else rendered by Astro in a child process, handed the page context
 * only (page-context.ts), while the build goes on, and then cached. `pages()` waits for them
 * and fills every marker of a part made from the data from this build's context (page-fills.ts).
 */
export function startAstroPages(context: BuildContext, target: FillTarget): PendingPages {
  const json = pageContextJson(context);
  const key = astroKey(context.root, json);
  const cached = cachedAstro(target.versions, key);
  if (cached) return { ran: false, pages: () => readAstro(cached, context), stop() {} };
  // Astro renders inside the project (its server bundle must resolve node_modules, and a
  // folder of its own keeps concurrent builds apart); the result moves into the cache.
  const astroOut = path.join(context.root, `.astro-build-${process.pid}-${Date.now().toString(36)}`);
  target.temporary.add(astroOut);
  const run = startAstro(context.root, astroOut, json);
  const stored = run.done.then(
    async () => {
      const dir = await storeAstro(target.versions, key, astroOut);
      target.temporary.delete(astroOut);
      removeLater(staleAstroCaches(target.versions, key), target.versions);
      return dir;
    },
    async (error: unknown) => {
      await rm(astroOut, { recursive: true, force: true });
      throw error;
    },
  );
  stored.catch(() => {}); // awaited by pages(); a build that failed before needs no second report
  return { ran: true, pages: async () => readAstro(await stored, context), stop: run.stop };
}

/** Reads Astro's output: the shells apart, every other file with its data parts filled in. */
async function readAstro(dir: string, context: BuildContext): Promise<AstroPages> {
  const shellFolders = Object.values(SHELLS).map((f) => `${f.replace(/\/$/, '')}/`);
  const files: OutputFile[] = [];
  const shells: Partial<Record<ShellKind, Shell>> = {};
  const hashes = new Set<string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const names = entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  for (const name of names.sort()) {
    const bytes = await readFile(path.join(dir, name));
    const kind = (Object.keys(SHELLS) as ShellKind[]).find((k) => pageFile(SHELLS[k]) === name);
    if (name.endsWith('.html')) for (const h of inlineScriptHashes(bytes.toString('utf8'))) hashes.add(h);
    if (kind) shells[kind] = parseShell(bytes.toString('utf8'));
    else if (shellFolders.some((f) => name.startsWith(f))) continue;
    else if (/\.(?:html|json)$/.test(name) && bytes.includes('@@FILL:')) files.push({ path: name, body: fillPage(bytes.toString('utf8'), context) });
    else files.push({ path: name, body: bytes });
  }
  if (!shells.session || !shells.listing) throw new Error(`Astro's output in ${dir} lacks a page shell`);
  return { files, shells: shells as AstroPages['shells'], scriptHashes: [...hashes].sort() };
}
