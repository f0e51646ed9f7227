import { symlinkSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { browsePaths } from '../core/browse/browse-paths.ts';
import { parseShell, type Shell } from '../core/calendar/pages/page-shell.ts';
import type { ExamPageView } from '../core/exams/exam-pages.ts';
import type { BuildingPageView } from '../core/pages/building-page.ts';
import type { MethodPageView } from '../core/pages/method-page.ts';
import { pageContext } from '../core/pages/page-context.ts';
import type { RenderContext } from '../core/site/address.ts';
import { inlineScriptHashes } from '../core/site/csp.ts';
import { scriptFiles } from '../core/site/csp-policy.ts';
import { examPaths } from '../core/site/exam-paths.ts';
import { buildingPaths, calendarPaths, methodPaths, pageFile } from '../core/site/paths.ts';
import { calendarHoles } from '../integrations/calendar-holes.ts';
import { calendarViews } from '../integrations/calendar-views.ts';
import { type DataShells, dataPageBodies, dataShells } from '../integrations/data-page-components.ts';
import {
  bodyShell,
  buildingPageBody,
  type CalendarShells,
  examPageBody,
  listingPageParts,
  listingShell,
  methodPageBody,
  type PageShell,
  sessionPageParts,
  sessionShell,
} from '../integrations/page-components.ts';
import { astroKey, cachedAstro, pruneSharedCache, storeAstro } from './astro-cache.ts';
import { type AstroRun, type AstroSetup, startAstroBuild, type WarmAstro } from './astro-run.ts';
import type { FillTarget } from './atomic-dir.ts';
import type { BuildContext } from './context.ts';
import type { OutputFile } from './output-files.ts';
import { makeFolders, versionName } from './output-versions.ts';

/** Where Astro renders the page shells; the build fills them per page and leaves them out of the output. */
const SHELLS = {
  session: calendarPaths.sessionShell,
  listing: calendarPaths.listingShell,
  building: buildingPaths.shell,
  method: methodPaths.shell,
  data: browsePaths.shell,
  portal: browsePaths.portalShell,
  exam: examPaths.shell,
} as const;

export type ShellKind = keyof typeof SHELLS;

/** The page shells, each ready to fill with a page of its kind: calendar, buildings, methods, data, exams. */
export type AstroShells = CalendarShells & {
  building: PageShell<BuildingPageView>;
  method: PageShell<MethodPageView>;
  data: DataShells;
  exam: PageShell<ExamPageView>;
};

/** Astro's output, read and filled, and whether Astro ran (else its cached output was used). */
export interface AstroPages {
  files: (OutputFile & { body: string | Uint8Array })[];
  shells: AstroShells;
  scriptHashes: string[];
  ran: boolean;
}

/** Astro's pages for this build, under way; `stop` ends a run of Astro early (the build failed meanwhile). */
export interface PendingAstroPages {
  result: Promise<AstroPages>;
  stop: () => void;
}

/**
 * The HTML pages Astro renders, filled for this build (src/integrations/calendar-holes.ts). Astro runs only when what
 * its output is made from changed (astroKey: `projectFiles`, the lines the build's input key read, and the page
 * context); otherwise its cached output is used: the output's own, in its versions folder, or any output's, in
 * `sharedCache` (ASTRO_CACHE_DIR). A run starts here, in a process of its own (astro-run.ts): the build renders its
 * other files meanwhile, and awaits `result` when it needs the pages.
 */
export function startAstroPages(
  context: BuildContext,
  target: FillTarget,
  projectFiles: readonly string[],
  sharedCache?: string,
  warm?: WarmAstro,
): PendingAstroPages {
  const pagesJson = JSON.stringify(pageContext(context));
  const key = astroKey(projectFiles, pagesJson);
  const cache = sharedCache ?? target.versions;
  const cached = cachedAstro(cache, key);
  // At most one run: at once when nothing is cached (in the process a cold build started early, warmAstroBuild, when
  // there is one), or later when the cached output cannot be read.
  let running: AstroRun | undefined;
  let stopped = false;
  const run = (early?: WarmAstro) => {
    if (stopped) throw new Error('the build ended before Astro rendered its pages');
    const started = startAstro(context, pagesJson, target, early);
    running = started.run;
    return finishAstro(started, { key, cache }, target);
  };
  if (cached !== undefined) warm?.cancel(); // not needed
  const now = cached === undefined ? run(warm) : undefined;
  // The components the pages are rendered from, loaded meanwhile.
  const components = pageComponents();
  components.catch(() => {});
  const result = (async (): Promise<AstroPages> => {
    // A cache that cannot be read whole (removed by hand meanwhile) is rendered anew.
    let output = now ? await now : await readAstro(cached!).catch(() => undefined);
    const ran = now !== undefined || output === undefined;
    output ??= await run();
    if (ran && sharedCache) await pruneSharedCache(sharedCache);
    return { ...filledAstro(output, await components, context), ran };
  })();
  // Awaited by the build when it needs the pages; a failure before then is not unhandled.
  result.catch(() => {});
  return {
    result,
    stop: () => {
      stopped = true;
      running?.stop();
    },
  };
}

/** Every page kind's components, loaded together (once per process). */
async function pageComponents() {
  const [session, listing, building, holes, method, data, exam] = await Promise.all([
    sessionPageParts(),
    listingPageParts(),
    buildingPageBody(),
    calendarHoles(),
    methodPageBody(),
    dataPageBodies(),
    examPageBody(),
  ]);
  return { session, listing, building, holes, method, data, exam };
}

/** Astro's output with the calendar's holes filled, and each page shell ready to fill by its components. */
function filledAstro(
  output: AstroOutput,
  parts: Awaited<ReturnType<typeof pageComponents>>,
  context: BuildContext,
): Omit<AstroPages, 'ran'> {
  const views = calendarViews(context);
  const files = output.files.map((f) => {
    if (!/\.(html|json)$/.test(f.path)) return f;
    const filled = parts.holes(Buffer.from(f.body).toString('utf8'), views);
    return filled === undefined ? f : { path: f.path, body: filled };
  });
  const shells = {
    listing: listingShell(output.shells.listing, parts.listing),
    session: sessionShell(output.shells.session, parts.session),
    building: bodyShell(output.shells.building, parts.building),
    method: bodyShell(output.shells.method, parts.method),
    data: dataShells(output.shells, parts.data),
    exam: bodyShell(output.shells.exam, parts.exam),
  };
  return { ...output, files, shells };
}

/**
 * Where a run of Astro builds, and for which address: a folder of the build's own in the output's versions folder
 * (`<version name>-astro/`: a build killed there leaves nothing in the project, and the next build removes it), its
 * working folder, which links the project's node_modules (Astro's server bundle, rendered in it, imports packages) and
 * holds Astro's output and Vite's cache (two builds sharing node_modules/.vite race on its rename).
 */
export function astroSetup(
  root: string,
  versions: string,
  render: Pick<RenderContext, 'url' | 'basePath'>,
): AstroSetup {
  const work = path.join(versions, `${versionName()}-astro`);
  makeFolders(work);
  symlinkSync(path.relative(work, path.join(root, 'node_modules')), path.join(work, 'node_modules'));
  const outDir = path.join(work, 'out');
  return { root, outDir, site: render.url, base: render.basePath, viteCache: path.join(work, 'vite') };
}

/** The folder a run of Astro set up by astroSetup works in, which holds all it writes. */
export function astroFolder(setup: Pick<AstroSetup, 'outDir'>): string {
  return path.dirname(setup.outDir);
}

/**
 * Starts Astro over the page context in a process of its own, rendering into a folder of this build's (astroSetup),
 * which holds all it writes: an interruption removes it.
 */
function startAstro(context: BuildContext, pagesJson: string, target: FillTarget, warm?: WarmAstro) {
  const setup = warm?.setup ?? astroSetup(context.root, target.versions, context.render);
  target.temporary.add(astroFolder(setup));
  const run = warm
    ? warm.start({ pageContextJson: pagesJson })
    : startAstroBuild({ ...setup, pageContextJson: pagesJson });
  return { run, setup };
}

/** Waits for a run of Astro, reads its output, moves it into the cache folder under `key`, and removes its folder. */
async function finishAstro(
  { run, setup }: ReturnType<typeof startAstro>,
  { key, cache }: { key: string; cache: string },
  target: FillTarget,
): Promise<AstroOutput> {
  try {
    await run.done;
    // Read here, in this build's own folder: once stored, a build of another output sharing the
    // cache may set the stored copy aside (storeAstro) before a read of it ends.
    const output = await readAstro(setup.outDir);
    await storeAstro(cache, key, setup.outDir, target.temporary);
    return output;
  } finally {
    run.stop();
    await rm(astroFolder(setup), { recursive: true, force: true });
    target.temporary.delete(astroFolder(setup));
  }
}

/** Astro's output as read: its files, its page shells as rendered, its inline scripts' CSP hashes. */
type AstroOutput = Omit<AstroPages, 'ran' | 'shells'> & { shells: Record<ShellKind, Shell> };

/** Reads Astro's output: the shells apart, every other file as it is. */
async function readAstro(dir: string): Promise<AstroOutput> {
  const shellFolders = Object.values(SHELLS).map((f) => `${f.replace(/\/$/, '')}/`);
  const files: AstroPages['files'] = [];
  const shells: Partial<Record<ShellKind, Shell>> = {};
  const hashes = new Set<string>();
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const names = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  for (const name of names.sort()) {
    const bytes = await readFile(path.join(dir, name));
    const kind = (Object.keys(SHELLS) as ShellKind[]).find((k) => pageFile(SHELLS[k]) === name);
    if (name.endsWith('.html')) {
      const html = bytes.toString('utf8');
      // A script file would be refused by every browser (the CSP allows inline scripts only): the bundler split a
      // script into chunks (src/integrations/script-graphs.ts keeps the session page's whole).
      const [file] = scriptFiles(html);
      if (file)
        throw new Error(
          `Astro's page ${name} loads the script file ${file}; the site's CSP allows inline scripts only`,
        );
      for (const h of inlineScriptHashes(html)) hashes.add(h);
    }
    if (kind) shells[kind] = parseShell(bytes.toString('utf8'));
    else if (!shellFolders.some((f) => name.startsWith(f))) files.push({ path: name, body: bytes });
  }
  const missing = (Object.keys(SHELLS) as ShellKind[]).find((k) => !shells[k]);
  if (missing) throw new Error(`Astro's output in ${dir} lacks the ${missing} page shell (${SHELLS[missing]})`);
  return { files, shells: shells as AstroOutput['shells'], scriptHashes: [...hashes].sort() };
}
