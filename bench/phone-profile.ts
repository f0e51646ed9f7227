// The throttled phone the data-set page benches load pages as (data-browse-timing.ts, data-browse-trace.ts), and the
// median they report.
import type { Browser, Page } from 'playwright-core';

/** The network: a slow-4G/fast-3G phone's, as Lighthouse's mobile profile (latency ms, throughputs bytes/s). */
export const PHONE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6e6 / 8) * 0.9,
  uploadThroughput: 750e3 / 8,
};

/** How many times slower the phone's CPU runs than this machine's (Chromium's CPU throttling rate). */
export const PHONE_CPU_SLOWDOWN = 4;

/** The median of some numbers (the upper one of an even count). */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * A page in a fresh context at a phone's width, its network and CPU the phone's, `init` run in every document before
 * the page's own scripts.
 */
export async function phonePage(browser: Browser, init: () => void): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addInitScript(init);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_CPU_SLOWDOWN });
  return page;
}
