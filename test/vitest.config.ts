import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Here, not at the top level (which holds only what the project is): `npm test` names it, and
// `npm test -- test/server.test.ts` runs one suite with it. Paths below are the project's.
//
// The suites come in layers (projects), cheapest first; `npm run test:unit` runs the first alone:
// - unit: in process, no build, no child process, no browser (seconds);
// - cli: the CLIs and type checkers run as child processes, on small data, no build of the site;
// - site: read the real data's shared builds (test/helpers/sites.ts builds them on first use);
// - machinery: the build's own machinery (atomic publishing, reuse, made files, Astro's process
//   and cache, the benchmark): builds of their own, mostly from small data;
// - browser: headless Chromium over the shared builds, one Chromium for all (test/setup/chromium.ts).

/** Suites that start child processes (the CLIs, the type checkers) but build no site. */
const CLI = [
  'cli',
  'edge-rebuild',
  'line-times',
  'lint',
  'pr-loop',
  'record-shapes',
  'typecheck',
  'validation',
  'whole-folder',
];

/** Suites that read the shared builds of the real data. */
const SITE = [
  'api-output',
  'buildings',
  'courses',
  'data-portal',
  'data-browse-pages',
  'directory-walk',
  'edge-bounds',
  'edge-conformance',
  'exam-schedule',
  'feeds',
  'host-config',
  'key-links',
  'local-server',
  'old-client',
  'quest',
  'schemas',
  'server-directory',
  'server-hardening',
  'server-paths',
  'server',
  'session-wording',
  'site-pages',
  'site-paths',
  'stale-output',
  'watcard',
];

/** Suites of the build's own machinery, each with builds of its own (in process or as child processes). */
const MACHINERY = [
  'add-dataset',
  'astro-cache',
  'astro-fresh-read',
  'astro-run',
  'bench',
  'build',
  'change-feed',
  'incremental',
  'made-file-base',
  'made-file',
  'output-swap',
  'project-links',
  'read-cache',
  'server-published-directory',
];

/** The suites of each layer but unit (test/layers.test.ts holds the unit suites to building nothing). */
export const LAYERS = { cli: CLI, site: SITE, machinery: MACHINERY } as const;

const files = (names: readonly string[]) => names.map((n) => `test/${n}.test.ts`);

export default defineConfig({
  root: path.resolve(import.meta.dirname, '..'),
  test: {
    // Makes the run's folder and its Astro cache; builds nothing (each project runs it; the first makes the folder).
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
    // Node's own loader imports the pages' components, compiled by its hooks (src/integrations/component-hooks.ts),
    // as in a build: the module that imports them is Node's, not the bundler's.
    server: { deps: { external: [/src\/integrations\/native-import\.ts$/] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: ['test/e2e/**', ...files([...CLI, ...SITE, ...MACHINERY])],
        },
      },
      { extends: true, test: { name: 'cli', include: files(CLI) } },
      { extends: true, test: { name: 'site', include: files(SITE) } },
      { extends: true, test: { name: 'machinery', include: files(MACHINERY) } },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/setup/global-build.ts', 'test/setup/chromium.ts'],
        },
      },
    ],
  },
});
