import path from 'node:path';
import { BASED_SITE_URL, buildOnce, sharedPaths } from './shared-build.ts';

// The two sites every suite that only reads a default build shares: the real data built once per
// `vitest run`, on first use. The first suite (of any worker) that imports this module builds
// them, side by side, into the run's folder (CAMPUS_TEST_RUN, made by test/setup/global-build.ts);
// a suite of another worker waits for that build. In a run with the site or browser layer,
// test/setup/shared-builds.ts starts them before the first suite, beside the suites that do not read them.
// Suites that import nothing from here (the unit suites, `npm run test:unit`) never pay for it. The sites are
// read-only for the suites: a test that changes files (adds links, breaks data, kills a build) copies one or builds
// its own.

/** Where the shared builds are: each a published output (a link to its version folder). */
export interface SharedSites {
  /** The default build: no SITE_URL (http://localhost:3000/), SOURCE_DATE_EPOCH = EPOCH, pages and API. */
  root: string;
  /** The same data built for a site below a path (BASED_SITE_URL), pages and API. */
  based: string;
  /** When the two builds started, side by side (ms since the epoch). */
  started: number;
}

export { BASED_SITE_URL };

/** The base path of BASED_SITE_URL. */
export const BASE_PATH = new URL(BASED_SITE_URL).pathname;

const paths = sharedPaths();
const shared: SharedSites = { ...paths, started: await buildOnce(paths) };

/** The shared builds of this run, built. */
export function sharedSites(): SharedSites {
  return shared;
}

/** A path below the shared default build. */
export const rootSite = (p = ''): string => path.join(shared.root, p);

/** A path below the shared build for BASED_SITE_URL. */
export const basedSite = (p = ''): string => path.join(shared.based, p);
