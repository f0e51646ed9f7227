import { chromium } from 'playwright-core';
import { chromiumPath, SUITE_ARGS } from '../browser/browser.ts';

/**
 * vitest globalSetup of the browser suites (test/vitest.config.ts): one headless Chromium for
 * all of them, started only when a browser suite runs. Each suite connects to it
 * (CAMPUS_TEST_CHROMIUM, which the workers inherit) and gets a browser of its own over it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: SUITE_ARGS });
  process.env.CAMPUS_TEST_CHROMIUM = server.wsEndpoint();
  return async () => {
    delete process.env.CAMPUS_TEST_CHROMIUM;
    await server.close();
  };
}
