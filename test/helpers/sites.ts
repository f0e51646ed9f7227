import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runBuild } from './build.ts';

// The two sites every suite that only reads a default build shares: the real data built once per
// `vitest run`, on first use. The first suite (of any worker) that imports this module builds
// them, side by side, into the run's folder (CAMPUS_TEST_RUN, made by test/setup/global-build.ts);
// a suite of another worker waits for that build. Suites that import nothing from here (the unit
// suites, `npm run test:unit`) never pay for it. The sites are read-only for the suites: a test
// that changes files (adds links, breaks data, kills a build) copies one or builds its own.

/** Where the shared builds are: each a published output (a link to its version folder). */
export interface SharedSites {
  /** The default build: no SITE_URL (http://localhost:3000/), SOURCE_DATE_EPOCH = EPOCH, pages and API. */
  root: string;
  /** The same data built for a site below a path (BASED_SITE_URL), pages and API. */
  based: string;
  /** When the two builds started, side by side (ms since the epoch). */
  started: number;
}

/** The SITE_URL of the shared build below a path, as GitHub Pages would serve a project site. */
export const BASED_SITE_URL = 'https://example.github.io/campus-api/';

/** The base path of BASED_SITE_URL. */
export const BASE_PATH = new URL(BASED_SITE_URL).pathname;

/** The run's folder, made by the globalSetup. */
function runFolder(): string {
  const work = process.env.CAMPUS_TEST_RUN;
  if (!work)
    throw new Error(
      'the run folder is missing: run the tests with test/vitest.config.ts, as npm test does (its globalSetup)',
    );
  return work;
}

/**
 * Builds the shared sites once per run, whichever worker asks first: that worker takes the
 * claim (an atomic mkdir) and builds; the others wait for its `done` or `failed` mark.
 */
async function buildOnce(sites: Omit<SharedSites, 'started'>): Promise<number> {
  const work = runFolder();
  const done = path.join(work, 'shared.done');
  const failed = path.join(work, 'shared.failed');
  const started = path.join(work, 'shared.started');
  try {
    await mkdir(path.join(work, 'shared.claim'));
  } catch {
    for (;;) {
      if (existsSync(done)) return Number(await readFile(started, 'utf8'));
      if (existsSync(failed)) throw new Error(await readFile(failed, 'utf8'));
      await sleep(50);
    }
  }
  const start = Date.now();
  await writeFile(started, String(start));
  const builds = await Promise.all([runBuild(sites.root), runBuild(sites.based, { SITE_URL: BASED_SITE_URL })]);
  for (const [i, run] of builds.entries()) {
    if (run.code !== 0) {
      const why = `the shared build ${i === 0 ? 'root' : 'based'} failed (exit ${run.code}):\n${run.stderr}`;
      await writeFile(failed, why);
      throw new Error(why);
    }
  }
  await writeFile(done, '');
  return start;
}

const paths = { root: path.join(runFolder(), 'shared/root/dist'), based: path.join(runFolder(), 'shared/based/dist') };
const shared: SharedSites = { ...paths, started: await buildOnce(paths) };

/** The shared builds of this run, built. */
export function sharedSites(): SharedSites {
  return shared;
}

/** A path below the shared default build. */
export const rootSite = (p = ''): string => path.join(shared.root, p);

/** A path below the shared build for BASED_SITE_URL. */
export const basedSite = (p = ''): string => path.join(shared.based, p);
