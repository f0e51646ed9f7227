import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderFeedFiles } from '../core/calendar/feeds.ts';
import { calendarPages } from '../core/calendar/pages/calendar-pages.ts';
import { parseShell, type Shell } from '../core/calendar/pages/page-shell.ts';
import { renderApiFiles } from '../core/render/api-files.ts';
import { headersFile, serveJson } from '../core/site/host-config.ts';
import { calendarPaths, pageFile } from '../core/site/paths.ts';
import { renderSchemaFiles } from '../core/render/schemas/schema-files.ts';
import { inlineScriptHashes } from '../core/site/csp.ts';
import { astroKey, cachedAstro, staleAstroCaches, storeAstro } from './astro-cache.ts';
import { publishOutput, type FillTarget } from './atomic-dir.ts';
import { buildContextIntegration } from '../integrations/build-context.ts';
import { handOver, release } from '../integrations/context-store.ts';
import { createBuildContext, type BuildContext, type BuildSettings } from './context.ts';
import { OutputWriter, type OutputFile } from './output-files.ts';
import { BUILD_STAMP } from './output-versions.ts';
import { pageContext } from './page-context.ts';
import { fillPage } from './page-fills.ts';
import { silentProgress, type Progress } from './progress.ts';
import { removeLater } from './remove-later.ts';

/** The stages of a build, in order. */
type Stage = 'load' | 'api' | 'schemas' | 'pages' | 'calendar' | 'feeds' | 'write';

/** How one build went: the time of each stage in seconds, what it wrote, and what it reused. */
export interface BuildReport {
  stages: Record<Stage, number>;
  /** Files in the output, and their bytes. */
  files: number;
  bytes: number;
  /** Files linked unchanged from the previous output instead of written. */
  reused: number;
  /** Whether Astro rendered the pages (`ran`), its cached output served (`cached`), or no pages were built (`none`). */
  astro: 'ran' | 'cached' | 'none';
  context: BuildContext;
}

/** Options of a build; without settings, the environment (SITE_URL, SOURCE_DATE_EPOCH, DATA_DIR) supplies them. */
export interface BuildOptions {
  root: string;
  outDir: string;
  /** The command's resolved settings (src/config/settings.ts). */
  settings?: BuildSettings;
  /** Render the HTML site with Astro (default true); the API alone is enough for some tests and tools. */
  pages?: boolean;
  /** Prints a line of progress (waiting for another build of the same output, …); default stderr. */
  say?: (line: string) => void;
  /** Shows the stage and a count on a terminal (progress.ts); default silent. */
  progress?: Progress;
}

/** The file in dist/ that records what the output was built for (read by `npm start`). */
export { BUILD_STAMP };

/** Where Astro renders the page shells; the build fills them per page and leaves them out of the output. */
const SHELLS = { session: calendarPaths.sessionShell, listing: calendarPaths.listingShell } as const;

/** Renders the HTML pages with Astro into `outDir`, handing the pages this build's context. */
async function renderPages(context: BuildContext, root: string, outDir: string): Promise<void> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const { build } = await import('astro');
  const key = handOver(context);
  try {
    const integrations = [buildContextIntegration({ handedKey: key })];
    await build({ root, outDir, site: context.render.url, base: context.render.basePath, logLevel: 'warn', integrations });
  } finally {
    release(key);
  }
}

/** Astro's output, read: its files (the data parts filled in), its page shells and its inline scripts' CSP hashes. */
interface AstroPages {
  files: OutputFile[];
  shells: Record<keyof typeof SHELLS, Shell>;
  scriptHashes: string[];
}

/**
 * Astro's pages for this build: from the cache when nothing they are made from changed
 * (astro-cache.ts), else rendered (handed the page context only) and cached. Every marker
 * of a part made from the data is filled from this build's context (page-fills.ts).
 */
