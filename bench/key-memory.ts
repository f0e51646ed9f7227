// Distinct API keys with no keys configured (any key accepted): the server's memory while many
// callers each send a key never seen before (issue 23: 60,000 distinct 8 KB keys once took it
// from 195 to 645 MB for good). Usage (a built dist/):
//   node --experimental-strip-types bench/key-memory.ts --dist DIR
//     [--requests 20000] [--key-bytes 8192] [--concurrency 6]
// Talks to 127.0.0.1 only, a bounded number of requests, and stops after 120 s whatever happens.
import { performance } from 'node:perf_hooks';
import { benchArgs } from './bench-args.ts';
import { fetchOnce, startServer } from './local-server.ts';

const values = benchArgs(
  'key-memory',
  'Usage: node bench/key-memory.ts --dist DIR [--requests 20000] [--key-bytes 8192] [--concurrency 6]\n\n' +
    "The server's memory while callers each send an API key never seen before (no keys configured).",
  {
    dist: { type: 'string' },
    requests: { type: 'string', default: '20000' },
    'key-bytes': { type: 'string', default: '8192' },
    concurrency: { type: 'string', default: '6' },
  },
  ['dist'],
);
const requests = Math.min(100_000, Number(values.requests));
const keyBytes = Math.min(16_000, Number(values['key-bytes']));
const concurrency = Math.min(32, Number(values.concurrency));

const env: NodeJS.ProcessEnv = { ...process.env };
delete env.API_KEYS;
delete env.API_KEYS_FILE;
const server = await startServer(values.dist!, env);
try {
  const idle = server.rssMb();
  let peak = idle;
  let next = 0;
  const statuses = new Map<number, number>();
  const started = performance.now();
  const padding = 'k'.repeat(Math.max(0, keyBytes - 12));
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        const i = next++;
        // A data answer that counts (1229), each with a key of its own.
        const { status } = await fetchOnce(
          server.port,
          `/v2/resources/academics/groups.json?key=${i.toString(36).padStart(12, '0')}${padding}`,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (i % 500 === 0) peak = Math.max(peak, server.rssMb());
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const after = server.rssMb();
  console.log(
    JSON.stringify(
      {
        requests,
        keyBytes,
        concurrency,
        seconds: Number(seconds.toFixed(2)),
        statuses: Object.fromEntries(statuses),
        rssMb: { idle: Math.round(idle), peak: Math.round(peak), after: Math.round(after) },
      },
      null,
      2,
    ),
  );
} finally {
  server.stop();
}
