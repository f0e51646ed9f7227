import { rmSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { browsePaths } from '../core/browse/browse-paths.ts';
import { type BuildingLookup, buildingLookup } from '../core/buildings/location.ts';
import { nameAudiences } from '../core/calendar/audiences.ts';
import { feedFiles } from '../core/calendar/feeds.ts';
import { calendarPageSources } from '../core/calendar/pages/calendar-pages.ts';
import { nameCatalog } from '../core/calendar/programs.ts';
import { searchDocFiles, searchIndexFiles } from '../core/calendar/search-index.ts';
import { SESSIONS_DATASET, sessionSource } from '../core/calendar/session.ts';
import { methodServices } from '../core/datasets/method-services.ts';
import { DIRECTORY_FILE, directoryFileBody } from '../core/datasets/published-directory.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import { type BuildingPageView, buildingPageSources } from '../core/pages/building-page.ts';
import type { Finding } from '../core/read/findings.ts';
import { apiFiles } from '../core/render/api-files.ts';
import { InputDigests, type Made, type MadeFile } from '../core/render/made-file.ts';
import { openApiFile, schemaFiles } from '../core/render/schemas/schema-files.ts';
import type { RenderContext } from '../core/site/address.ts';
import { ASSETS_IGNORE_FILE, assetsIgnore, EDGE_CONFIG_FILE, wranglerConfig } from '../core/site/edge-config.ts';
import { headersFile, serveJson } from '../core/site/host-config.ts';
import { pageFile } from '../core/site/paths.ts';
import type { CalendarShells, PageShell } from '../integrations/page-components.ts';
import { checkProjectLinks } from '../load/project-links.ts';
import { type ReadCounts, readCache, valuesDigest } from '../load/read-cache.ts';
import { holdsAstroOutput } from './astro-cache.ts';
import { astroFolder, astroSetup, startAstroPages } from './astro-pages.ts';
import { type WarmAstro, warmAstroBuild } from './astro-run.ts';
import { type FillTarget, publishOutput } from './atomic-dir.ts';
import { type BuildContext, type BuildSettings, buildTarget, createBuildContext } from './context.ts';
import { dataBrowseFiles } from './data-browse.ts';
import { dataPortal } from './data-portal.ts';
import { buildInputKey, inputStats } from './input-key.ts';
import { releaseLargeText, releaseMadeText } from './memory.ts';
import {
  type OutputFile,
  OutputWriter,
  type Piece,
  readVersionInputs,
  type VersionInputs,
  type VersionRecord,
} from './output-files.ts';
import { claimOutput } from './output-owner.ts';
import { BUILD_STAMP, currentVersion, outputPaths, READ_CACHE } from './output-versions.ts';
import { type Progress, silentProgress } from './progress.ts';

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
  /**
   * Whether Astro rendered the pages (`ran`), its earlier output was used because what it is made from did not change
   * (`cached`), or no pages were built (`none`).
   */
  astro: 'ran' | 'cached' | 'none';
  /**
   * Whether the build's inputs were the published version's (input-key.ts), so that version was reused whole and
   * nothing was read or rendered.
   */
  unchanged: boolean;
  /** Where the output is served and its timestamp. */
  render: RenderContext;
  /** What the data's validation warned about (the published version's, when it was reused whole). */
  warnings: readonly Finding[];
  /** Data files read and checked anew, and those whose checked records the cache held (src/load/read-cache.ts). */
  reads: ReadCounts;
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

/**
 * The digests of what this build's files are made from (src/core/render/made-file.ts): the
 * code in every one, and the objects many files share named once by what they hold: the
 * program catalogue, the building lookup (by the buildings), each session (by what it is read
 * from: sessionSource).
 */
export function inputDigests(context: BuildContext, code: string, buildings: BuildingLookup): InputDigests {
  const digests = new InputDigests(`made-file 1\n${code}`);
  nameCatalog(digests, context.catalog);
  nameAudiences(digests, context.audiences);
  digests.name(buildings, `buildings:${digests.of(context.buildings)}`);
  for (const s of context.sessions) {
    const source = sessionSource(s);
    const revised = context.revisions?.get(s) ?? null;
    if (source) {
      // Its record's values stand in by their digest (kept in the read cache: valuesDigest), not read again.
      for (const part of source)
        if (part && typeof part === 'object') digests.name(part, `values:${valuesDigest(part)}`);
      digests.name(s, `session:${digests.of([...source, revised, context.catalog, context.audiences])}`);
    } else digests.nameByContent(s);
  }
  return digests;
}

/**
 * Files made when asked, each with the digest of what it is made from: the writer makes only those it cannot reuse,
 * and of a file in pieces, only the pieces it cannot take from the file before (each piece's digest too).
 */
export function* digested(
  files: Iterable<MadeFile<string | Iterable<string | Made<string>>>>,
  digests: InputDigests,
): Generator<OutputFile> {
  for (const f of files) {
    const body = () => {
      const made = f.body();
      return typeof made === 'string' ? made : digestedPieces(made, digests);
    };
    yield { path: f.path, madeFrom: digests.of(f.from), body };
  }
}

/** A file's pieces, each one made when asked with the digest of what it is made from. */
function* digestedPieces(pieces: Iterable<string | Made<string>>, digests: InputDigests): Generator<string | Piece> {
  for (const p of pieces) yield typeof p === 'string' ? p : { madeFrom: digests.of(p.from), make: p.make };
}

/** Names the page shells in the digests: a filled page is made from its shell and its parts. */
function nameShells(digests: InputDigests, shells: readonly PageShell<never>[]): void {
  for (const shell of shells) digests.name(shell, `shell:${shell.digest}`);
}

/** A page of a large set, filled into its shell (named: nameShells) when its bytes are needed. */
function filled<P>(digests: InputDigests, shell: PageShell<P>, path: string, parts: Made<P>): OutputFile {
  return { path: pageFile(path), madeFrom: digests.of([shell, ...parts.from]), body: () => shell.fill(parts.make()) };
}

/** The calendar's large page sets, each filled into the shell of its kind: every month and term, every session. */
export function* filledCalendarPages(
  context: BuildContext,
  shells: CalendarShells,
  digests: InputDigests,
  buildings: BuildingLookup,
): Generator<OutputFile> {
  nameShells(digests, [shells.listing, shells.session]);
  for (const page of calendarPageSources(context.sessions, { ...context.render, buildings })) {
    yield page.kind === 'session'
      ? filled(digests, shells.session, page.path, page.parts)
      : filled(digests, shells.listing, page.path, page.parts);
  }
}

/** Every building's page, filled into the building shell. */
export function* filledBuildingPages(
  context: BuildContext,
  shell: PageShell<BuildingPageView>,
  digests: InputDigests,
  buildings: BuildingLookup,
): Generator<OutputFile> {
  nameShells(digests, [shell]);
  const { sessions, site, render } = context;
  for (const page of buildingPageSources(context.buildings, sessions, buildings, site.directory, render)) {
    yield filled(digests, shell, page.path, page.parts);
  }
}

/**
 * Builds the site: reads and validates data/ first, renders everything second into a new
 * version folder, and publishes it as `outDir` last, in one atomic step (see publishOutput).
 * Files whose bytes are those of the published version are linked from it, not written; a
 * build whose inputs are the published version's (input-key.ts) reads and renders nothing and
 * reuses that version's files whole. A build that fails leaves `outDir` untouched.
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
  // Before anything is read or hashed: a link out of the project, to its secrets or the output, or a loop, is never
  // followed.
  const output = outputPaths(options.outDir);
  checkProjectLinks(options.root, [output.out, output.versions]);
  const buildAt = buildTarget(options.root, options.settings);
  const { dataDir, render, astroCache } = buildAt;
  // Before anything is read or written: an output path that is not the build's own is refused, with nothing moved.
  claimOutput(output, options.root, dataDir);
  const pages = options.pages !== false;
  const stats = inputStats(options.root, dataDir);
  const { key: inputs, data, code, projectFiles } = buildInputKey(options.root, dataDir, render, pages, buildAt);
  // When the published version was built from the same inputs, nothing need be read (checked
  // again under the output's lock); else the data is read and validated before the lock.
  const hint = (await publishedInputs(options.outDir))?.key;
  // What each data set's reader made of its files is remembered beside the output's versions, by the files and the
  // code: a rebuild reads and checks only the files that changed (read-cache.ts).
  const { versions } = output;
  // Each session is named by its record's values (inputDigests): their digests are kept beside them.
  const reads = readCache(path.join(versions, READ_CACHE), code, { digested: (set) => set.name === SESSIONS_DATASET });
  const load = () => {
    try {
      return createBuildContext(options.root, options.settings, buildAt, reads.readPart);
    } finally {
      reads.finish(); // a build the data fails prunes too: its entries hold the findings it reported
    }
  };
  // A cold build (no Astro output where this one looks for it) starts Astro's process before it reads the data: Astro
  // loads and bundles the pages (about a second) while the data is read, and renders them once their context is known.
  const warm =
    pages && hint !== inputs && !holdsAstroOutput(astroCache ?? versions)
      ? warmAstroBuild(astroSetup(options.root, versions, buildAt.render))
      : undefined;
  let context: BuildContext | undefined;
  try {
    context = hint === inputs ? undefined : load();
  } catch (error) {
    warm?.cancel();
    if (warm) rmSync(astroFolder(warm.setup), { recursive: true, force: true, maxRetries: 5 });
    throw error;
  }
  lap('load');

  let astro: BuildReport['astro'] = 'none';
  let warnings: readonly Finding[] = [];
  let unchanged = false;
  let writer: OutputWriter | undefined;
  /** Renders the output into the writer (or keeps the published version's files); what the version records. */
  const renderInto = async (out: OutputWriter, target: FillTarget): Promise<VersionRecord> => {
    const previous = target.previous;
    // The same inputs make the same files: the published version's, every one kept or linked.
    if (
      previous?.inputs?.key === inputs &&
      out.keepAll(
        new Map([...previous.manifest].filter(([rel]) => rel !== BUILD_STAMP)),
        previous.inputs.bytes,
        previous.made,
      )
    ) {
      ({ warnings } = previous.inputs);
      astro = pages ? 'cached' : 'none';
      unchanged = true;
    } else {
      context ??= load();
      lap('load');
      warnings = context.site.warnings;
      const rendering = { pages, astroCache, code, projectFiles, warm };
      astro = await renderOutput(context, target, out, rendering, { progress, lap });
    }
    out.finish();
    const bytes = out.counts.bytes;
    // Inputs that changed while this build read them (an editor saving) leave no key: the next
    // build renders in full rather than trust this version for either state of the data.
    const key =
      unchanged || (!stats.racy && inputStats(options.root, dataDir).text === stats.text) ? inputs : undefined;
    // The stamp is always written anew: `npm start` compares its time with the sources' and its data digest with the
    // data folder's.
    const stamp = { site: render.url, timestamp: render.timestamp, data };
    out.write([{ path: BUILD_STAMP, body: `${JSON.stringify(stamp)}\n` }], { fresh: true });
    lap('write');
    return {
      manifest: out.manifest,
      made: out.made,
      ...(key ? { inputs: { key, warnings: [...warnings], bytes } } : {}),
    };
  };
  await publishOutput(options.outDir, { root: options.root, say: options.say }, async (target) => {
    lap('write'); // the temporary folder
    // A new version's files are written on a thread of their own (write-ring.ts) while this one makes the next.
    const out = new OutputWriter(target.dir, target.previous, target.base, target.baseMade, true);
    writer = out;
    // Stopped at once, before its folder is removed, when the build fails or is interrupted.
    const stop = () => out.stop();
    target.writers.add(stop);
    try {
      return await renderInto(out, target);
    } catch (error) {
      stop();
      throw error;
    } finally {
      target.writers.delete(stop);
    }
  }).finally(() => {
    // Not needed after all (the published version reused), or the build failed: ended, and its folder removed.
    warm?.cancel();
    if (warm) rmSync(astroFolder(warm.setup), { recursive: true, force: true, maxRetries: 5 });
  });
  lap('write');
  progress.done();
  const counts = writer!.counts;
  return {
    stages,
    files: counts.files,
    bytes: counts.bytes,
    reused: counts.reused,
    astro,
    unchanged,
    render,
    warnings,
    reads: reads.counts,
  };
}

