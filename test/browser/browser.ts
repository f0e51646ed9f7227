import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** The flags this workplace's headless Chromium needs. */
export const BROWSER_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** Debian's headless shell of Chromium (package chromium-headless-shell), when installed. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * CHROMIUM_PATH, else Debian's Chromium headless shell when installed (the same Blink without the browser's windows:
 * about a seventh less CPU for the same audits and screenshots, measured), else Debian's Chromium.
 */
export const chromiumPath = (): string =>
  process.env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * A browser for one suite: a connection to the run's one Chromium (test/setup/chromium.ts), or,
 * when a suite runs without it, a Chromium of its own. Closing it closes only what it opened.
 */
export async function launchBrowser(): Promise<Browser> {
  const shared = process.env.CAMPUS_TEST_CHROMIUM;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
}
