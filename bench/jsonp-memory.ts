// JSONP under many callback names: the server's memory and an unrelated request's latency
// meanwhile. Usage (a built dist/ with many sessions, e.g. 50,000, and its data folder):
//   node --experimental-strip-types bench/jsonp-memory.ts --dist DIR --data DIR [--names 200] [--concurrency 6]
// Talks to 127.0.0.1 only, a bounded number of requests, and stops after 120 s whatever happens.
import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { benchArgs } from './bench-args.ts';
import { fetchOnce, startServer } from './local-server.ts';

const values = benchArgs(
  'jsonp-memory',
  'Usage: node bench/jsonp-memory.ts --dist DIR --data DIR [--names 200] [--concurrency 6]\n\n' +
    "The server's memory and another request's latency under JSONP with many callback names.",
  {
    dist: { type: 'string' },
    data: { type: 'string' },
    names: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '6' },
  },
  ['dist', 'data'],
);
const names = Math.min(1000, Number(values.names));
const concurrency = Math.min(32, Number(values.concurrency));

/** The sampler: GET /v2/api/methods.json every 20 ms, one line of milliseconds each, until SIGINT. */
const SAMPLER = `
const http = require('node:http');
let stop = false;
process.on('SIGINT', () => { stop = true; });
(async () => {
  while (!stop) {
    const t = performance.now();
    const options = {
      host: '127.0.0.1',
      port: Number(process.argv[1]),
      path: '/v2/api/methods.json',
      headers: { 'Accept-Encoding': 'gzip, br' },
    };
    await new Promise((resolve) =>
      http.get(options, (res) => { res.resume(); res.on('end', resolve); }).on('error', resolve),
    );
    process.stdout.write((performance.now() - t).toFixed(2) + '\\n');
    await new Promise((r) => setTimeout(r, 20));
  }
})();
`;

const server = await startServer(values.dist!, { ...process.env, DATA_DIR: values.data!, API_KEYS: 'bench-key' });
const { port } = server;
const encoding = (e: string) => ({ 'Accept-Encoding': e });
try {
  const listing = `/v2/resources/infosessions.json?key=bench-key`;
  const idle = server.rssMb();
  await fetchOnce(port, `${listing}&callback=warm`, encoding('gzip, br'));
  const warm = server.rssMb();
  let peak = warm;
  // The unrelated request is timed from a process of its own, so the loader's work does not count.
  const sampler = spawn(process.execPath, ['-e', SAMPLER, String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  let sampled = '';
  sampler.stdout.on('data', (c: Buffer) => (sampled += c.toString()));
  const samplerDone = new Promise((r) => sampler.on('close', r));
  const memory = setInterval(() => (peak = Math.max(peak, server.rssMb())), 20);
  let next = 0;
  const statuses = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < names) {
        const i = next++;
        const { status } = await fetchOnce(
          port,
          `${listing}&callback=cb_${i}_${Math.random().toString(36).slice(2)}`,
          encoding(i % 2 ? 'gzip, br' : 'identity'),
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        peak = Math.max(peak, server.rssMb());
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  sampler.kill('SIGINT');
  await samplerDone;
  clearInterval(memory);
  const after = server.rssMb();
  // The sampler's first request pays for its own connection set-up and JIT: left out.
  const latencies = sampled
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .slice(1)
    .sort((a, b) => a - b);
  // A run too short for the sampler to answer twice has no latency to give (null), rather than a crash.
  const at = (q: number) =>
    latencies.length === 0
      ? null
      : latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!.toFixed(1);
  console.log(
    JSON.stringify(
      {
        names,
        concurrency,
        seconds: Number(seconds.toFixed(2)),
        statuses: Object.fromEntries(statuses),
        rssMb: {
          idle: Math.round(idle),
          afterFirstJsonp: Math.round(warm),
          peak: Math.round(peak),
          after: Math.round(after),
        },
        methodsJsonMs: {
          samples: latencies.length,
          over100: latencies.filter((ms) => ms > 100).length,
          p50: at(0.5),
          p99: at(0.99),
          max: at(1),
        },
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
