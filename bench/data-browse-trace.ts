// Where a data set's table page spends the renderer's main thread until a view's rows show, from a Chrome trace on
// the throttled phone profile of data-browse-timing.ts. Thread CPU (the trace's `tdur`), not wall: a loaded machine
// stretches wall time, not the CPU a page needs. Figures for the report, not a test:
// `node bench/data-browse-trace.ts [--runs N] http://127.0.0.1:4398 'data/exam-schedule/?_page=3'` against a site
// served by `npm start -- --dist DIR --no-build`. Prints, per view, the medians of N fresh loads (3 by default): the
// main thread's CPU by kind (HTML parse, style and layout, paint, script compile, script run, other), the files
// fetched before the rows (count, bytes) and the wall to the rows. The network is throttled as a phone's; the CPU is
// not unless `--cpu-rate 4`: Chromium's CPU throttle keeps the thread busy while it holds it back, so the trace's
// thread time under it is 4–5× the work (207 against 1,200 ms for one view), and wall under load is noise. `--names`
// also prints the trace events with the most CPU of their own.
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { BROWSER_ARGS, chromiumPath } from '../test/browser/browser.ts';
import type { TraceEvent } from './lighthouse-cpu.ts';
import { median, PHONE_NETWORK } from './phone-profile.ts';

