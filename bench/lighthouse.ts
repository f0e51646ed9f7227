// Lighthouse's mobile profile (its default: a mid-range phone, simulated slow 4G, the CPU slowed 4×) on one page of
// each kind of a built site, served by `npm start` on 127.0.0.1, with Debian's Chromium. Prints each page's
// performance and accessibility scores (0 to 100) and the audits that cost it points. Figures for the report, not a
// test: `npm run lighthouse -- --dist DIR` over a folder `npm run build -- --out DIR` made.
import { existsSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchArgs } from './bench-args.ts';
import { type QuietBlocking, quietBlocking } from './lighthouse-cpu.ts';
import { startServer } from './local-server.ts';

const USAGE = `Usage: npm run lighthouse -- --dist DIR [--page PATH]…

Serves DIR (a built site) with npm start and runs Lighthouse's mobile profile on one page of each kind,
printing its performance and accessibility scores and the audits under a full score.
  --dist DIR    the built site (npm run build -- --out DIR)
  --page PATH   a page to audit instead of the kinds' pages (repeatable), e.g. /data/
  --runs N      audit each page N times and print the median run by performance (default 1)
  --causes      also print what each run found costly: the LCP element, the layout shifts, the main
                thread's scripts and the page's weight
  --json FILE   also write every run's scores, audits and load average as JSON
  --chrome BIN  the browser (default: CHROMIUM_PATH, else /usr/bin/chromium)

The machine's load average is printed with each run: the scores move with it. So is each run's blocking time
counted at the main thread's CPU time, not its wall time (each task after the first paint, 4× less 50 ms), which
the load hardly moves: the page's own cost.`;

/** One page of each kind, as the real data's build has them; a path missing from the site is left out, said. */
const PAGES: readonly [string, string][] = [
  ['front door', '/'],
  ['month', '/infosessions/2014/01/'],
  ['term', '/infosessions/terms/1141/'],
  ['all terms', '/infosessions/'],
  ['session', '/infosessions/2818/'],
  ['building', '/buildings/DC/'],
  ['buildings list', '/buildings/'],
  ['feeds', '/infosessions/feeds/'],
  ['search', '/infosessions/search/'],
  ['methods catalogue', '/api/'],
  ['method page', '/methods/1129/'],
  ['data portal', '/data/'],
  ['data set', '/data/exam-schedule/'],
  ['exams', '/exams/'],
  ['exam term', '/exams/1181/'],
];

/** The flags Chromium runs with here (no sandbox in this container, no GPU, no background traffic). */
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** One audit of one page: its scores, what cost points, what caused it, and the load it ran at. */
interface Run {
  kind: string;
  path: string;
  performance: number | null;
  accessibility: number | null;
  shortfalls: string[];
  causes: string[];
  load: number;
  /** The blocking time at the main thread's CPU time rather than its wall time (lighthouse-cpu.ts). */
  quiet: QuietBlocking | undefined;
}

/** A category's score out of 100, or null when Lighthouse could not score it. */
const score = (s: number | null | undefined) => (s === null || s === undefined ? null : Math.round(s * 100));

/** The audits of a category that scored under full, by id (each one's weight in the category is what it costs). */
function shortfalls(lhr: Report, category: string): string[] {
  const cat = lhr.categories[category];
  if (!cat) return [];
  return cat.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id]!)
    .filter((a) => a.score !== null && a.score < 1)
    .map((a) => `${a.id} ${score(a.score)}${a.displayValue ? ` (${a.displayValue})` : ''}`);
}

/** The items of an audit's table (or of the tables a list audit holds), as plain records. */
function items(lhr: Report, id: string): Record<string, unknown>[] {
  const details = lhr.audits[id]?.details as { type?: string; items?: Record<string, unknown>[] } | undefined;
  if (!details?.items) return [];
  if (details.type !== 'list') return details.items;
  return details.items.flatMap((table) => (table as { items?: Record<string, unknown>[] }).items ?? []);
}

/** A node Lighthouse names, as its selector and the start of its markup. */
function node(value: unknown): string {
  const n = value as { selector?: string; snippet?: string } | undefined;
  return n ? `${n.selector ?? '?'} ${(n.snippet ?? '').slice(0, 80)}` : '?';
}