async function astroPages(context: BuildContext, target: FillTarget): Promise<{ pages: AstroPages; ran: boolean }> {
  const { view, json } = pageContext(context);
  const key = astroKey(context.root, json);
  let dir = cachedAstro(target.versions, key);
  const ran = !dir;
  if (!dir) {
    // Astro renders inside the project (its server bundle must resolve node_modules, and a
    // folder of its own keeps concurrent builds apart); the result moves into the cache.
    const astroOut = path.join(context.root, `.astro-build-${process.pid}-${Date.now().toString(36)}`);
    target.temporary.add(astroOut);
    try {
      await renderPages(view, context.root, astroOut);
      dir = await storeAstro(target.versions, key, astroOut);
    } finally {
      await rm(astroOut, { recursive: true, force: true });
      target.temporary.delete(astroOut);
    }
    removeLater(staleAstroCaches(target.versions, key), target.versions);
  }
  const shellFolders = Object.values(SHELLS).map((f) => `${f.replace(/\/$/, '')}/`);
  const files: OutputFile[] = [];
  const shells: Partial<Record<keyof typeof SHELLS, Shell>> = {};
  const hashes = new Set<string>();
  const names = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  for (const name of names.sort()) {
    const bytes = await readFile(path.join(dir, name));
    const kind = (Object.keys(SHELLS) as (keyof typeof SHELLS)[]).find((k) => pageFile(SHELLS[k]) === name);
    if (name.endsWith('.html')) for (const h of inlineScriptHashes(bytes.toString('utf8'))) hashes.add(h);
    if (kind) shells[kind] = parseShell(bytes.toString('utf8'));
    else if (shellFolders.some((f) => name.startsWith(f))) continue;
    else if (/\.(?:html|json)$/.test(name) && bytes.includes('@@FILL:')) files.push({ path: name, body: fillPage(bytes.toString('utf8'), context) });
    else files.push({ path: name, body: bytes });
  }
  if (!shells.session || !shells.listing) throw new Error(`Astro's output in ${dir} lacks a page shell`);
  return { pages: { files, shells: shells as AstroPages['shells'], scriptHashes: [...hashes].sort() }, ran };
}

/** The calendar's large page sets, each filled into the shell of its kind: every month and term, every session. */
function* filledCalendarPages(context: BuildContext, shells: Record<keyof typeof SHELLS, Shell>): Generator<OutputFile> {
  for (const page of calendarPages(context.sessions, context.render)) {
    yield { path: pageFile(page.path), body: shells[page.kind].fill(page) };
  }
}

/**
 * Builds the site: reads and validates data/ first, renders everything second into a new
 * version folder, and publishes it as `outDir` last, in one atomic step (see publishOutput).
 * Files whose bytes are those of the published version are linked from it, not written, and
 * Astro runs only when what its pages are made from changed. A build that fails leaves
 * `outDir` untouched.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const progress = options.progress ?? silentProgress;
  const stages: Record<Stage, number> = { load: 0, api: 0, schemas: 0, pages: 0, calendar: 0, feeds: 0, write: 0 };
  let t = performance.now();
  const lap = (stage: Stage) => {
    const now = performance.now();
    stages[stage] += (now - t) / 1000;
    t = now;
  };

  progress.stage('reading the data');
  const context = createBuildContext(options.root, options.settings);
  lap('load');
  const { site, render, published } = context;
  let api: OutputFile[] | undefined = renderApiFiles(published, render);
  lap('api');
  const schemas: OutputFile[] = [...renderSchemaFiles(site, published, render)];
  lap('schemas');
  let scriptHashes: string[] = [];
  const hostFiles = (): OutputFile[] => [
    { path: 'serve.json', body: serveJson(site.directory, scriptHashes) },
    { path: '_headers', body: headersFile(site.directory, render.basePath, scriptHashes) },
    { path: '.nojekyll', body: '' },
  ];

  let astro: BuildReport['astro'] = 'none';
  let writer: OutputWriter | undefined;
  await publishOutput(options.outDir, { root: options.root, say: options.say }, async (target) => {
    lap('write'); // the host files above and the temporary folder
    const out = new OutputWriter(target.dir, target.previous, target.base);
    writer = out;
    const write = (files: Iterable<OutputFile>) => out.write(counted(files, progress));
    // The API files first, so their (large) text can be released before the pages render.
    progress.stage('API files');
    write(api!);
    api = undefined;
    lap('api');
    write(schemas);
    lap('schemas');
    if (options.pages !== false) {
      progress.stage('pages (Astro)');
      const { pages, ran } = await astroPages(context, target);
      astro = ran ? 'ran' : 'cached';
      scriptHashes = pages.scriptHashes;
      write(pages.files);
      lap('pages');
      progress.stage('calendar pages');
      write(filledCalendarPages(context, pages.shells));
      lap('calendar');
    }
    progress.stage('calendar feeds');
    write(renderFeedFiles(context.feeds, render));
    lap('feeds');
    progress.stage('publishing');
    write(hostFiles());
    out.finish();
    // The stamp is always written anew: `npm start` compares its time with the data's.
    out.write([{ path: BUILD_STAMP, body: `${JSON.stringify({ site: render.url, timestamp: render.timestamp })}\n` }], { fresh: true });
    lap('write');
    return out.manifest;
  });
  lap('write');
  progress.done();
  const counts = writer!.counts;
  return { stages, files: counts.files, bytes: counts.bytes, reused: counts.reused, astro, context };
}

/** Passes files through, counting them on the progress display. */
function* counted(files: Iterable<OutputFile>, progress: Progress): Generator<OutputFile> {
  for (const f of files) {
    yield f;
    progress.tick();
  }
}
