import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Here, not at the top level (which holds only what the project is): `npm test` names it, and
// `npm test -- test/server.test.ts` runs one suite with it. Paths below are the project's.
export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    include: ['test/**/*.test.ts'],
    // Builds the real data once (the default site and one below a path) for every suite that reads a build.
    globalSetup: ['test/setup/global-build.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // How long expect.poll waits for a page to settle (a search fetching its index, a script
    // running): a bound on waiting, not a speed assertion; a loaded 2-core machine needs seconds.
    expect: { poll: { timeout: 15_000 } },
    // Builds and browsers are heavy; two workers fit the 2-core machines this runs on (three
    // were measured: no faster, the longest suites only start later).
    maxWorkers: 2,
    // The files of a worker share one module graph instead of each importing src/ afresh (about
    // a sixth of the run's CPU time went to that); no suite changes globals, and the two that
    // mock a module (made-file-base, astro-fresh-read) import the build afresh and put it back.
    isolate: false,
  },
});
