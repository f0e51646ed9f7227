// npm run bench: build cost as the data grows, and serving throughput, in one run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { benchCommand } from '../src/cli/commands.ts';
import { cliMain, UsageError } from '../src/cli/runner.ts';
import { freePort } from './free-port.ts';
import { generateSessions, sessionRows } from './generate.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = [process.execPath];
const EPOCH = '1700000000';
const REAL = 363;

/** Where data, builds and reports go (BENCH_TMP, default bench/tmp); set by main. */
let TMP = path.join(ROOT, 'bench/tmp');

/** A whole number above zero from an option, or a UsageError naming it. */
function count(name: string, text: string): number {
  const n = Number(text.trim());
  if (!/^\s*\d+\s*$/.test(text) || n <= 0) throw new UsageError(`--${name} "${text}" is not a whole number above 0`);
  return n;
}

/** The real sessions, the distributions the generator draws from. */
let realRows: string[][] | undefined;

/** Writes a data folder of `n` sessions: the real data for 363, synthetic otherwise. */
function prepareData(n: number): string {
  const dir = path.join(TMP, `data-${n}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'infosessions'), { recursive: true });
  copyFileSync(path.join(ROOT, 'data/methods.csv'), path.join(dir, 'methods.csv'));
  // The other data sets and the program list as they are: only the sessions grow with the size
  // (the synthetic rows draw their program labels from the real ones, so they resolve as those do).
  for (const f of readdirSync(path.join(ROOT, 'data'), { withFileTypes: true })) {
    if (f.isDirectory() && f.name !== 'infosessions') cpSync(path.join(ROOT, 'data', f.name), path.join(dir, f.name), { recursive: true });
  }
  if (n === REAL) {
    for (const f of readdirSync(path.join(ROOT, 'data/infosessions'))) copyFileSync(path.join(ROOT, 'data/infosessions', f), path.join(dir, 'infosessions', f));
  } else {
    realRows ??= sessionRows(path.join(ROOT, 'data'));
    for (const [name, text] of generateSessions(realRows, n)) writeFileSync(path.join(dir, 'infosessions', name), text);
  }
  return dir;
}

/** Resident memory of a process and all its descendants, in bytes (Linux /proc). */
function treeRss(pid: number): number {
  const children = new Map<number, number[]>();
  let rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ppid = Number(fields[1]);
      (children.get(ppid) ?? children.set(ppid, []).get(ppid)!).push(Number(entry));
      rss.set(Number(entry), Number(fields[21]) * 4096);
    } catch {
      // the process ended meanwhile
    }
  }
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    total += rss.get(p) ?? 0;
    stack.push(...(children.get(p) ?? []));
  }
  rss = new Map();
  return total;
}

/** Runs a command to the end, sampling its process tree's memory; returns wall seconds and peak RSS. */
function timed(cmd: string[], env: Record<string, string>): Promise<{ seconds: number; peakRss: number; code: number; stderr: string }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(cmd[0]!, cmd.slice(1), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.on('data', (c) => (stderr += c));
    let peakRss = 0;
    const timer = setInterval(() => (peakRss = Math.max(peakRss, treeRss(child.pid!))), 50);
    child.on('exit', (code) => {
      clearInterval(timer);
      resolve({ seconds: (performance.now() - started) / 1000, peakRss, code: code ?? 1, stderr });
    });
  });
}

/** Files and bytes below a folder. */
function treeSize(dir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    files += 1;
    bytes += statSync(path.join(e.parentPath, e.name)).size;
  }
  return { files, bytes };
}

/** The floor (bench/floor.ts) in a fresh process, as the build runs: seconds of parse, stringify and write. */
function floor(dataDir: string): number {
  const run = spawnSync(NODE[0]!, [...NODE.slice(1), 'bench/floor.ts', dataDir, path.join(TMP, 'floor.json')], { cwd: ROOT, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`the floor failed:\n${run.stderr}`);
  return Number(run.stdout.trim());
}

/**
 * Lets the disk settle before a build: writes back what earlier steps left dirty (and, on a
 * file system mounted with discard, the trims of removed trees), so each build is measured
 * from the same quiet start rather than paying for the one before.
 */
function settle(): void {
  spawnSync('sync');
}

interface Run {
  sessions: number;
  build_s: number;
  api_s: number;
  floor_s: number;
  api_floor_ratio: number;
  peak_rss_mb: number;
  stages_s: Record<string, number>;
  output_files: number;
  output_bytes: number;
}

/** Rounds seconds to milliseconds. */
function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

/** Waits until a server answers on a port. */
async function ready(origin: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      await fetch(origin);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${origin} did not start`);
}

