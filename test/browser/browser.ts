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

/**
 * What the suites add to BROWSER_ARGS: no new document host per navigation (RenderDocument; Playwright already turns
 * the back/forward cache off). The suites keep no page to return to, and every-page's 700 navigations cost a third
 * more CPU with it (119 pages loaded and measured at three widths: 41 to 43 CPU-s with it, 28 to 29 without).
 */
export const SUITE_ARGS = [...BROWSER_ARGS, '--disable-features=RenderDocument'];

/**
 * What a Chromium that only lays pages out adds to SUITE_ARGS: no frames unless asked for over the DevTools protocol
 * (headless shell only; nothing asks, so nothing is drawn or composited). Layout, scripts and timers run as ever, and
 * scrollWidth lays the page out when read; requestAnimationFrame never fires, and no screenshot can be taken. For
 * every-page's overflow checks: about 40 % less CPU a page (136 pages at three widths: 19.5 CPU-s against 31.5; the
 * compositor's process 0.8 against 6.7), the same widths measured (docs/testing.md).
 */
export const LAYOUT_ONLY_ARGS = [...SUITE_ARGS, '--enable-begin-frame-control'];

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
 * when a suite runs without it, a Chromium of its own. Closing it closes only what it opened. `layoutOnly`: a Chromium
 * of its own that draws nothing (LAYOUT_ONLY_ARGS), for pages measured, not looked at.
 */
export async function launchBrowser(options: { layoutOnly?: boolean } = {}): Promise<Browser> {
  if (options.layoutOnly) return chromium.launch({ executablePath: chromiumPath(), args: LAYOUT_ONLY_ARGS });
  const shared = process.env.CAMPUS_TEST_CHROMIUM;
  if (shared) return chromium.connect(shared);
  return chromium.launch({ executablePath: chromiumPath(), args: SUITE_ARGS });
}
