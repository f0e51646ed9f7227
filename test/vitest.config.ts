import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { LAYERS } from './layers.ts';
import { HeavyFirstSequencer } from './setup/sequencer.ts';
import { TimelineReporter } from './setup/timeline-reporter.ts';

// Here, not at the top level (which holds only what the project is): `npm test` names it, and
// `npx vitest run --config test/vitest.config.ts test/site/server.test.ts` runs one suite with it
// (`npm test -- …` would hand the name to the lint at its end). Paths below are the project's.
//
// The suites come in layers (projects), cheapest first, one folder each, so a suite's layer is
// where it sits; `npm run test:unit` runs the first alone (docs/testing.md says which folder a new
// suite goes in):
// - test/unit: in process, no build, no child process, no browser, not the build's machinery (seconds);
// - test/property: generated cases in process (fuzzing, hostile input, property tests, random link trees on disk):
//   seconds each, an eighth of their cases unless CAMPUS_TEST_FULL (npm test sets it; test/helpers/cases.ts); and
//   the suites that parse the sources with TypeScript 6's parser (seconds to load);
// - test/cli: the CLIs and type checkers run as child processes, on small data, no build of the site;
// - test/site: read the real data's shared builds (test/helpers/sites.ts builds them on first use);
// - test/machinery: the build's own machinery (src/pipeline/: writing, reuse, atomic publishing,
//   made files, Astro's process and cache) and the benchmark (bench/), in process or with builds of
//   their own, mostly from small data;
// - test/browser: headless Chromium over the shared builds, one Chromium for all (test/setup/chromium.ts), and a
//   second that draws nothing for every-page's overflow checks (docs/testing.md, "One Chromium").
// test/helpers/, test/setup/ and test/fixtures/ are shared by every layer.

/**
 * `npm test` (npm names the script it runs) is the whole suite, and CI's: every case of the fuzz, property and scale
 * tests (test/helpers/cases.ts) and the bench test's load test of the servers. A run of one suite or layer, and
 * `npm run test:unit`, leave both out unless set.
 */
const WHOLE_RUN = process.env.npm_lifecycle_event === 'test';
const WHOLE_RUN_ENV = WHOLE_RUN ? { CAMPUS_TEST_FULL: '1', BENCH_TEST_SERVING: '1' } : {};

/** CAMPUS_TEST_TIMELINE=<file>: each suite's start and end and the CPU each second, written there (the run's shape). */
const TIMELINE = process.env.CAMPUS_TEST_TIMELINE;

/** The vitest project of a layer: the suites of its folder. */
const layer = (name: (typeof LAYERS)[number]) => ({
  extends: true,
  test: {
    name,
    include: [`test/${name}/**/*.test.ts`],
    // The layers that read the shared builds start them before their first suite (test/setup/shared-builds.ts).
    ...(name === 'site' && { globalSetup: ['test/setup/global-build.ts', 'test/setup/shared-builds.ts'] }),
    ...(name === 'browser' && {
      globalSetup: ['test/setup/global-build.ts', 'test/setup/shared-builds.ts', 'test/setup/chromium.ts'],
    }),
  },
});

export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    // Makes the run's folder and its Astro cache; builds nothing (each project runs it; the first makes the folder).
    globalSetup: ['test/setup/global-build.ts'],
    env: WHOLE_RUN_ENV,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    // How long expect.poll waits for a page to settle (a search fetching its index, a script
    // running): a bound on waiting, not a speed assertion; a loaded 2-core machine needs seconds.
    expect: { poll: { timeout: 15_000 } },
    // Builds and browsers are heavy; two workers fit the 2-core machines this runs on (three
    // were measured: no faster, the longest suites only start later).
    maxWorkers: 2,
    // Layer by layer, each layer's heaviest suites first, so that no long suite runs alone at a
    // layer's end (test/setup/sequencer.ts).
    sequence: { sequencer: HeavyFirstSequencer },
    ...(TIMELINE && { reporters: ['default', new TimelineReporter(TIMELINE)] }),
    // The files of a worker share one module graph instead of each importing src/ afresh (about
    // a sixth of the run's CPU time went to that); no suite changes globals, and the two that
    // mock a module (made-file-base, astro-fresh-read) import the build afresh and put it back.
    isolate: false,
    // Node's own loader imports the pages' components, compiled by its hooks (src/integrations/component-hooks.ts),
    // as in a build: the module that imports them is Node's, not the bundler's.
    server: { deps: { external: [/src\/integrations\/native-import\.ts$/] } },
    projects: LAYERS.map(layer),
    // The floor of the code the suites run in their own processes (a CLI's or a build's child
    // process is not counted): `npm test` passes --coverage, prints the summary and fails below a
    // threshold; `npm run test:unit` and one suite run without it. The figures: docs/testing.md.
    coverage: {
      provider: 'v8',
      include: ['src/**/*.{ts,mjs}'],
      reporter: ['text-summary'],
      reportsDirectory: 'test-results/coverage',
      reportOnFailure: true,
      // A few points below the whole run's figures when set (78.9, 73.1, 79.6, 80.2 %; the unit
      // layer alone covers about 48 %): docs/testing.md, "The coverage floor".
      thresholds: { statements: 75, branches: 70, functions: 76, lines: 77 },
    },
  },
});
