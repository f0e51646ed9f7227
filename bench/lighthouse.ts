// Lighthouse's mobile profile (its default: a mid-range phone, simulated slow 4G, the CPU slowed 4×) on one page of
// each kind of a built site, served by `npm start` on 127.0.0.1, with Debian's Chromium. Prints each page's
// performance and accessibility scores (0 to 100) and the audits that cost it points. Figures for the report, not a
// test: `npm run lighthouse -- --dist DIR` over a folder `npm run build -- --out DIR` made.
import { existsSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchArgs } from './bench-args.ts';
import { startServer } from './local-server.ts';

const USAGE = `Usage: npm run lighthouse -- --dist DIR [--page PATH]…

Serves DIR (a built site) with npm start and runs Lighthouse's mobile profile on one page of each kind,
printing its performance and accessibility scores and the audits under a full score.
  --dist DIR    the built site (npm run build -- --out DIR)
  --page PATH   a page to audit instead of the kinds' pages (repeatable), e.g. /data/
  --chrome BIN  the browser (default: CHROMIUM_PATH, else /usr/bin/chromium)`;

/** One page of each kind, as the real data's build has them; a path missing from the site is left out, said. */
const PAGES: readonly [string, string][] = [
  ['front door', '/'],
  ['month', '/infosessions/2014/01/'],
  ['term', '/infosessions/terms/1141/'],
  ['session', '/infosessions/2818/'],
  ['building', '/buildings/DC/'],
  ['buildings list', '/buildings/'],
  ['feeds', '/infosessions/feeds/'],
  ['search', '/infosessions/search/'],
  ['method page', '/methods/1129/'],
  ['data portal', '/data/'],
  ['data set', '/data/exam-schedule/'],
  ['exams', '/exams/'],
];

/** The flags Chromium runs with here (no sandbox in this container, no GPU, no background traffic). */
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** A category's score out of 100, or `-` when Lighthouse could not score it. */
const score = (s: number | null | undefined) => (s === null || s === undefined ? '-' : String(Math.round(s * 100)));

/** The audits of a category that scored under full, by id (each one's weight in the category is what it costs). */
function shortfalls(lhr: Awaited<ReturnType<typeof lighthouse>> & object, category: string): string[] {
  const cat = lhr.lhr.categories[category];
  if (!cat) return [];
  return cat.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => `${a.id} ${score(a.score)}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

const args = benchArgs(
  'lighthouse',
  USAGE,
  {
    dist: { type: 'string' },
    page: { type: 'string', multiple: true },
    chrome: { type: 'string' },
  },
  ['dist'],
);
const dist = path.resolve(args.dist!);
const pages = args.page ? args.page.map((p) => [p, p] as [string, string]) : PAGES;
const present = pages.filter(([kind, p]) => {
  const there = existsSync(path.join(dist, p, 'index.html'));
  if (!there) console.log(`${kind} (${p}): not in ${dist}, left out`);
  return there;
});
// Each audit takes 10 to 40 s on this machine: the server lives as long as all of them may take.
const server = await startServer(dist, process.env, (present.length + 1) * 120_000);
const chromePath = args.chrome ?? (process.env.CHROMIUM_PATH || '/usr/bin/chromium');
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
try {
  console.log('kind\tpath\tperformance\taccessibility\tunder full score');
  for (const [kind, p] of present) {
    const url = `http://127.0.0.1:${server.port}${p}`;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { performance, accessibility } = result.lhr.categories;
    const misses = [...shortfalls(result, 'performance'), ...shortfalls(result, 'accessibility')];
    console.log(`${kind}\t${p}\t${score(performance?.score)}\t${score(accessibility?.score)}\t${misses.join('; ')}`);
  }
} finally {
  chrome.kill();
  server.stop();
}
