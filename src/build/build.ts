import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { calendarPaths, renderFeedFiles } from '../core/calendar/feeds.ts';
import { listingPages } from '../core/calendar/listing-pages.ts';
import { sessionBody, sessionSummary, sessionTitle } from '../core/calendar/session-page.ts';
import { parseShell, type Shell } from '../core/page-shell.ts';
import { renderApiFiles } from '../core/endpoints.ts';
import { headersFile, serveJson } from '../core/host-config.ts';
import { renderSchemaFiles } from '../core/schemas/schema-files.ts';
import { mergeDirectory, publishOutput } from './atomic-dir.ts';
import { createBuildContext, shareBuildContext, type BuildContext } from './context.ts';
import { BUILD_STAMP } from './output-versions.ts';

/** How one build went: the time of each stage in seconds and what it wrote. */
export interface BuildReport {
  stages: Record<'load' | 'api' | 'schemas' | 'pages' | 'calendar' | 'feeds' | 'write', number>;
  files: number;
  bytes: number;
  context: BuildContext;
}

/** Options of a build; the environment (SITE_URL, SOURCE_DATE_EPOCH, DATA_DIR) supplies the rest. */
export interface BuildOptions {
  root: string;
  outDir: string;
  env?: NodeJS.ProcessEnv;
  /** Render the HTML site with Astro (default true); the API alone is enough for some tests and tools. */
  pages?: boolean;
  /** Prints a line of progress (waiting for another build of the same output, …); default stderr. */
  say?: (line: string) => void;
}

/** The file in dist/ that records what the output was built for (read by `npm start`). */
export { BUILD_STAMP };

/** Where Astro renders the page shells; the build fills them per page and removes them. */
const SHELLS = { session: 'infosessions/session-shell/', listing: 'infosessions/listing-shell/' } as const;

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

/** Renders the HTML pages with Astro into `outDir`, from the shared context. */
async function renderPages(context: BuildContext, outDir: string): Promise<void> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const { build } = await import('astro');
  shareBuildContext(context);
  try {
    await build({ root: context.root, outDir, site: context.address.url, base: context.address.basePath, logLevel: 'warn' });
  } finally {
    shareBuildContext(undefined);
  }
}

/** Reads the Astro-rendered page shells and removes them from the output. */
async function takeShells(dir: string): Promise<Record<keyof typeof SHELLS, Shell>> {
  const read = async (folder: string) => {
    const shell = parseShell(await readFile(path.join(dir, folder, 'index.html'), 'utf8'));
    await rm(path.join(dir, folder), { recursive: true, force: true });
    return shell;
  };
  return { session: await read(SHELLS.session), listing: await read(SHELLS.listing) };
}

/** The calendar's large page sets, filled into their shells: every month and term, every session. */
function* calendarPages(context: BuildContext, shells: Record<keyof typeof SHELLS, Shell>): Generator<OutputFile> {
  for (const page of listingPages(context.sessions, context.address)) {
    yield { path: `${page.path}index.html`, body: shells.listing.fill(page) };
  }
  for (const s of context.sessions) {
    yield {
      path: `${calendarPaths.session(s.id)}index.html`,
      body: shells.session.fill({ title: sessionTitle(s), summary: sessionSummary(s), body: sessionBody(s, context.address.basePath) }),
    };
  }
}

/**
 * Builds the site: reads and validates data/ first, renders everything second into a new
 * version folder, and publishes it as `outDir` last, in one atomic step (see publishOutput).
 * A build that fails leaves `outDir` untouched.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const env = options.env ?? process.env;
  const stages = { load: 0, api: 0, schemas: 0, pages: 0, calendar: 0, feeds: 0, write: 0 };
  let t = performance.now();
  const lap = (stage: keyof typeof stages) => {
    const now = performance.now();
    stages[stage] += (now - t) / 1000;
    t = now;
  };

  const context = createBuildContext(options.root, env);
  lap('load');
  const { site, address, timestamp, published } = context;
  let api: OutputFile[] | undefined = renderApiFiles(published, timestamp);
  lap('api');
  const schemas: OutputFile[] = [...renderSchemaFiles(site, published, address.url, address.apiBase, timestamp)];
  lap('schemas');
  const hostFiles: OutputFile[] = [
    { path: 'serve.json', body: serveJson(site.directory) },
    { path: '_headers', body: headersFile(site.directory, address.basePath) },
    { path: '.nojekyll', body: '' },
    { path: BUILD_STAMP, body: `${JSON.stringify({ site: address.url, timestamp })}\n` },
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
        await mergeDirectory(astroOut, tmp);
      } finally {
        await rm(astroOut, { recursive: true, force: true });
      }
      lap('pages');
      count(writeFiles(tmp, calendarPages(context, await takeShells(tmp))));
      lap('calendar');
    }
    count(writeFiles(tmp, renderFeedFiles(context.feeds, { siteUrl: address.url, timestamp })));
    lap('feeds');
    count(writeFiles(tmp, hostFiles));
    lap('write');
  });
  lap('write');
  return { stages, files: written.files, bytes: written.bytes, context };
}
