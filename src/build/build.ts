import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { renderFeedFiles } from '../core/calendar/feeds.ts';
import { renderApiFiles } from '../core/endpoints.ts';
import { headersFile, serveJson } from '../core/host-config.ts';
import { renderSchemaFiles } from '../core/schemas/schema-files.ts';
import { moveDirectory, replaceDirectory } from './atomic-dir.ts';
import { createBuildContext, shareBuildContext, type BuildContext } from './context.ts';

/** How one build went: the time of each stage in seconds and what it wrote. */
export interface BuildReport {
  stages: Record<'load' | 'api' | 'feeds' | 'pages' | 'write', number>;
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
}

/** The file in dist/ that records what the output was built for (read by `npm start`). */
export const BUILD_STAMP = '.campus-build.json';

/** A file to write into the output, by its path inside it. */
type OutputFile = { path: string; body: string | Uint8Array };

/** Writes files below `dir`, creating folders as needed. */
async function writeFiles(dir: string, files: readonly OutputFile[]): Promise<number> {
  const folders = new Set(files.map((f) => path.dirname(path.join(dir, f.path))));
  await Promise.all([...folders].map((f) => mkdir(f, { recursive: true })));
  let bytes = 0;
  for (const f of files) {
    await writeFile(path.join(dir, f.path), f.body);
    bytes += typeof f.body === 'string' ? Buffer.byteLength(f.body) : f.body.byteLength;
  }
  return bytes;
}

/** Renders the HTML pages with Astro into `outDir`, from the shared context. */
async function renderPages(context: BuildContext, outDir: string): Promise<void> {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const { build } = await import('astro');
  shareBuildContext(context);
  try {
    await build({
      root: context.root,
      outDir,
      site: context.address.url,
      base: context.address.basePath,
      logLevel: 'warn',
    });
  } finally {
    shareBuildContext(undefined);
  }
}

/**
 * Builds the site: reads and validates data/ first, renders everything second, and swaps the
 * finished output into `outDir` last. A build that fails leaves `outDir` untouched.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const env = options.env ?? process.env;
  const stages = { load: 0, api: 0, feeds: 0, pages: 0, write: 0 };
  let t = performance.now();
  const lap = (stage: keyof typeof stages) => {
    const now = performance.now();
    stages[stage] += (now - t) / 1000;
    t = now;
  };

  const context = createBuildContext(options.root, env);
  lap('load');
  const { site, address, timestamp, published } = context;
  const api = [...renderApiFiles(published, timestamp), ...renderSchemaFiles(site, published, address.url, address.apiBase, timestamp)];
  lap('api');
  const feeds = renderFeedFiles(context.sessions, { siteUrl: address.url, timestamp });
  lap('feeds');
  const { directory } = context.site;
  const hostFiles: OutputFile[] = [
    { path: 'serve.json', body: serveJson(directory) },
    { path: '_headers', body: headersFile(directory, context.address.basePath) },
    { path: '.nojekyll', body: '' },
    { path: BUILD_STAMP, body: `${JSON.stringify({ site: context.address.url, timestamp: context.timestamp })}\n` },
  ];

  let files = 0;
  let bytes = 0;
  await replaceDirectory(options.outDir, async (tmp) => {
    if (options.pages !== false) {
      // Astro renders inside the project (its server bundle must resolve node_modules, and
      // a folder of its own keeps concurrent builds apart), then the result moves into place.
      const astroOut = path.join(options.root, `.astro-build-${process.pid}-${Date.now().toString(36)}`);
      try {
        await renderPages(context, astroOut);
        await moveDirectory(astroOut, tmp);
      } finally {
        await rm(astroOut, { recursive: true, force: true });
      }
    }
    lap('pages');
    const all = [...api, ...feeds, ...hostFiles];
    bytes = await writeFiles(tmp, all);
    files = all.length;
    lap('write');
  });
  lap('write');
  return { stages, files, bytes, context };
}
