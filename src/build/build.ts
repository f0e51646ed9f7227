import { mkdirSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderFeedFiles } from '../core/calendar/feeds.ts';
import { buildingLookup } from '../core/buildings/location.ts';
import { searchIndexFiles } from '../core/calendar/search-index.ts';
import { calendarPages } from '../core/calendar/pages/calendar-pages.ts';
import { parseShell, type Shell } from '../core/calendar/pages/page-shell.ts';
import { renderApiFiles } from '../core/render/api-files.ts';
import { headersFile, serveJson } from '../core/site/host-config.ts';
import { calendarPaths, pageFile } from '../core/site/paths.ts';
import { renderSchemaFiles } from '../core/render/schemas/schema-files.ts';
import { inlineScriptHashes } from '../core/site/csp.ts';
import { mergeDirectory, publishOutput } from './atomic-dir.ts';
import { buildContextIntegration } from '../integrations/build-context.ts';
import { handOver, release } from '../integrations/context-store.ts';
import { createBuildContext, type BuildContext, type BuildSettings } from './context.ts';
import { BUILD_STAMP } from './output-versions.ts';

/** How one build went: the time of each stage in seconds and what it wrote. */
export interface BuildReport {
  stages: Record<'load' | 'api' | 'schemas' | 'pages' | 'calendar' | 'feeds' | 'write', number>;
  files: number;
  bytes: number;
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
}

/** The file in dist/ that records what the output was built for (read by `npm start`). */
export { BUILD_STAMP };

/** Where Astro renders the page shells; the build fills them per page and removes them. */
const SHELLS = { session: calendarPaths.sessionShell, listing: calendarPaths.listingShell } as const;

/** A file to write into the output, by its path inside it. */
type OutputFile = { path: string; body: string | Uint8Array };

/**
 * Writes files below `dir` as they come, creating folders as needed; returns files and bytes.
 * Synchronous on purpose: one open-write-close call per file costs a fraction of the
 * promise API's three thread-pool round trips, and nothing else runs meanwhile.
 */
function writeFiles(dir: string, files: Iterable<OutputFile>): { files: number; bytes: number } {
  const folders = new Set<string>();
  let count = 0;
  let bytes = 0;
  for (const f of files) {
    const target = path.join(dir, f.path);
    const folder = path.dirname(target);
    if (!folders.has(folder)) {
      folders.add(folder);
      mkdirSync(folder, { recursive: true });
    }
    writeFileSync(target, f.body);
    count += 1;
    bytes += typeof f.body === 'string' ? Buffer.byteLength(f.body) : f.body.byteLength;
  }
  return { files: count, bytes };
}

/** Renders the HTML pages with Astro into `outDir`, handing the pages this build's context. */
async function renderPages(context: BuildContext, outDir: string): Promise<void> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const { build } = await import('astro');
  const key = handOver(context);
  try {
    const integrations = [buildContextIntegration({ handedKey: key })];
    await build({ root: context.root, outDir, site: context.render.url, base: context.render.basePath, logLevel: 'warn', integrations });
  } finally {
    release(key);
  }
}

/** The CSP hashes of every inline script in Astro's pages (the shells included, so the filled pages too). */
async function pageScriptHashes(dir: string): Promise<string[]> {
  const pages = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.html'));
  const hashes = new Set<string>();
  for (const page of pages) for (const h of inlineScriptHashes(await readFile(path.join(dir, page), 'utf8'))) hashes.add(h);
  return [...hashes].sort();
}

/** Reads the Astro-rendered page shells and removes them from the output. */
async function takeShells(dir: string): Promise<Record<keyof typeof SHELLS, Shell>> {
  const read = async (folder: string) => {
    const shell = parseShell(await readFile(path.join(dir, pageFile(folder)), 'utf8'));
    await rm(path.join(dir, folder), { recursive: true, force: true });
    return shell;
  };
  return { session: await read(SHELLS.session), listing: await read(SHELLS.listing) };
}

/** The calendar's large page sets, each filled into the shell of its kind: every month and term, every session. */
function* filledCalendarPages(context: BuildContext, shells: Record<keyof typeof SHELLS, Shell>): Generator<OutputFile> {
  for (const page of calendarPages(context.sessions, { ...context.render, buildings: buildingLookup(context.buildings) })) {
    yield { path: pageFile(page.path), body: shells[page.kind].fill(page) };
  }
}

/**
 * Builds the site: reads and validates data/ first, renders everything second into a new
 * version folder, and publishes it as `outDir` last, in one atomic step (see publishOutput).
 * A build that fails leaves `outDir` untouched.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const stages = { load: 0, api: 0, schemas: 0, pages: 0, calendar: 0, feeds: 0, write: 0 };
  let t = performance.now();
  const lap = (stage: keyof typeof stages) => {
    const now = performance.now();
    stages[stage] += (now - t) / 1000;
    t = now;
  };

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
    { path: BUILD_STAMP, body: `${JSON.stringify({ site: render.url, timestamp: render.timestamp })}\n` },
  ];

  const written = { files: 0, bytes: 0 };
  const count = (w: { files: number; bytes: number }) => {
    written.files += w.files;
    written.bytes += w.bytes;
  };
  await publishOutput(options.outDir, { root: options.root, say: options.say }, async (tmp, temporary) => {
    lap('write'); // the host files above and the temporary folder
    // The API files first, so their (large) text can be released before the pages render.
    count(writeFiles(tmp, api!));
    api = undefined;
    lap('api');
    count(writeFiles(tmp, schemas));
    lap('schemas');
    if (options.pages !== false) {
      // Astro renders inside the project (its server bundle must resolve node_modules, and
      // a folder of its own keeps concurrent builds apart), then the result moves into place.
      const astroOut = path.join(options.root, `.astro-build-${process.pid}-${Date.now().toString(36)}`);
      temporary.add(astroOut);
      try {
        await renderPages(context, astroOut);
        scriptHashes = await pageScriptHashes(astroOut);
        await mergeDirectory(astroOut, tmp);
      } finally {
        await rm(astroOut, { recursive: true, force: true });
      }
      lap('pages');
      count(writeFiles(tmp, filledCalendarPages(context, await takeShells(tmp))));
      lap('calendar');
    }
    count(writeFiles(tmp, renderFeedFiles(context.feeds, render)));
    count(writeFiles(tmp, searchIndexFiles(context.sessions)));
    lap('feeds');
    count(writeFiles(tmp, hostFiles()));
    lap('write');
  });
  lap('write');
  return { stages, files: written.files, bytes: written.bytes, context };
}
