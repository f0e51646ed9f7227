import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { parseShell, type Shell } from '../core/calendar/pages/page-shell.ts';
import { inlineScriptHashes } from '../core/site/csp.ts';
import { calendarPaths, pageFile } from '../core/site/paths.ts';
import { buildContextIntegration } from '../integrations/build-context.ts';
import { handOver, release } from '../integrations/context-store.ts';
import type { FillTarget } from './atomic-dir.ts';
import type { BuildContext } from './context.ts';
import type { OutputFile } from './output-files.ts';

/** Where Astro renders the page shells; the build fills them per page and leaves them out of the output. */
const SHELLS = { session: calendarPaths.sessionShell, listing: calendarPaths.listingShell } as const;

/** The kinds of page shell. */
export type ShellKind = keyof typeof SHELLS;

/** Astro's output, read: its files, its page shells and its inline scripts' CSP hashes. */
export interface AstroPages {
  files: OutputFile[];
  shells: Record<ShellKind, Shell>;
  scriptHashes: string[];
}

/**
 * Renders the HTML pages with Astro, in this process, handing the pages this build's whole
 * context (they read the data records directly, so every build renders them; the writer then
 * links each page whose bytes did not change from the previous output), and reads the result.
 */
export async function renderAstroPages(context: BuildContext, target: FillTarget): Promise<AstroPages> {
  // Astro renders inside the project (its server bundle must resolve node_modules, and a
  // folder of its own keeps concurrent builds apart); the result is read, then removed.
  const astroOut = path.join(context.root, `.astro-build-${process.pid}-${Date.now().toString(36)}`);
  // Vite's cache too is this build's own: Astro's sync pre-bundles the dev toolbar's
  // dependencies into it, and two builds sharing node_modules/.vite race on its rename
  // (ENOTEMPTY on a fresh clone).
  const viteCache = `${astroOut}-vite`;
  target.temporary.add(astroOut);
  target.temporary.add(viteCache);
  try {
    process.env.ASTRO_TELEMETRY_DISABLED = '1';
    const { build } = await import('astro');
    const key = handOver(context);
    try {
      const integrations = [buildContextIntegration({ handedKey: key })];
      await build({
        root: context.root,
        outDir: astroOut,
        site: context.render.url,
        base: context.render.basePath,
        logLevel: 'warn',
        integrations,
        vite: { cacheDir: viteCache },
      });
    } finally {
      release(key);
    }
    return await readAstro(astroOut);
  } finally {
    await Promise.all([astroOut, viteCache].map((dir) => rm(dir, { recursive: true, force: true })));
    target.temporary.delete(astroOut);
    target.temporary.delete(viteCache);
  }
}

/** Reads Astro's output: the shells apart, every other file as it is. */
async function readAstro(dir: string): Promise<AstroPages> {
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
    else if (!shellFolders.some((f) => name.startsWith(f))) files.push({ path: name, body: bytes });
  }
  if (!shells.session || !shells.listing) throw new Error(`Astro's output in ${dir} lacks a page shell`);
  return { files, shells: shells as AstroPages['shells'], scriptHashes: [...hashes].sort() };
}
