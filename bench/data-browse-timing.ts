// How soon a data set's table page shows its first rows on a throttled phone: Chromium's CDP with a slow-4G/fast-3G
// network (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, as Lighthouse's mobile profile) and the CPU slowed 4×.
// Figures for the report, not a test: `node bench/data-browse-timing.ts http://127.0.0.1:3000 data/infosessions/`
// against a site served by `npm start -- --dist DIR --no-build`. Prints, for each view, the median of 5 fresh loads
// (`--runs N`), as a Markdown table. Without paths it times the views of the report on sessions, exam schedules and
// courses: plain, a later page, one facet, two, a sort, a search. With `--choices`, what a person's choices on the
// loaded page take instead (data-browse-choices.ts).
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { BROWSER_ARGS, chromiumPath } from '../test/browser/browser.ts';
import { timeChoices } from './data-browse-choices.ts';
import { median, phonePage } from './phone-profile.ts';

/**
 * Milliseconds from the navigation's start to the first row in the table, and from the HTML's arrival (its last byte,
 * responseEnd: the profile's 150 ms round trip costs any fresh load 300 ms before its first byte) to it; the same for
 * the view's rows (the script's, from the files it reads).
 */
interface Timing {
  firstRow: number;
  afterHtml: number;
  viewRows: number;
  viewAfterHtml: number;
  /** From the script's start (it shows the filter form) to the view's rows: what fetching and painting them take. */
  fromScript: number;
}

/** Marks, in the page, the first row, the script's start and the view's rows (ms from the navigation's start). */
function watchLoad(): void {
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
}

/** Loads one URL in a fresh throttled context and times its rows. */
async function timeLoad(browser: Browser, url: string): Promise<Timing> {
  const page = await phonePage(browser, watchLoad);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (globalThis as unknown as { __rows: { view?: number } }).__rows.view, null, {
    timeout: 60_000,
  });
  const marks = await page.evaluate(() => ({
    ...(globalThis as unknown as { __rows: { first: number; script: number; view: number } }).__rows,
    html: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
  }));
  await page.context().close();
  const { first, script, view, html } = marks;
  return {
    firstRow: Math.round(first),
    afterHtml: Math.round(first - html),
    viewRows: Math.round(view),
    viewAfterHtml: Math.round(view - html),
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
  'usage: node bench/data-browse-timing.ts [--runs N] [--choices [--idle MS]] ORIGIN [PATH…]\n' +
  '  times the views of the report (or PATHs) loaded fresh, median of N runs (default 5);\n' +
  "  --choices: a person's choices on the loaded page instead (a filter, a sort, Next, a search), each MS ms\n" +
  '  (default 2000) after the page is up; PATHs pick the pages whose choices are timed (data/courses/)';

/** The options: runs per view, whether to time choices and the pause before each, the origin and the paths. */
function readArgs(argv: string[]): { runs: number; choices: boolean; idle: number; origin: string; paths: string[] } {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      runs: { type: 'string', default: '5' },
      choices: { type: 'boolean', default: false },
      idle: { type: 'string', default: '2000' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const runs = Number(values.runs);
  const idle = Number(values.idle);
  const fail = (why: string) => {
    console.error(why);
    process.exit(2);
  };
  if (!Number.isSafeInteger(runs) || runs < 1) fail('--runs takes a whole number of loads per view, 1 or more');
  if (!Number.isSafeInteger(idle) || idle < 0) fail('--idle takes a whole number of milliseconds, 0 or more');
  const [origin, ...paths] = positionals;
  if (!origin) fail('give the origin of a served site, e.g. http://127.0.0.1:4397 (--help)');
  return { runs, choices: values.choices, idle, origin: origin!, paths };
}

/** Times each view `runs` times and prints the medians as a Markdown table. */
async function timeViews(browser: Browser, origin: string, paths: readonly string[], runs: number): Promise<void> {
  console.log(
    "| view | first rows | after the HTML | view's rows | view's rows after the HTML | from the script's start |\n" +
      '|---|---|---|---|---|---|',
  );
  for (const p of paths) {
    const timings: Timing[] = [];
    for (let i = 0; i < runs; i++) timings.push(await timeLoad(browser, `${origin}/${p}`));
    const keys = ['firstRow', 'afterHtml', 'viewRows', 'viewAfterHtml', 'fromScript'] as const;
    const cells = keys.map((k) => `${median(timings.map((r) => r[k]))} ms`);
    console.log(`| \`${p}\` | ${cells.join(' | ')} |`);
  }
}

let options: ReturnType<typeof readArgs>;
try {
  options = readArgs(process.argv.slice(2));
} catch (e) {
  console.error(`${(e as Error).message.split('. ')[0]} (--help)`);
  process.exit(2);
}
const browser = await chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
if (options.choices) await timeChoices(browser, options.origin, options);
else await timeViews(browser, options.origin, options.paths.length > 0 ? options.paths : VIEWS, options.runs);
await browser.close();
