import path from 'node:path';
import { inject } from 'vitest';

// The two sites test/setup/global-build.ts builds once per `vitest run` and every suite that
// only reads a default build shares. They are read-only for the suites: a test that changes
// files (adds links, breaks data, kills a build) copies one or builds its own.

/** Where the shared builds are: each a published output (a link to its version folder). */
export interface SharedSites {
  /** The default build: no SITE_URL (http://localhost:3000/), SOURCE_DATE_EPOCH = EPOCH, pages and API. */
  root: string;
  /** The same data built for a site below a path (BASED_SITE_URL), pages and API. */
  based: string;
  /** When the two builds started, side by side (ms since the epoch). */
  started: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sharedSites: SharedSites;
  }
}

/** The SITE_URL of the shared build below a path, as GitHub Pages would serve a project site. */
export const BASED_SITE_URL = 'https://example.github.io/campus-api/';

/** The base path of BASED_SITE_URL. */
export const BASE_PATH = new URL(BASED_SITE_URL).pathname;

/** The shared builds of this run (see test/setup/global-build.ts). */
export function sharedSites(): SharedSites {
  const sites = inject('sharedSites');
  if (!sites) throw new Error('the shared builds are missing: run the tests with test/vitest.config.ts, as npm test does (its globalSetup builds them)');
  return sites;
}

/** A path below the shared default build. */
export const rootSite = (p = ''): string => path.join(sharedSites().root, p);

/** A path below the shared build for BASED_SITE_URL. */
export const basedSite = (p = ''): string => path.join(sharedSites().based, p);
