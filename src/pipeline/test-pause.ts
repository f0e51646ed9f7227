/** The environment variable of the test hook: the name of the step to stop at (tests only). */
export const TEST_PAUSE_VARIABLE = 'CAMPUS_BUILD_TEST_PAUSE';

/** The steps of publishing an output where the test hook can stop the build, in order. */
export type PauseStep = 'locked' | 'filled' | 'linked' | 'swapped';

/**
 * Test hook, for the tests that kill a build mid-way and nothing else: when
 * CAMPUS_BUILD_TEST_PAUSE names `step`, prints `campus-build-paused <step>` on stderr and
 * waits there until the process is killed.
 */
export async function testPause(step: PauseStep): Promise<void> {
  if (process.env[TEST_PAUSE_VARIABLE] !== step) return;
  process.stderr.write(`campus-build-paused ${step}\n`);
  await new Promise(() => setInterval(() => {}, 60_000));
}
