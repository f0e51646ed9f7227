// npm run bench: build cost as the data grows (cold, after a one-row change, with nothing
// changed; Hugo beside it with --with-hugo), and serving throughput, in one run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchCommand } from '../src/cli/commands.ts';
import { cliMain, UsageError } from '../src/cli/runner.ts';
import { parseSiteUrl } from '../src/core/site/address.ts';
import { WORKER_ENTRY } from '../src/core/site/edge-config.ts';
import { NODE_ARGS } from '../src/pipeline/node-command.ts';
import { benchSize, hugoVersion, prepareData, type Workplace } from './build-cases.ts';
import { type CalendarScale, calendarCost, scaleVerdict } from './calendar-scale.ts';
import { freePort } from './free-port.ts';
import { sessionRows } from './generate.ts';
import { round } from './measure.ts';
import { type Run, resultTables, type Serving } from './tables.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NODE = [process.execPath, ...NODE_ARGS];

/** A whole number above zero from an option, or a UsageError naming it. */
function count(name: string, text: string): number {
  const n = Number(text.trim());
  if (!/^\s*\d+\s*$/.test(text) || n <= 0) throw new UsageError(`--${name} "${text}" is not a whole number above 0`);
  return n;
}

/** Seconds above zero from an option (a decimal allowed: the bench test loads each server a fifth of a second). */
function seconds(name: string, text: string): number {
  const n = Number(text.trim());
  if (!/^\s*\d*\.?\d+\s*$/.test(text) || n <= 0) throw new UsageError(`--${name} "${text}" is not a number above 0`);
  return n;
}

/**
 * A floor (bench/floor.ts, bench/files-floor.ts) run `reps` times (as each build case), each in a fresh process as the
 * build runs: the numbers the median run printed, its seconds first. `args` gives each run's arguments (and may clear
 * its folder).
 */