/** What the page's costs come from: the LCP element, each layout shift, the scripts' main-thread time, weight. */
function causes(lhr: Report): string[] {
  const lcp = items(lhr, 'largest-contentful-paint-element').find((i) => i.node);
  const shifts = items(lhr, 'layout-shifts').map((i) => `shift ${Number(i.score).toFixed(3)} ${node(i.node)}`);
  const scripts = items(lhr, 'bootup-time')
    .slice(0, 3)
    .map((i) => `script ${String(i.url).replace(/^https?:\/\/[^/]+/, '')} ${Math.round(Number(i.total))} ms`);
  const work = items(lhr, 'mainthread-work-breakdown')
    .slice(0, 4)
    .map((i) => `${i.groupLabel ?? i.group} ${Math.round(Number(i.duration))} ms`);
  const tasks = items(lhr, 'long-tasks')
    .slice(0, 4)
    .map((i) => `${Math.round(Number(i.duration))} ms at ${Math.round(Number(i.startTime))} ms`);
  const weight = lhr.audits['total-byte-weight']?.displayValue;
  // Lighthouse 12.2's RootCauses gatherer fails with a newer Chromium, and takes the LCP element and the shifts'
  // elements with it: test/browser/layout-shift.test.ts names the elements that move instead.
  const lost = 'not reported by this Lighthouse and Chromium';
  const moved = shifts.length > 0 || lhr.audits['layout-shifts']?.details ? shifts : [`shifted elements ${lost}`];
  const threads = [`main thread ${work.join(', ')}`, `long tasks ${tasks.join(', ') || 'none'}`];
  return [`LCP ${lcp ? node(lcp.node) : lost}`, ...moved, ...scripts, ...threads, `weight ${weight ?? '?'}`];
}

/** Audits one page once. */
async function audit(kind: string, p: string, port: number, chromePort: number): Promise<Run> {
  const url = `http://127.0.0.1:${port}${p}`;
  const result = await lighthouse(url, {
    port: chromePort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr, artifacts } = result;
  const metrics = items(lhr, 'metrics')[0] as { observedFirstContentfulPaintTs?: number } | undefined;
  return {
    kind,
    path: p,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    shortfalls: [...shortfalls(lhr, 'performance'), ...shortfalls(lhr, 'accessibility')],
    causes: causes(lhr),
    load: loadavg()[0]!,
    quiet: quietBlocking(
      (artifacts.Trace?.traceEvents ?? []) as Parameters<typeof quietBlocking>[0],
      metrics?.observedFirstContentfulPaintTs,
    ),
  };
}

/** The run whose performance is the median of the runs (the lower middle one of an even count). */
function median(runs: Run[]): Run {
  const sorted = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const args = benchArgs(
  'lighthouse',
  USAGE,
  {
    dist: { type: 'string' },
    page: { type: 'string', multiple: true },
    runs: { type: 'string' },
    causes: { type: 'boolean' },
    json: { type: 'string' },
    chrome: { type: 'string' },
  },
  ['dist'],
);
const runs = Number(args.runs ?? 1);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`lighthouse: --runs takes a whole number of 1 or more, not ${args.runs}.`);
  process.exit(2);
}
const dist = path.resolve(args.dist!);
const pages = args.page ? args.page.map((p) => [p, p] as [string, string]) : PAGES;
const present = pages.filter(([kind, p]) => {
  const there = existsSync(path.join(dist, p, 'index.html'));
  if (!there) console.log(`${kind} (${p}): not in ${dist}, left out`);
  return there;
});
// Each audit takes 10 to 40 s on this machine: the server lives as long as all of them may take.
const server = await startServer(dist, process.env, (present.length * runs + 1) * 120_000);
const chromePath = args.chrome ?? (process.env.CHROMIUM_PATH || '/usr/bin/chromium');
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
const all: Run[] = [];
try {
  console.log('kind\tpath\tperformance (runs)\taccessibility\tload\tblocking at CPU time, ms\tunder full score');
  for (const [kind, p] of present) {
    const mine: Run[] = [];
    for (let i = 0; i < runs; i++) mine.push(await audit(kind, p, server.port, chrome.port));
    all.push(...mine);
    const m = median(mine);
    const each = mine.map((r) => r.performance ?? '-').join(' ');
    const loads = mine.map((r) => r.load.toFixed(1)).join(' ');
    const scores = `${m.performance ?? '-'} (${each})\t${m.accessibility ?? '-'}`;
    const quiet = mine.map((r) => r.quiet?.blockingMs ?? '-').join(' ');
    console.log(`${kind}\t${p}\t${scores}\t${loads}\t${quiet}\t${m.shortfalls.join('; ')}`);
    if (args.causes) for (const c of m.causes) console.log(`  ${c}`);
  }
} finally {
  chrome.kill();
  server.stop();
  if (args.json) writeFileSync(args.json, `${JSON.stringify(all, null, 2)}\n`);
}
