// The order of the whole run (test/setup/sequencer.ts): a fresh clone (CI) has no vitest cache of durations, and
// vitest's default runs the projects by name, the largest file first in each, so the longest suites started late and
// ran alone at the end of their layer. Seconds: each suite's duration in a whole `npm test` on main at 109b34d
// (docs/testing.md, "The run's shape"); refresh them when a suite's cost changes a lot.

/**
 * The layers in the order the run starts them: first the machinery, whose heavy suites build their own data while
 * test/setup/shared-builds.ts makes the shared builds; the browser and site layers read those; the cheap layers
 * last, so the run ends on short suites that fill both workers.
 */
export const RUN_ORDER = ['machinery', 'browser', 'site', 'cli', 'property', 'unit'] as const;

/** The heavy suites' duration in a whole run (s): each layer starts its heavy suites longest first. */
export const HEAVY_SECONDS: ReadonlyMap<string, number> = new Map([
  ['machinery/incremental.test.ts', 66.6],
  ['machinery/astro-cache.test.ts', 52.0],
  ['browser/every-page.test.ts', 121.4],
  ['browser/catalogue.test.ts', 78.2],
  ['site/key-links.test.ts', 43.8],
  ['browser/data-browse.test.ts', 41.3],
  ['browser/student.test.ts', 40.7],
  ['machinery/build.test.ts', 37.3],
  ['browser/exam-tasks.test.ts', 36.6],
  ['browser/calendar.test.ts', 36.5],
  ['machinery/astro-run.test.ts', 35.7],
  ['browser/student-tasks.test.ts', 35.5],
  ['site/method-samples.test.ts', 32.5],
  ['site/edge-conformance.test.ts', 32.3],
  ['browser/calendar-seams.test.ts', 27.5],
  ['browser/method-page.test.ts', 24.7],
  ['machinery/bench.test.ts', 24.2],
  ['browser/time.test.ts', 23.0],
  ['site/data-browse-pages.test.ts', 21.9],
  ['machinery/output-swap.test.ts', 21.5],
  ['cli/typecheck.test.ts', 18.1],
  ['site/directory-walk.test.ts', 15.8],
  ['browser/phone-fields.test.ts', 15.2],
  ['browser/layout-shift.test.ts', 14.3],
  ['browser/places-search.test.ts', 12.4],
  ['cli/cli.test.ts', 12.2],
  ['site/edge-bounds.test.ts', 11.6],
  ['site/site-pages.test.ts', 11.2],
  ['machinery/add-dataset.test.ts', 11.0],
  ['cli/pr-loop.test.ts', 10.2],
]);