/** What the published version of an output was built from, when there is one (read without the lock: a hint). */
async function publishedInputs(outDir: string): Promise<VersionInputs | undefined> {
  const current = await currentVersion(outputPaths(outDir));
  return current ? readVersionInputs(current) : undefined;
}

/** How renderOutput reports: progress on a terminal, and the end of each stage. */
interface StageClock {
  progress: Progress;
  lap: (stage: Stage) => void;
}

/**
 * What renderOutput renders: the pages or not, where Astro's output is cached, and the digest of the project's code (in
 * every made file's digest).
 */
interface RenderOptions {
  pages: boolean;
  astroCache?: string;
  code: string;
  /** The project's files' lines the input key read (Astro's key reads them too). */
  projectFiles: readonly string[];
  /** Astro's process, started before the data was read (a cold build's), to render the pages when they must be. */
  warm?: WarmAstro;
}

/** Renders every file of the output from the build's context into the writer; says whether Astro ran. */
async function renderOutput(
  context: BuildContext,
  target: FillTarget,
  out: OutputWriter,
  { pages, astroCache, code, projectFiles, warm }: RenderOptions,
  { progress, lap }: StageClock,
): Promise<BuildReport['astro']> {
  const { site, render, published } = context;
  const write = (files: Iterable<OutputFile>) => out.write(counted(files, progress, out));
  let astro: BuildReport['astro'] = 'none';
  let scriptHashes: string[] = [];
  // Astro's pages first: when what they are made from changed, Astro renders them in a process
  // of its own (astro-pages.ts) while this one makes the API files and feeds, which do not need
  // them; the calendar's pages need its shells, so they come after it. Its memory goes with its
  // process. The API files one at a time: a large archive's listing is hundreds of MB of text,
  // released before the next is made. Files are made only when what they are made from changed
  // (made-file.ts): an API file when its data set's files did (or the directory, or the render
  // context), a feed or calendar page when its sessions did; the writer links every file whose
  // bytes did not change.
  const pending = pages ? startAstroPages(context, target, projectFiles, astroCache, warm) : undefined;
  try {
    const buildings = buildingLookup(context.buildings);
    const digests = inputDigests(context, code, buildings);
    progress.stage('API files');
    for (const file of apiFiles(published, render, site.directory, site.sources, context.dataTimes)) {
      const made = out.madeBytes;
      write(digested([file], digests));
      if (!file.inPieces) releaseLargeText(out.madeBytes - made); // a listing in pieces was never held whole
    }
    lap('api');
    write([openApiFile(site, published, render)]);
    write(digested(schemaFiles(published, render), digests));
    lap('schemas');
    progress.stage('calendar feeds');
    write(digested(feedFiles(context.feeds, render, context.revisions), digests));
    write(searchIndexFiles(context.sessions));
    write(digested(searchDocFiles(context.sessions), digests));
    write(dataPortal(context).files); // /data/: the bulk downloads, the database, the Data Package
    lap('feeds');
    if (pending) {
      progress.stage('pages (Astro)');
      const rendered = await pending.result;
      astro = rendered.ran ? 'ran' : 'cached';
      scriptHashes = rendered.scriptHashes;
      const portal = rendered.files.some((f) => f.path === pageFile(browsePaths.portal)); // /data/, when built
      write(rendered.files.splice(0)); // their bytes released once written
      lap('pages');
      progress.stage('calendar pages');
      write(filledCalendarPages(context, rendered.shells, digests, buildings));
      write(filledBuildingPages(context, rendered.shells.building, digests, buildings));
      write(dataBrowseFiles(context, rendered.shells.data, portal));
      lap('calendar');
    }
  } finally {
    pending?.stop(); // a build that failed meanwhile does not leave Astro running
  }
  progress.stage('publishing');
  write([
    { path: 'serve.json', body: serveJson(site.directory, scriptHashes) },
    { path: '_headers', body: headersFile(site.directory, render.basePath, scriptHashes) },
    { path: '.nojekyll', body: '' },
    // The directory a server of this version answers by (key rules, paths), swapped with its files.
    { path: DIRECTORY_FILE, body: directoryFileBody(site.directory, methodServices(site.directory, DATASETS)) },
    // The output deployed as a Cloudflare Worker's assets, the same handler in front (server/worker.ts).
    { path: EDGE_CONFIG_FILE, body: wranglerConfig({ basePath: render.basePath }) },
    { path: ASSETS_IGNORE_FILE, body: assetsIgnore() },
  ]);
  lap('write');
  return astro;
}

/**
 * Passes files through, counting them on the progress display; the text of what the writer made is released every so
 * often (memory.ts).
 */
function* counted(files: Iterable<OutputFile>, progress: Progress, out: OutputWriter): Generator<OutputFile> {
  for (const f of files) {
    yield f;
    progress.tick();
    releaseMadeText(out.madeBytes);
  }
}
