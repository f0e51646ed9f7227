/**
 * How many cases a property, fuzz or scale test runs: `quick` in `npm run test:unit` and a run of
 * one suite or layer, so the unit layer answers in seconds; `full` when CAMPUS_TEST_FULL is set
 * (`npm test`, and so CI, sets it: test/vitest.config.ts). Seeded tests run the first `quick` of
 * the same `full` cases, so a failure found quick is found in CI too.
 */
export function cases(quick: number, full: number): number {
  return process.env.CAMPUS_TEST_FULL ? full : quick;
}
