// How soon a data set's table page shows its first rows on a throttled phone: Chromium's CDP with a slow-4G/fast-3G
// network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, as Lighthouse's mobile profile) and the CPU slowed 4×.
// Figures for the report, not a test: `node bench/data-browse-timing.ts http://127.0.0.1:3000 data/infosessions/`
// against a site served by `npm start -- --dist DIR --no-build`. Prints, for each view, the median of 5 fresh loads
// (`--runs N`), as a Markdown table. Without paths it times the views of the report on sessions, exam schedules and
// courses: plain, a later page, one facet, two, a sort, a search.
import { type Browser, chromium } from 'playwright-core';
import { BROWSER_ARGS, chromiumPath } from '../test/browser/browser.ts';
import { median, PHONE_NETWORK } from './phone-profile.ts';

/**
 * Milliseconds from the navigation's start to the first row in the table, from the response's first byte to it (the
 * profile's 150 ms round trip costs any fresh load 300 ms before that byte: connect, request), and to the view's rows
 * (the script's, over the table's compact file).
 */
interface Timing {
  firstRow: number;
  afterResponse: number;
  viewRows: number;
  viewAfterResponse: number;
  /** From the script's start (it shows the filter form) to the view's rows: what fetching and painting them take. */
  fromScript: number;
}

/** Loads one URL in a fresh throttled context and times its rows. */
async function timeLoad(browser: Browser, url: string): Promise<Timing> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addInitScript(() => {
    const marks: { first?: number; script?: number; view?: number } = {};
    (globalThis as unknown as { __rows: typeof marks }).__rows = marks;
    new MutationObserver(() => {
      const body = document.querySelector('tbody[data-browse-rows]');
      if (!marks.first && body?.querySelector('tr')) marks.first = performance.now();
      if (!marks.script && document.querySelector('[data-browse-form]:not([hidden])')) marks.script = performance.now();
      // The view's first rows: shown early (data-browse-first), or all of them in (no longer aria-busy).
      const shown = body?.hasAttribute('data-browse-first') || (body && !body.hasAttribute('aria-busy'));
      if (!marks.view && shown && document.querySelector('[data-browse-form]:not([hidden])'))
        marks.view = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (globalThis as unknown as { __rows: { view?: number } }).__rows.view, null, {
    timeout: 60_000,
  });
  const marks = await page.evaluate(() => ({
    ...(globalThis as unknown as { __rows: { first: number; script: number; view: number } }).__rows,
    response: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStart,
  }));
  await context.close();
  const { first, script, view, response } = marks;
  return {
    firstRow: Math.round(first),
    afterResponse: Math.round(first - response),
    viewRows: Math.round(view),
    viewAfterResponse: Math.round(view - response),
    fromScript: Math.round(view - script),
  };
}

/** The views the report times, on each of the three large tables: plain, a later page, a facet, two, sort, search. */
const VIEWS = [
  'data/infosessions/',
  'data/infosessions/?_page=3',
  'data/infosessions/?building=DC',
  'data/infosessions/?year=2013&building=DC',
  'data/infosessions/?_sort=date',
  'data/infosessions/?_search=google',
  'data/exam-schedule/',
  'data/exam-schedule/?_page=3',
  'data/exam-schedule/?subject=CS',
  'data/exam-schedule/?subject=CS&term=1139&_sort=date',
  'data/exam-schedule/?_sort_desc=date',
  'data/exam-schedule/?_search=MC',
  'data/courses/',
  'data/courses/?_page=3',
  'data/courses/?subject=CS',
  'data/courses/?subject=CS&catalog_number=135',
  'data/courses/?_sort=title',
  'data/courses/?_search=data',
];

const USAGE =
  'usage: node bench/data-browse-timing.ts [--runs N] ORIGIN [PATH…] (default: 5 runs of each view of the report)';
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt < 0 ? 5 : Number(args.splice(runsAt, 2)[1]);
if (!Number.isSafeInteger(RUNS) || RUNS < 1) {
  console.error('--runs takes a whole number of loads per view, 1 or more');
  process.exit(2);
}
const [origin, ...asked] = args;
if (origin === '--help') {
  console.log(USAGE);
  process.exit(0);
}
if (!origin || origin.startsWith('-')) {
  console.error(USAGE);
  process.exit(2);
}
const paths = asked.length > 0 ? asked : VIEWS;
const browser = await chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
console.log(
  "| view | first rows | after first byte | view's rows | view's rows after first byte | from the script's start |\n" +
    '|---|---|---|---|---|---|',
);
for (const p of paths) {
  const runs: Timing[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await timeLoad(browser, `${origin}/${p}`));
  const keys = ['firstRow', 'afterResponse', 'viewRows', 'viewAfterResponse', 'fromScript'] as const;
  const cells = keys.map((k) => `${median(runs.map((r) => r[k]))} ms`);
  console.log(`| \`${p}\` | ${cells.join(' | ')} |`);
}
await browser.close();