/** The kinds a main thread's time is told in, each with the trace events whose own time counts to it. */
const KINDS: Record<string, readonly string[]> = {
  parse: ['ParseHTML', 'ParseAuthorStyleSheet'],
  style: ['UpdateLayoutTree', 'RecalculateStyles', 'Layout', 'UpdateLayout', 'HitTest'],
  paint: ['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'CompositeLayers', 'Commit', 'PaintImage'],
  compile: ['v8.compile', 'v8.compileModule', 'V8.CompileCode', 'v8.produceModuleCache', 'v8.produceCache'],
  script: [
    'FunctionCall',
    'EvaluateScript',
    'v8.run',
    'v8.evaluateModule',
    'RunMicrotasks',
    'TimerFire',
    'EventDispatch',
    'v8.callFunction',
    'XHRLoad',
    'V8.GCScavenger',
    'MajorGC',
    'MinorGC',
  ],
};

/** One load's figures: CPU ms by kind, fetches before the rows, wall to the rows. */
interface Load {
  cpu: Record<string, number>;
  files: number;
  bytes: number;
  wall: number;
}

/** Each event name's own CPU (µs), summed over the loads: printed with --names, to see what `other` holds. */
const byName = new Map<string, number>();

/** The main thread's own CPU (a complete event's `tdur` less its children's) by kind, between two trace times. */
function cpuByKind(events: readonly TraceEvent[], from: number, to: number): Record<string, number> {
  const kindOf = new Map(Object.entries(KINDS).flatMap(([kind, names]) => names.map((n) => [n, kind] as const)));
  const spans = events
    .filter((e) => e.ph === 'X' && e.ts >= from && e.ts <= to && e.tdur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  const cpu: Record<string, number> = { parse: 0, style: 0, paint: 0, compile: 0, script: 0, other: 0, total: 0 };
  const open: { end: number; kind: string; self: number; name: string }[] = [];
  const close = (until: number) => {
    while (open.length && open.at(-1)!.end <= until) {
      const span = open.pop()!;
      cpu[span.kind]! += span.self;
      byName.set(span.name, (byName.get(span.name) ?? 0) + span.self);
    }
  };
  for (const e of spans) {
    close(e.ts);
    const parent = open.at(-1);
    if (parent) parent.self -= e.tdur!;
    else cpu.total! += e.tdur!;
    open.push({ end: e.ts + e.dur!, kind: kindOf.get(e.name) ?? parent?.kind ?? 'other', self: e.tdur!, name: e.name });
  }
  close(Number.POSITIVE_INFINITY);
  for (const k of Object.keys(cpu)) cpu[k] = cpu[k]! / 1000;
  return cpu;
}

/** The renderer main thread that ran the page (the one with the rows' mark), and its events. */
function mainThread(events: readonly TraceEvent[]): { thread: TraceEvent[]; from: number; to: number } {
  const mark = events.find((e) => e.name === 'rows-view');
  if (!mark) throw new Error('the trace has no rows-view mark: the view never showed its rows');
  const thread = events.filter((e) => e.pid === mark.pid && e.tid === mark.tid);
  const start = thread.find((e) => e.name === 'navigationStart') ?? thread.find((e) => e.name === 'ParseHTML');
  return { thread, from: start?.ts ?? 0, to: mark.ts };
}

/** Loads one URL in a fresh throttled context, traced, until its view's rows show. */
async function traceLoad(browser: Browser, url: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const body = document.querySelector('tbody[data-browse-rows]');
      const shown = body?.hasAttribute('data-browse-first') || (body && !body.hasAttribute('aria-busy'));
      if (!shown || !document.querySelector('[data-browse-form]:not([hidden])')) return;
      performance.mark('rows-view');
      observer.disconnect();
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  const categories = [
    'devtools.timeline',
    'v8',
    'v8.execute',
    'blink.user_timing',
    'loading',
    'disabled-by-default-devtools.timeline',
  ];
  await browser.startTracing(page, { categories });
  await page.goto(url, { waitUntil: 'load' });
  const wall = await page.waitForFunction(() => performance.getEntriesByName('rows-view')[0]?.startTime, null, {
    timeout: 60_000,
  });
  const at = (await wall.jsonValue()) as number;
  const fetched = await page.evaluate(
    (until) =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((r) => r.responseEnd <= until)
        .map((r) => r.encodedBodySize),
    at,
  );
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  await context.close();
  const { thread, from, to } = mainThread(trace.traceEvents);
  return {
    cpu: cpuByKind(thread, from, to),
    files: fetched.length + 1,
    bytes: fetched.reduce((a, b) => a + b, 0),
    wall: at,
  };
}

const USAGE =
  'usage: node bench/data-browse-trace.ts [--runs N] [--cpu-rate R] [--names] ORIGIN PATH… ' +
  '(3 runs of each path; the CPU unslowed, rate 1; --names also lists the costliest trace events)';

/** The command line's choices, or a one-line usage error (exit 2). */
function options(): { runs: number; cpuRate: number; names: boolean; origin: string; paths: string[] } {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        runs: { type: 'string', default: '3' },
        'cpu-rate': { type: 'string', default: '1' },
        names: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
    if (values.help) {
      console.log(USAGE);
      process.exit(0);
    }
    const runs = Number(values.runs);
    const cpuRate = Number(values['cpu-rate']);
    const [origin, ...paths] = positionals;
    if (!Number.isSafeInteger(runs) || runs < 1)
      throw new Error(`--runs "${values.runs}" is not a whole number above 0`);
    if (!(cpuRate >= 1)) throw new Error(`--cpu-rate "${values['cpu-rate']}" is not a number of 1 or more`);
    if (!origin || paths.length === 0) throw new Error("give the site's origin and at least one path");
    return { runs, cpuRate, names: values.names, origin, paths };
  } catch (error) {
    console.error(`data-browse-trace: ${(error as Error).message}. ${USAGE}`);
    process.exit(2);
  }
}

const { runs: RUNS, cpuRate: CPU_RATE, names: NAMES, origin, paths } = options();
const browser = await chromium.launch({ executablePath: chromiumPath(), args: BROWSER_ARGS });
const kinds = ['total', 'parse', 'style', 'paint', 'compile', 'script', 'other'];
console.log(
  `| view | CPU ${kinds.join(' | ')} | files | bytes | wall |\n|---|${kinds.map(() => '---|').join('')}---|---|---|`,
);
for (const p of paths) {
  const loads: Load[] = [];
  for (let i = 0; i < RUNS; i++) loads.push(await traceLoad(browser, `${origin}/${p}`));
  const cpu = kinds.map((k) => median(loads.map((l) => l.cpu[k]!)).toFixed(0));
  const rest = [
    median(loads.map((l) => l.files)),
    median(loads.map((l) => l.bytes)),
    Math.round(median(loads.map((l) => l.wall))),
  ];
  console.log(`| \`${p}\` | ${cpu.join(' | ')} | ${rest.join(' | ')} |`);
}
if (NAMES) {
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [name, us] of top) console.log(`${name}: ${(us / 1000).toFixed(0)} ms`);
}
await browser.close();