function floorRuns(script: string, reps: number, args: () => string[]): number[] {
  const runs = Array.from({ length: reps }, () => {
    const run = spawnSync(NODE[0]!, [...NODE.slice(1), script, ...args()], { cwd: ROOT, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${script} failed:\n${run.stderr}`);
    return run.stdout.trim().split(' ').map(Number);
  });
  return runs.sort((a, b) => a[0]! - b[0]!)[Math.floor(reps / 2)]!;
}

/** Waits until a server answers on a port (30 s at most: the Worker's runtime bundles its code first). */
async function ready(origin: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      await fetch(origin);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  throw new Error(`${origin} did not start`);
}

/**
 * The calendar stage's cost per page at two sizes (bench/calendar-scale.ts; `--scale-sizes`, by default 1,000 and
 * 10,000), from synthetic data in the workplace.
 */
function calendarScale(w: Workplace, sizes: readonly number[]): CalendarScale {
  const [small, large] = sizes.map((n) => {
    const dataDir = prepareData(w, n);
    const cost = calendarCost(
      ROOT,
      { dataDir, site: parseSiteUrl('http://localhost:3000/'), sourceDateEpoch: 1700000000 },
      n,
    );
    rmSync(dataDir, { recursive: true, force: true });
    return cost;
  });
  return scaleVerdict(small!, large!);
}

await cliMain(benchCommand, async ({ values, config }) => {
  const tmp = config.benchTmp ?? path.join(ROOT, 'bench/tmp');
  const sizes = String(values.sizes)
    .split(',')
    .map((s) => count('sizes', s));
  const serveSeconds = seconds('serve-seconds', String(values['serve-seconds']));
  /** How often autocannon counts requests (ms): each second, or once in a load shorter than that. */
  const sampleMs = Math.min(1000, serveSeconds * 1000);
  const connections = count('connections', String(values.connections));
  const outFile = path.resolve(ROOT, String(values.out));
  const w: Workplace = { root: ROOT, data: config.dataDir, tmp, reps: count('reps', String(values.reps)) };
  if (values['with-hugo']) {
    const version = hugoVersion();
    if (version) w.hugo = 'hugo';
    console.log(
      version
        ? `Comparing with ${version}.`
        : '--with-hugo: the hugo command is not installed (Debian: apt-get install hugo); measuring without Hugo.',
    );
  }
  const runs: Run[] = [];
  mkdirSync(tmp, { recursive: true });
  const scaleSizes = String(values['scale-sizes'])
    .split(',')
    .map((s) => count('scale-sizes', s));
  if (scaleSizes.length !== 2 || scaleSizes[0]! >= scaleSizes[1]!)
    throw new UsageError(`--scale-sizes "${values['scale-sizes']}" is not two session counts, the smaller first`);
  const scale = calendarScale(w, scaleSizes);
  console.log(
    `Calendar stage per page (in process, no disk): ${scale.small.reads_per_page} reads of the sessions ` +
      `and ${scale.small.us_per_page} µs of CPU at ${scale.small.sessions} sessions, ` +
      `${scale.large.reads_per_page} and ${scale.large.us_per_page} µs at ${scale.large.sessions} ` +
      `(reads ${scale.ratio}×; the limit is ${scale.limit}×).`,
  );
  for (const n of sizes) {
    const result = await benchSize(w, n, (line) => console.log(line));
    const data = path.join(tmp, `data-${n}`);
    const api = result.stages_s.api ?? 0;
    // The sessions parsed, stringified, written as one file; the API stage's files written again, in an empty folder.
    const [floorS] = floorRuns('bench/floor.ts', w.reps, () => [data, path.join(tmp, 'floor.json')]);
    const again = path.join(tmp, 'files-floor');
    const [filesS, files] = floorRuns('bench/files-floor.ts', w.reps, () => {
      rmSync(again, { recursive: true, force: true });
      return [path.join(tmp, `dist-${n}`), again];
    });
    rmSync(again, { recursive: true, force: true });
    runs.push({
      ...result,
      api_s: api,
      floor_s: round(floorS!),
      api_floor_ratio: round(api / floorS!),
      api_files: files!,
      files_floor_s: round(filesS!),
      api_files_floor_ratio: round(api / filesS!),
    });
  }

  const serving: Serving[] = [];
  if (!values['no-serving']) {
    const dist = path.join(tmp, `dist-${sizes[0]}`);
    const data = path.join(tmp, `data-${sizes[0]}`);
    const sessionId = sessionRows(data)[0]![0];
    const targets = [
      ['method listing', '/v2/api/methods.json'],
      ['session listing (json)', '/v2/resources/infosessions.json?key=bench'],
      ['session listing (JSONP)', '/v2/resources/infosessions.json?key=bench&callback=cb'],
      ['session page', `/infosessions/${sessionId}/`],
    ] as const;
    const servers: [string, (port: number) => ChildProcess][] = [
      [
        'npm start',
        (port) =>
          spawn(NODE[0]!, [...NODE.slice(1), 'src/cli/start.ts', '--dist', dist, '--no-build'], {
            cwd: ROOT,
            env: { ...process.env, PORT: String(port), DATA_DIR: data },
            stdio: 'ignore',
          }),
      ],
      [
        'npx serve dist',
        (port) =>
          spawn(
            path.join(ROOT, 'node_modules/.bin/serve'),
            [dist, '-l', `tcp://127.0.0.1:${port}`, '--no-port-switching', '--no-clipboard'],
            { cwd: ROOT, stdio: 'ignore' },
          ),
      ],
      // The same handler as a Cloudflare Worker in workerd (wrangler's local runtime, miniflare), over the same output.
      [
        'Worker (miniflare)',
        (port) =>
          spawn(
            NODE[0]!,
            [
              path.join(ROOT, 'node_modules/wrangler/bin/wrangler.js'),
              'dev',
              path.join(ROOT, WORKER_ENTRY),
              '--config',
              path.join(dist, 'wrangler.json'),
              '--ip',
              '127.0.0.1',
              '--port',
              String(port),
              '--var',
              'API_KEYS:bench',
              '--persist-to',
              path.join(tmp, 'edge-state'),
              '--show-interactive-dev-session=false',
              '--log-level',
              'error',
            ],
            {
              cwd: tmp,
              env: { ...process.env, WRANGLER_SEND_METRICS: 'false' },
              stdio: 'ignore',
              detached: true, // its own process group: workerd, which it starts, is stopped with it
            },
          ),
      ],
    ];
    for (const [name, start] of servers) {
      const port = await freePort();
      const child = start(port);
      try {
        await ready(`http://127.0.0.1:${port}/`);
        for (const [label, url] of targets) {
          const result = await autocannon({
            url: `http://127.0.0.1:${port}${url}`,
            connections,
            duration: serveSeconds,
            // autocannon stops at a sample's end (every second by default): a load shorter than a second is sampled
            // as often, or it lasts a second all the same.
            sampleInt: sampleMs,
            headers: { 'accept-encoding': 'gzip, br' },
          });
          const perSecond = Math.round((result.requests.average * 1000) / sampleMs);
          serving.push({
            server: name,
            target: label,
            requests_per_s: perSecond,
            latency_ms: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99 },
            errors: result.errors + result.timeouts,
            non2xx: result.non2xx,
          });
          console.log(
            `${name} ${label}: ${perSecond} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
          );
        }
      } finally {
        if (child.spawnargs.includes('dev')) process.kill(-child.pid!, 'SIGTERM');
        else child.kill();
      }
    }
  }

  const result = {
    date: new Date().toISOString(),
    hugo: w.hugo ? hugoVersion() : undefined,
    reps: w.reps,
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
    },
    calendar_scale: scale,
    runs,
    serving,
  };
  mkdirSync(path.dirname(outFile), { recursive: true });
  writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);

  console.log(`\n${resultTables(runs, serving)}\n\nWrote ${path.relative(ROOT, outFile)}`);
  if (existsSync(tmp) && !config.benchKeep) rmSync(tmp, { recursive: true, force: true });
  if (!scale.ok) {
    console.error(
      `The calendar stage's reads per page grew ${scale.ratio}× from ${scale.small.sessions} to ` +
        `${scale.large.sessions} sessions (limit ${scale.limit}×): some page reads what grows with the archive.`,
    );
    process.exitCode = 1;
  }
});
