// How soon a data set's table page shows its first rows on a throttled phone: Chromium's CDP with a slow-4G/fast-3G
// network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, as Lighthouse's mobile profile) and the CPU slowed 4×.
// Figures for the report, not a test: `node bench/data-browse-timing.ts http://127.0.0.1:3000 data/infosessions/`
// against a site served by `npm start -- --dist DIR --no-build`. Prints, for each view, the median of 5 fresh loads.
import { type Browser, chromium } from 'playwright-core';
import { BROWSER_ARGS, chromiumPath } from '../test/browser/browser.ts';

/** The network profile: latency in ms, throughputs in bytes per second. */
const NETWORK = { offline: false, latency: 150, downloadThroughput: (1.6e6 / 8) * 0.9, uploadThroughput: 750e3 / 8 };

/**
 * Milliseconds from the navigation's start to the first row in the table, from the response's first byte to it (the
 * profile's 150 ms round trip costs any fresh load 300 ms before that byte: connect, request), and to the view's rows
 * (the script's, over the table's compact file).
 */
interface Timing {
  firstRow: number;
  afterResponse: number;
  viewRows: number;
}

/** Loads one URL in a fresh throttled context and times its rows. */
async function timeLoad(browser: Browser, url: string): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addInitScript(() => {
    const marks: { first?: number; view?: number } = {};
    (globalThis as unknown as { __rows: typeof marks }).__rows = marks;
    new MutationObserver(() => {
      const body = document.querySelector('tbody[data-browse-rows]');
      if (!marks.first && body?.querySelector('tr')) marks.first = performance.now();
      if (
        !marks.view &&
        body &&
        !body.hasAttribute('aria-busy') &&
        document.querySelector('[data-browse-form]:not([hidden])')
      )
        marks.view = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (globalThis as unknown as { __rows: { view?: number } }).__rows.view, null, {
    timeout: 60_000,
  });
  const marks = await page.evaluate(() => ({
    ...(globalThis as unknown as { __rows: { first: number; view: number } }).__rows,
    response: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStart,
  }));
  await context.close();
  const { first, view, response } = marks;
  return { firstRow: Math.round(first), afterResponse: Math.round(first - response), viewRows: Math.round(view) };
}

/** The median of some numbers. */
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const [origin, ...paths] = process.argv.slice(2);
if (!origin || paths.length === 0) {
  console.error('usage: node bench/data-browse-timing.ts ORIGIN PATH…');
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
for (const p of paths) {
  const runs: Timing[] = [];
  for (let i = 0; i < 5; i++) runs.push(await timeLoad(browser, `${origin}/${p}`));
  const [first, after, view] = (['firstRow', 'afterResponse', 'viewRows'] as const).map((k) =>
    median(runs.map((r) => r[k])),
  );
  console.log(
    `${p}: first rows ${first} ms (${after} ms after the first byte), the view's rows ${view} ms (median of 5)`,
  );
}
await browser.close();
