import { buildOnce, sharedPaths } from '../helpers/shared-build.ts';

/**
 * vitest globalSetup of the site and browser layers (test/vitest.config.ts), after test/setup/global-build.ts: starts
 * the two shared builds of the real data in the background and returns at once, so the suites that do not read them
 * (the heavy machinery suites the sequencer puts first, test/setup/sequencer.ts) run beside them instead of both
 * workers waiting for them. A suite that reads them waits as before (test/helpers/sites.ts); a failed build is
 * reported there, by the suites that need it.
 */
export default function setup(): void {
  buildOnce(sharedPaths()).catch(() => {
    // the `failed` mark holds the reason; each suite that reads the builds throws it
  });
}