/** One load test's result. */
interface Serving {
  server: string;
  target: string;
  requests_per_s: number;
  latency_ms: { p50: number; p90: number; p99: number };
  errors: number;
  non2xx: number;
}
await cliMain(benchCommand, async ({ values, config }) => {
  TMP = config.benchTmp ?? TMP;
  const sizes = String(values.sizes).split(',').map((s) => count('sizes', s));
  const serveSeconds = count('serve-seconds', String(values['serve-seconds']));
  const connections = count('connections', String(values.connections));
  const outFile = path.resolve(ROOT, String(values.out));
  const runs: Run[] = [];
  mkdirSync(TMP, { recursive: true });
  for (const n of sizes) {
    const data = prepareData(n);
    const out = path.join(TMP, `dist-${n}`);
    const report = path.join(TMP, `report-${n}.json`);
    settle();
    const build = await timed([...NODE, 'src/cli/build.ts', '--out', out, '--report', report], { DATA_DIR: data, SOURCE_DATE_EPOCH: EPOCH, SITE_URL: 'http://localhost:3000/' });
    if (build.code !== 0) throw new Error(`build of ${n} sessions failed:\n${build.stderr}`);
    const { stages } = JSON.parse(readFileSync(report, 'utf8')) as { stages: Record<string, number> };
    const floors = [floor(data), floor(data), floor(data)].sort((a, b) => a - b);
    const size = treeSize(out);
    const run: Run = {
      sessions: n,
      build_s: round(build.seconds),
      api_s: round(stages.api!),
      floor_s: round(floors[1]!),
      api_floor_ratio: round(stages.api! / floors[1]!),
      peak_rss_mb: Math.round(build.peakRss / 1048576),
      stages_s: Object.fromEntries(Object.entries(stages).map(([k, v]) => [k, round(v)])),
      output_files: size.files,
      output_bytes: size.bytes,
    };
    runs.push(run);
    console.log(`${n} sessions: build ${run.build_s} s (${Object.entries(run.stages_s).map(([k, v]) => `${k} ${v}`).join(', ')}), api/floor ${run.api_floor_ratio}, peak ${run.peak_rss_mb} MB, ${run.output_files} files`);
    if (n !== sizes[0]) rmSync(out, { recursive: true, force: true });
  }

  const serving: Serving[] = [];
  if (!values['no-serving']) {
    const dist = path.join(TMP, `dist-${sizes[0]}`);
    const data = path.join(TMP, `data-${sizes[0]}`);
    const sessionId = sessionRows(data)[0]![0];
    const targets = [
      ['method listing', '/v2/api/methods.json'],
      ['session listing (json)', '/v2/resources/infosessions.json?key=bench'],
      ['session listing (JSONP)', '/v2/resources/infosessions.json?key=bench&callback=cb'],
      ['session page', `/infosessions/${sessionId}/`],
    ] as const;
    const servers: [string, (port: number) => ChildProcess][] = [
      ['npm start', (port) => spawn(NODE[0]!, [...NODE.slice(1), 'src/cli/start.ts', '--dist', dist, '--no-build'], { cwd: ROOT, env: { ...process.env, PORT: String(port), DATA_DIR: data }, stdio: 'ignore' })],
      ['npx serve dist', (port) => spawn(path.join(ROOT, 'node_modules/.bin/serve'), [dist, '-l', `tcp://127.0.0.1:${port}`, '--no-port-switching', '--no-clipboard'], { cwd: ROOT, stdio: 'ignore' })],
    ];
    for (const [name, start] of servers) {
      const port = await freePort();
      const child = start(port);
      try {
        await ready(`http://127.0.0.1:${port}/`);
        for (const [label, url] of targets) {
          const result = await autocannon({ url: `http://127.0.0.1:${port}${url}`, connections, duration: serveSeconds, headers: { 'accept-encoding': 'gzip, br' } });
          serving.push({
            server: name,
            target: label,
            requests_per_s: Math.round(result.requests.average),
            latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
            errors: result.errors + result.timeouts,
            non2xx: result.non2xx,
          });
          console.log(`${name} ${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`);
        }
      } finally {
        child.kill();
      }
    }
  }

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memory_gb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    runs,
    serving,
  };
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);

  // The table the README shows.
  const lines = [
    '| sessions | build (s) | load | api | schemas | pages (Astro) | calendar pages | feeds | write | api / floor | peak RSS (MB) | files | output (MB) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...runs.map((r) => `| ${r.sessions} | ${r.build_s.toFixed(2)} | ${r.stages_s.load} | ${r.api_s} | ${r.stages_s.schemas ?? 0} | ${r.stages_s.pages} | ${r.stages_s.calendar ?? 0} | ${r.stages_s.feeds} | ${r.stages_s.write} | ${r.api_floor_ratio.toFixed(2)} (floor ${r.floor_s} s) | ${r.peak_rss_mb} | ${r.output_files} | ${(r.output_bytes / 1048576).toFixed(1)} |`),
  ];
  if (serving.length) {
    lines.push('', `| server | target | req/s | p50 (ms) | p90 (ms) | p99 (ms) | errors |`, '|---|---|---:|---:|---:|---:|---:|');
    for (const s of serving) lines.push(`| ${s.server} | ${s.target} | ${s.requests_per_s} | ${s.latency_ms.p50} | ${s.latency_ms.p90} | ${s.latency_ms.p99} | ${s.errors + s.non2xx} |`);
  }
  console.log(`\n${lines.join('\n')}\n\nWrote ${path.relative(ROOT, outFile)}`);
  if (existsSync(TMP) && !config.benchKeep) rmSync(TMP, { recursive: true, force: true });
});
