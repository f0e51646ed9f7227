import { rmSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { buildingLookup, locationSearchText } from '../core/buildings/location.ts';
import { feedFiles } from '../core/calendar/feeds.ts';
import { searchDocFiles, searchIndexFiles } from '../core/calendar/search-index.ts';
import { methodServices } from '../core/datasets/method-services.ts';
import { DIRECTORY_FILE, directoryFileBody } from '../core/datasets/published-directory.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import type { Finding } from '../core/read/findings.ts';
import { apiFiles } from '../core/render/api-files.ts';
import { openApiFile, schemaFiles } from '../core/render/schemas/schema-files.ts';
import type { RenderContext } from '../core/site/address.ts';
import { ASSETS_IGNORE_FILE, assetsIgnore, EDGE_CONFIG_FILE, wranglerConfig } from '../core/site/edge-config.ts';
import { headersFile, serveJson } from '../core/site/host-config.ts';
import { checkProjectLinks } from '../load/project-links.ts';
import { holdsAstroOutput } from './astro-cache.ts';
import { type AstroPages, astroFolder, astroSetup, startAstroPages } from './astro-pages.ts';
import { type WarmAstro, warmAstroBuild } from './astro-run.ts';
import { type FillTarget, publishOutput } from './atomic-dir.ts';
import { type BuildContext, type BuildSettings, type BuildTarget, buildTarget, createBuildContext } from './context.ts';
import { dataBrowseFiles } from './data-browse.ts';
import { portalFiles } from './data-portal.ts';
import { digested, filledBuildingPages, filledCalendarPages, filledMethodPages } from './digested-files.ts';
import { examFiles, examPageFiles } from './exam-stage.ts';
import { type InputDigests, inputDigests } from './input-digests.ts';
import { buildInputKey, type InputStats, inputStats } from './input-key.ts';
import { type OutputFile, OutputWriter, readVersionInputs, type VersionRecord } from './output-files.ts';
import { claimOutput } from './output-owner.ts';
import { BUILD_STAMP, currentVersion, outputPaths } from './output-versions.ts';
import { type Progress, silentProgress } from './progress.ts';

/** The stages of a build, in order. */
type Stage = 'load' | 'api' | 'schemas' | 'pages' | 'calendar' | 'feeds' | 'write';

/**
 * How one build went: the time of each stage in seconds; the files in the output, their bytes, and those kept or
 * linked unchanged; whether Astro rendered the pages, its cached output was used (what it is made from did not
 * change), or no pages were built; whether the build's inputs were the published version's (input-key.ts), so that
 * version was reused whole and nothing was read or rendered; the data's warnings (the published version's, when it
 * was reused whole).
 */
export interface BuildReport {
  stages: Record<Stage, number>;
  files: number;
  bytes: number;
  reused: number;
  astro: 'ran' | 'cached' | 'none';
  unchanged: boolean;
  render: RenderContext;
  warnings: readonly Finding[];
}

/**
 * Options of a build: without `settings` (src/config/settings.ts) the environment (SITE_URL, SOURCE_DATE_EPOCH,
 * DATA_DIR) supplies them; `pages: false` builds the API alone (for some tests and tools); `say` prints a line (default
 * stderr: waiting for another build of the same output, …); `progress` shows the stage and a count on a terminal.
 */
export interface BuildOptions {
  root: string;
  outDir: string;
  settings?: BuildSettings;
  pages?: boolean;
  say?: (line: string) => void;
  progress?: Progress;
}

/** Where a build is: the time of each stage so far, and the progress display; `lap` ends the running stage. */
interface StageClock {
  stages: Record<Stage, number>;
  progress: Progress;
  lap(stage: Stage): void;
}

/** A clock whose stages start at zero, now. */
function stageClock(progress: Progress): StageClock {
  const stages: Record<Stage, number> = { load: 0, api: 0, schemas: 0, pages: 0, calendar: 0, feeds: 0, write: 0 };
  let t = performance.now();
  const lap = (stage: Stage) => {
    const now = performance.now();
    stages[stage] += (now - t) / 1000;
    t = now;
  };
  return { stages, progress, lap };
}

/**
 * What a build knows before it reads any data: the inputs' sizes and times before the key was made (input-key.ts:
 * looked at again at the end); the input key, the data folder's digest (for the stamp), the code's digest and the
 * project's files' lines; the published version's key (`hint`: when it is `inputs`, nothing need be read); Astro's
 * process, started before the data is read (a cold build's).
 */
interface BuildPlan {
  options: BuildOptions;
  target: BuildTarget;
  pages: boolean;
  stats: InputStats;
  inputs: string;
  data: string;
  code: string;
  projectFiles: readonly string[];
  hint?: string;
  warm?: WarmAstro;
}

/** What a build made: its context (when it read the data), its writer, and what the report says. */
interface BuildOutcome {
  context?: BuildContext;
  writer?: OutputWriter;
  astro: BuildReport['astro'];
  warnings: readonly Finding[];
  unchanged: boolean;
}

/**
 * Builds the site: reads and validates data/ first, renders everything second into a new version folder, and
 * publishes it as `outDir` last, in one atomic step (publishOutput). A build whose inputs are the published version's
 * (input-key.ts) reads and renders nothing and reuses that version's files whole. A build that fails leaves `outDir`
 * untouched.
 */
export async function buildSite(options: BuildOptions): Promise<BuildReport> {
  const clock = stageClock(options.progress ?? silentProgress);
  clock.progress.stage('reading the data');
  const plan = await planBuild(options);
  const outcome: BuildOutcome = { astro: 'none', warnings: [], unchanged: false };
  try {
    outcome.context = plan.hint === plan.inputs ? undefined : readData(plan);
    clock.lap('load');
    const say = options.say ?? ((line: string) => console.error(line));
    await publishOutput(options.outDir, say, (target) => fillVersion(plan, target, outcome, clock));
  } finally {
    cancelWarm(plan.warm); // not needed after all (the published version reused), or the build failed
  }
  clock.lap('write');
  clock.progress.done();
  const { files, bytes, reused } = outcome.writer!.counts;
  const { astro, unchanged, warnings } = outcome;
  const report = { files, bytes, reused, astro, unchanged, warnings };
  return { stages: clock.stages, render: plan.target.render, ...report };
}

/**
 * What a build knows before it reads the data: links out of the project refused, the target, the input key, the
 * published version's key; a cold build (no Astro output where this one looks) starts Astro's process
 * now, so that Astro loads and bundles the pages while the data is read.
 */
async function planBuild(options: BuildOptions): Promise<BuildPlan> {
  // Before anything is read or hashed: a link out of the project, to its secrets or the output, or a loop, is never
  // followed.
  const output = outputPaths(options.outDir);
  checkProjectLinks(options.root, [output.out, output.versions]);
  const target = buildTarget(options.root, options.settings);
  // Before anything is read or written: an output path that is not the build's own is refused, with nothing moved.
  claimOutput(output, options.root, target.dataDir);
  const pages = options.pages !== false;
  const stats = inputStats(options.root, target.dataDir);
  const key = buildInputKey(options.root, target, pages);
  const { key: inputs, data, code, projectFiles } = key;
  const current = await currentVersion(output);
  const hint = current ? readVersionInputs(current)?.key : undefined; // read without the lock: a hint
  const { versions } = output;
  const cold = pages && hint !== inputs && !holdsAstroOutput(target.astroCache ?? versions);
  const warm = cold ? warmAstroBuild(astroSetup(options.root, versions, target.render)) : undefined;
  return { options, target, pages, stats, inputs, data, code, projectFiles, hint, warm };
}

/** Ends Astro's process started before the data was read, and removes its working folder. */
function cancelWarm(warm: WarmAstro | undefined): void {
  warm?.cancel();
  if (warm) rmSync(astroFolder(warm.setup), { recursive: true, force: true, maxRetries: 5 });
}

/** Reads and validates the data. */
function readData(plan: BuildPlan): BuildContext {
  return createBuildContext(plan.options.root, plan.options.settings, plan.target);
}

/**
 * Fills the version folder publishOutput gives: the published version's files kept whole when the inputs are the
 * same, else everything rendered; then the stamp. Returns what the version's manifest records.
 */
async function fillVersion(
  plan: BuildPlan,
  target: FillTarget,
  outcome: BuildOutcome,
  clock: StageClock,
): Promise<VersionRecord> {
  clock.lap('write'); // the temporary folder
  const out = new OutputWriter(target.dir, target.previous, target.base);
  outcome.writer = out;
  if (keepPublished(plan, target, out)) {
    outcome.warnings = target.previous!.inputs!.warnings;
    outcome.astro = plan.pages ? 'cached' : 'none';
    outcome.unchanged = true;
  } else {
    outcome.context ??= readData(plan);
    clock.lap('load');
    outcome.warnings = outcome.context.site.warnings;
    outcome.astro = await renderOutput(plan, outcome.context, target, out, clock);
  }
  out.finish();
  const bytes = out.counts.bytes;
  writeStamp(plan, out);
  clock.lap('write');
  const key = outcome.unchanged || inputsHeld(plan) ? plan.inputs : undefined;
  const inputs = key ? { inputs: { key, warnings: [...outcome.warnings], bytes } } : {};
  return { manifest: out.manifest, made: out.made, ...inputs };
}

/** Keeps or links every file of the published version when it was built from the same inputs; false otherwise. */
function keepPublished(plan: BuildPlan, target: FillTarget, out: OutputWriter): boolean {
  const previous = target.previous;
  if (previous?.inputs?.key !== plan.inputs) return false;
  const files = new Map([...previous.manifest].filter(([rel]) => rel !== BUILD_STAMP));
  return out.keepAll(files, previous.inputs.bytes, previous.made);
}

/**
 * Whether no input changed while this build read them (an editor saving): else the version keeps no key, and the next
 * build renders in full rather than trust it for either state of the data.
 */
function inputsHeld(plan: BuildPlan): boolean {
  return !plan.stats.racy && inputStats(plan.options.root, plan.target.dataDir).text === plan.stats.text;
}

/** Writes the stamp, always anew: `npm start` compares its time with the sources', its data digest with the data's. */
function writeStamp(plan: BuildPlan, out: OutputWriter): void {
  const { render } = plan.target;
  const stamp = { site: render.url, timestamp: render.timestamp, data: plan.data };
  out.write([{ path: BUILD_STAMP, body: `${JSON.stringify(stamp)}\n` }], { fresh: true });
}

/** What every stage of a rendering shares: the context, the writer, the digests, the building lookup, the clock. */
interface RenderRun {
  context: BuildContext;
  out: OutputWriter;
  digests: InputDigests;
  buildings: ReturnType<typeof buildingLookup>;
  clock: StageClock;
}

/** Writes one stage's files (each made only when what it is made from changed), then ends the stage. */
function writeStage(run: RenderRun, stage: Stage, files: Iterable<OutputFile>): void {
  run.out.write(counted(files, run.clock.progress));
  run.clock.lap(stage);
}

/**
 * Renders every file of the output into the writer, stage by stage; says whether Astro ran. Astro's pages first: when
 * what they are made from changed, Astro renders them in a process of its own (astro-pages.ts) while this one makes
 * the API files, schemas and feeds; the calendar's and buildings' pages need its shells, so they come after it.
 */
async function renderOutput(
  plan: BuildPlan,
  context: BuildContext,
  target: FillTarget,
  out: OutputWriter,
  clock: StageClock,
): Promise<BuildReport['astro']> {
  const { astroCache } = plan.target;
  const pending = plan.pages ? startAstroPages(context, target, plan.projectFiles, astroCache, plan.warm) : undefined;
  let rendered: AstroPages | undefined;
  try {
    const buildings = buildingLookup(context.buildings, context.site.places?.places);
    const run: RenderRun = { context, out, digests: inputDigests(context, plan.code, buildings), buildings, clock };
    clock.progress.stage('API files');
    writeStage(run, 'api', apiStage(run));
    writeStage(run, 'schemas', schemaStage(run));
    clock.progress.stage('calendar feeds');
    writeStage(run, 'feeds', feedStage(run));
    if (pending) {
      clock.progress.stage('pages (Astro)');
      rendered = await pending.result;
      writeStage(run, 'pages', rendered.files.splice(0)); // their bytes released once written
      clock.progress.stage('calendar pages');
      writeStage(run, 'calendar', pageStage(run, rendered));
    }
  } finally {
    pending?.stop(); // a build that failed meanwhile does not leave Astro running
  }
  clock.progress.stage('publishing');
  out.write(hostFiles(context, rendered?.scriptHashes ?? []));
  clock.lap('write');
  return rendered === undefined ? 'none' : rendered.ran ? 'ran' : 'cached';
}

/** The API's files, every method's in both formats: made only when their data set's files changed. */
function apiStage({ context, digests }: RenderRun): Iterable<OutputFile> {
  const { published, render, site, dataTimes } = context;
  return digested(apiFiles(published, render, site.directory, site.sources, dataTimes), digests);
}

/** The OpenAPI document (made every build: it holds examples and the time), then each method's schemas. */
function* schemaStage({ context, digests }: RenderRun): Iterable<OutputFile> {
  yield openApiFile(context.site, context.published, context.render);
  yield* digested(schemaFiles(context.published, context.render), digests);
}

/** Every .ics feed, the search index and its documents, then the data portal's files under /data/. */
function* feedStage({ context, digests }: RenderRun): Iterable<OutputFile> {
  yield* digested(feedFiles(context.feeds, context.render, context.revisions), digests);
  const where = locationSearchText(buildingLookup(context.buildings, context.site.places?.places));
  yield* searchIndexFiles(context.sessions, where);
  yield* digested(searchDocFiles(context.sessions), digests);
  yield* portalFiles(context); // the bulk downloads, the database, the Data Package, the change feed
  yield* examFiles(context, digests); // each course's exam feed per term, each term's data for "My exams"
}

/** The calendar's, the buildings', the methods' and the data sets' pages, filled into the shells Astro rendered. */
function* pageStage(run: RenderRun, rendered: AstroPages): Iterable<OutputFile> {
  const { context, digests, buildings } = run;
  yield* filledCalendarPages(context, rendered.shells, digests, buildings);
  yield* filledBuildingPages(context, rendered.shells.building, digests, buildings);
  yield* filledMethodPages(context, rendered.shells.method);
  yield* dataBrowseFiles(context, rendered.shells.data);
  yield* examPageFiles(context, rendered.shells.exam, digests, buildings);
}

/** The host's files: the server's and the static hosts' configurations, and the directory a server answers by. */
function hostFiles({ site, render }: BuildContext, scriptHashes: string[]): OutputFile[] {
  return [
    { path: 'serve.json', body: serveJson(site.directory, scriptHashes) },
    { path: '_headers', body: headersFile(site.directory, render.basePath, scriptHashes) },
    { path: '.nojekyll', body: '' },
    // The directory a server of this version answers by (key rules, paths), swapped with its files.
    { path: DIRECTORY_FILE, body: directoryFileBody(site.directory, methodServices(site.directory, DATASETS)) },
    // The output deployed as a Cloudflare Worker's assets, the same handler in front (server/worker.ts).
    { path: EDGE_CONFIG_FILE, body: wranglerConfig({ basePath: render.basePath }) },
    { path: ASSETS_IGNORE_FILE, body: assetsIgnore() },
  ];
}

/** Passes files through, counting them on the progress display. */
function* counted(files: Iterable<OutputFile>, progress: Progress): Generator<OutputFile> {
  for (const f of files) {
    yield f;
    progress.tick();
  }
}
