// One conformance table, two runtimes: every case is asked of `npm start` (the Node adapter)
// and of the Cloudflare Worker the build configures, run in workerd (test/helpers/edge.ts), over
// the same built output and keys. An answer that differs between the two fails, and so does
// an answer that is wrong in both (data without a key, an error without its envelope).

import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDirectoryFile } from '../../src/core/datasets/published-directory.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { concretePath, type MethodEntry } from '../../src/core/records/method-entry.ts';
import { WORKER_ENTRY } from '../../src/core/site/edge-config.ts';
import { keyStoreFromEnv } from '../../src/server/keys.ts';
import { createSiteServer } from '../../src/server/server.ts';
import { listTree, ROOT, removeDir, tempDir } from '../helpers/build.ts';
import { type EdgeWorker, startEdgeWorkers, usageAssets } from '../helpers/edge.ts';
import { close, listen } from '../helpers/http.ts';
import { pooled } from '../helpers/pooled.ts';
import { rootSite } from '../helpers/sites.ts';
import { xmlProblems } from '../helpers/xml-wellformed.ts';

const run = promisify(execFile);
const KEY = 'edge-key';
/**
 * How many requests a loop of cases keeps in flight: each case is one request to each runtime, independent of the
 * others, and most of a case's time is a round trip to workerd (a process of its own), so they overlap.
 */
const REQUESTS_AT_ONCE = 8;
let work: string;
let server: Server;
let node: string;
let workers: EdgeWorker[];
let edge: string;
let directory: MethodEntry[];
let dryRun: Promise<{ stdout: string }>;

/** The largest asset Workers take (wrangler's MAX_ASSET_SIZE): a deployment with a larger file fails. */
const MAX_ASSET_BYTES = 25 * 2 ** 20;

/**
 * `wrangler deploy --dry-run` of the shared build's Worker, started at the end of beforeAll so that its bundling
 * overlaps the cases; the last describe awaits it. No --outdir: wrangler 4.164 resolves an output folder wrongly
 * when the configuration's folder is a link (the output is); a deployment does not use one. It runs over the build's
 * wrangler.json and .assetsignore beside two of its pages, not over all 32,000 files: a dry run hashes every asset
 * (28 of its 32 CPU-s) and checks of them only their size, which the last describe checks of every file itself.
 */
function startDryRun(work: string): Promise<{ stdout: string }> {
  const config = path.join(work, 'deploy');
  mkdirSync(config);
  for (const file of ['wrangler.json', '.assetsignore', 'index.html', '404.html'])
    copyFileSync(rootSite(file), path.join(config, file));
  const running = run(
    process.execPath,
    [
      path.join(ROOT, 'node_modules/wrangler/bin/wrangler.js'),
      'deploy',
      path.join(ROOT, WORKER_ENTRY),
      '--dry-run',
      '--config',
      path.join(config, 'wrangler.json'),
    ],
    { cwd: work, env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_API_TOKEN: '' } },
  );
  running.catch(() => {}); // a failure is the dry-run case's, when it awaits it
  return running;
}

beforeAll(async () => {
  work = await tempDir('campus-edge-');
  const dist = rootSite(); // the shared build (read-only): its wrangler.json is the Worker's
  directory = parseDirectoryFile(await readFile(path.join(dist, '.campus-directory.json'), 'utf8')).directory;
  server = createSiteServer({
    distDir: dist,
    datasets: DATASETS,
    keys: keyStoreFromEnv({ API_KEYS: KEY }),
    log: () => {},
  });
  node = await listen(server);
  // The second instance is asked only for usage and two answers without data (the usage case): it runs over the
  // few files those read (usageAssets), since an instance's start hashes every asset (about 5 CPU-s over these 32,000).
  const others = usageAssets(dist, path.join(work, 'others'));
  workers = await startEdgeWorkers(dist, KEY, work, 2, {}, { others });
  edge = workers[0]!.origin;
  // The first answer of each instance loads its code and the directory: made before any case.
  for (const w of workers) expect((await ask(w.origin, '/v2/api/methods.json')).status).toBe(200);
  dryRun = startDryRun(work); // once the Workers run (not to slow their start), beside the cases
}, 120_000);
afterAll(async () => {
  for (const w of workers ?? []) await w.dispose();
  await close(server);
  await removeDir(work);
});

/** A response read from a raw socket. */
interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends a request target exactly as given (no client normalises it) and reads the whole answer. */
function ask(origin: string, target: string, method = 'GET', headers = ''): Promise<Raw> {
  return askRaw(origin, `${method} ${target} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`);
}

/** Sends a request's head exactly as given and reads the whole answer, its body decoded (chunks, gzip, br). */
async function askRaw(origin: string, head: string): Promise<Raw> {
  const raw = await rawSocket(origin, head);
  const at = raw.indexOf('\r\n\r\n');
  const lines = raw.slice(0, at).split('\r\n');
  const out: Record<string, string> = {};
  for (const l of lines.slice(1)) out[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
  let body: Buffer = Buffer.from(raw.slice(at + 4), 'latin1');
  if (out['transfer-encoding'] === 'chunked') body = unchunk(body);
  if (out['content-encoding'] === 'gzip') body = gunzipSync(body);
  if (out['content-encoding'] === 'br') body = brotliDecompressSync(body);
  return { status: Number(/^HTTP\/1\.[01] (\d+)/.exec(lines[0]!)?.[1]), headers: out, body: body.toString('utf8') };
}

/** Sends bytes as given over a socket; reads until the server closes it (30 s at most: workerd is slow when busy). */
function rawSocket(origin: string, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(origin).port), '127.0.0.1', () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error(`no answer to ${head.split('\r\n')[0]} in 30 s`)));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
  });
}

/** The body of a chunked answer. */
function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < bytes.length; ) {
    const end = bytes.indexOf('\r\n', at);
    const size = parseInt(bytes.subarray(at, end).toString('latin1'), 16);
    if (!size) break;
    parts.push(bytes.subarray(end + 2, end + 2 + size));
    at = end + 4 + size;
  }
  return Buffer.concat(parts);
}

/** The security headers every answer carries. */
const SECURITY = ['x-content-type-options', 'content-security-policy', 'x-frame-options', 'referrer-policy'];

/**
 * What must be the same in both runtimes: the status, the type, the API's and the security
 * headers, where a redirect goes, and the body, with the clock's values of an answer made now
 * (an error envelope, a live method) left out.
 */
function view(res: Raw) {
  const made = res.headers['cache-control'] === 'no-store';
  const body = made
    ? res.body
        .replace(/"timestamp":\d+|<timestamp>\d+<\/timestamp>/g, 'TIME')
        .replace(/"(datetime|key_reset_time|timezone)":"?[^,}"]*"?/g, '$1')
        .replace(/<(datetime|key_reset_time|timezone)>[^<]*</g, '$1<')
    : res.body;
  return {
    status: res.status,
    type: res.headers['content-type'],
    security: SECURITY.filter((h) => res.headers[h]),
    vary: res.headers.vary,
    cors: res.headers['access-control-allow-origin'],
    cache: res.headers['cache-control'],
    auth: res.headers['www-authenticate'],
    allow: res.headers.allow,
    location: res.headers.location,
    body,
  };
}

/** Asks both runtimes; expects the same answer, and returns it. */
async function same(target: string, method = 'GET'): Promise<ReturnType<typeof view>> {
  return sameRaw(`${method} ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
}

/** Sends the same head to both runtimes; expects the same answer, and returns it. */
async function sameRaw(head: string): Promise<ReturnType<typeof view>> {
  const [a, b] = await Promise.all([askRaw(node, head), askRaw(edge, head)]);
  const [left, right] = [view(a), view(b)];
  expect(right, `${JSON.stringify(head)}: the Worker answers as npm start does`).toEqual(left);
  return left;
}

/** A method's fixed path in a format, below /v2. */
const fixed = (e: MethodEntry, format: 'json' | 'xml') => `/v2${concretePath(e, format)}`;

describe('keys: every key-required method, in both runtimes', () => {
  it('answers each without a key 401, with a wrong key 403, with the key as a file or a live answer', async () => {
    const required = directory.filter((e) => e.keyRequired && concretePath(e, 'json'));
    expect(required.length).toBeGreaterThan(10);
    const asked = required.flatMap((entry) => (['json', 'xml'] as const).map((format) => [entry, format] as const));
    const ask = async ([entry, format]: (typeof asked)[number]) => {
      const url = fixed(entry, format);
      const none = await same(url);
      expect([none.status, none.auth], url).toEqual([401, 'Key realm="campus-api", param="key"']);
      expect(none.body, url).toContain(String(entry.methodId));
      expect((await same(`${url}?key=not-${KEY}`)).status, url).toBe(403);
      const good = await same(`${url}?key=${KEY}`);
      expect([200, 404], url).toContain(good.status);
    };
    // The files' methods a few at a time; then the server's own answers (the key's usage counts the calls before
    // it, so both runtimes must have answered all of them first), one at a time.
    const live = ([entry]: (typeof asked)[number]) => entry.source === 'server';
    await pooled(
      asked.filter((a) => !live(a)),
      REQUESTS_AT_ONCE,
      ask,
    );
    for (const a of asked.filter(live)) await ask(a);
  }, 60_000);

  it('answers a placeholder method the same: a file, and for a missing value an envelope with its ID', async () => {
    expect((await same('/v2/buildings/MC.json')).status).toBe(401);
    expect((await same(`/v2/buildings/MC.json?key=${KEY}`)).status).toBe(200);
    for (const format of ['json', 'xml']) {
      const missing = await same(`/v2/buildings/XYZ.${format}?key=${KEY}`);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatch(format === 'json' ? /"method_id":1217/ : /<method_id>1217<\/method_id>/);
    }
  });
});

// Each case one request to each runtime, independent of the others: they run a few at a time.
describe.concurrent('request paths and methods', () => {
  it.each([
    '/v2/resources//infosessions.json',
    '//v2/resources/infosessions.json',
    '/v2/resources/infosessions.json/',
    '/v2/resources/infosessions.json%3f',
    '/v2/resources/infosessions%252ejson',
    '/v2/resources/infosessions%2ejson',
    '/v2/resources/%69nfosessions.json',
    '/v2/resources/infosessions.JSON',
    '/v2/resources%2finfosessions.json',
    '/v2/resources/infosessions.json%00',
    '/v2/resources/infosessions.json?KEY=edge-key',
    '/v2/resources/infosessions.json?%6Bey=bad',
    '/v2/resources/infosessions.json?key=',
    '/%252ecampus-build%252ejson',
    '/.campus-build.json',
    '/.campus-directory.json',
    '/serve.json',
    '/wrangler.json',
    '/.nojekyll',
    '/v2/no/such.json',
    '/v2/no/such.xml',
    '/v2/no/such/',
    '/%zz',
    '/v2/%C0%AEjson',
    '/v2/api/methods.json',
    '/v2/api/methods.xml',
    '/v2/openapi.json',
    '/',
    '/index.html',
    '/methods/1103',
    '/methods/1103/',
    '/methods/1103/index.html?x=1',
    '/no/such/page/',
    '/no/such/page',
  ])('%s', async (target) => {
    const answer = await same(target);
    expect(answer.security).toEqual(SECURITY);
    if (answer.status === 200) expect(target).not.toMatch(/infosessions/);
  });

  it.each(['POST', 'DELETE', 'PUT'])('%s answers 405 with Allow, in both', async (method) => {
    const answer = await same('/v2/api/methods.json', method);
    expect([answer.status, answer.allow]).toEqual([405, 'GET, HEAD']);
  });

  it.each(['/v2/resources/./infosessions.json', '/v2/x/../resources/infosessions.json'])(
    '%s (dot segments, removed as the URL standard removes them) is the path without them: 401 without a key',
    async (target) => {
      expect((await same(target)).status).toBe(401);
    },
  );
});

/** The held-out probe's four classes of disagreement (issue 37, finding 7), as request heads. */
const PROBE = (() => {
  const head = (target: string, headers = 'Host: localhost\r\n') =>
    `GET ${target} HTTP/1.1\r\n${headers}Connection: close\r\n\r\n`;
  const paths = ['buildings/MC.json', 'buildings/MC.xml', 'resources/infosessions.json', 'api/methods.xml'];
  const dots = ['/v2/x/../', '/v2/./', '/v2/x/%2e%2e/', '/v2/x/.%2E/', '/v2/%2e/', '/../v2/', '/v2/x/y/../../'];
  const dotted = paths.flatMap((p) => dots.flatMap((d) => [`${d}${p}`, `${d}${p}?key=${KEY}`]));
  const ends = ['/v2/buildings/MC.json/..', '/v2/buildings/MC.json/.', '/v2/buildings/x/..', '/v2/buildings\\MC.json'];
  const escapes = ['%252e', '%2570', '%2f', '%2F', '%5c', '%C0%AE', '%E0%80%AE', '%C0%AF', '%FF', '%ED%A0%80', '%C3'];
  const encoded = [
    ...escapes.flatMap((e) => [`/v2/buildings/MC${e}json`, `/v2/buildings${e}MC.json?key=${KEY}`]),
    ...['%4dC', 'M%43', '%4D%43'].map((e) => `/v2/buildings/${e}.json?key=${KEY}`),
    '/v2/buildings/MC%EF%BC%8Ejson',
    '/v2/buildings/%EF%BF%BE.xml',
    `/v2/buildings/%EF%BF%BF.xml?key=${KEY}`,
    `/v2/api/usage.xml?key=${KEY}%EF%BF%BE`,
  ];
  const controls = ['%00', '%01', '%09', '%0a', '%0D', '%1f', '%7f', '%C2%85'];
  const controlled = controls.flatMap((c) => [
    `/v2/buildings/MC${c}.xml?key=${KEY}`,
    `/v2/api/usage.xml?key=${c}`,
    `/v2/api/methods.json?callback=cb${c}`,
  ]);
  const inHeaders = ['\u0001', '\u007f', '\u001b', '\u0008'].map((c) =>
    head('/v2/api/methods.json', `Host: localhost\r\nX-Probe: a${c}b\r\n`),
  );
  const compressed = ['/v2/api/methods.json', '/index.html', '/no/such/page', `/v2/x/../buildings/MC.json?key=${KEY}`];
  const encodings = compressed.flatMap((t) =>
    ['gzip', 'br'].map((e) => head(t, `Host: localhost\r\nAccept-Encoding: ${e}\r\n`)),
  );
  const conditional = ['/v2/api/methods.json', '/', '/nosuch.png'].map((t) =>
    head(t, 'Host: localhost\r\nIf-None-Match: *\r\n'),
  );
  return {
    heads: [
      ...[...dotted, ...ends, ...encoded, ...controlled].map((t) => head(t)),
      ...inHeaders,
      ...encodings,
      ...conditional,
    ],
    // Refused by workerd's own HTTP parser before any code runs (at the edge: Cloudflare's front
    // end): the status agrees, the Worker cannot add headers to them.
    refusedBeforeCode: [
      head('/v2/api/methods.json', ''),
      head('/v2/api/methods.json', 'Host: \r\n'),
      'GET /v2/api/methods.json HTTP/1.0\r\n\r\n',
      head('/v2/api/me\u0001thods.json'),
      head('/v2/api/methods.json?key=a\u007fb'),
      head('/v2/api/me\tthods.json'),
      head('/v2/api/methods.json', 'Host: localhost\r\nX-Probe: a\u0000b\r\n'),
    ],
  };
})();

describe("the held-out probe's classes: dot segments, encodings, control characters, no Host", () => {
  it(`answers ${PROBE.heads.length} requests alike in both, each with the security headers and Vary`, async () => {
    const xml: string[] = [];
    await pooled(PROBE.heads, REQUESTS_AT_ONCE, async (head) => {
      const answer = await sameRaw(head);
      expect(answer.security, head).toEqual(SECURITY);
      expect(answer.vary, head).toBe('Accept-Encoding');
      if (answer.type?.startsWith('application/xml')) xml.push(answer.body);
    });
    // Every XML answer is well-formed, by a real parser (expat).
    expect(xml.length).toBeGreaterThan(20);
    expect((await xmlProblems(xml)).filter(Boolean)).toEqual([]);
  }, 120_000);

  it('agrees on the status where workerd refuses before any code runs; npm start adds its headers', async () => {
    await pooled(PROBE.refusedBeforeCode, REQUESTS_AT_ONCE, async (head) => {
      const [a, b] = await Promise.all([askRaw(node, head), askRaw(edge, head)]);
      expect([a.status, b.status], JSON.stringify(head)).toEqual([400, 400]);
      expect(
        SECURITY.filter((h) => a.headers[h]),
        JSON.stringify(head),
      ).toEqual(SECURITY);
    });
  });

  it('answers dot segments by the path without them: the key still decides', async () => {
    expect((await same('/v2/x/../buildings/MC.json')).status).toBe(401);
    expect((await same(`/v2/x/../buildings/MC.json?key=${KEY}`)).status).toBe(200);
    expect((await same(`/v2/x/%2e%2e/resources/infosessions.json?key=not-${KEY}`)).status).toBe(403);
  });
});

// Each case one request to each runtime, independent of the others: they run a few at a time.
describe.concurrent('JSONP and error envelopes', () => {
  it.each([
    `/v2/resources/academics/groups.json?key=${KEY}&callback=onData`,
    `/v2/resources/academics/groups.json?key=${KEY}&callback=app.onData`,
    '/v2/resources/academics/groups.json?callback=onData',
    `/v2/resources/academics/groups.json?key=bad&callback=onData`,
    `/v2/resources/academics/groups.json?key=${KEY}&callback=alert(1)`,
    `/v2/resources/academics/groups.json?key=${KEY}&callback=${'a'.repeat(129)}`,
    `/v2/buildings/XYZ.json?key=${KEY}&callback=cb`,
    `/v2/resources/academics/groups.xml?key=${KEY}&callback=cb`,
    '/v2/server/time.json?callback=onTime',
    '/v2/server/time.xml',
    `/v2/api/methods.json?callback=cb`,
  ])('%s', async (target) => {
    const answer = await same(target);
    expect(answer.security).toEqual(SECURITY);
    if (/callback=(onData|app\.onData|cb|onTime)/.test(target) && !target.includes('.xml')) {
      expect(answer.type).toBe('application/javascript; charset=utf-8');
      expect(answer.body).toMatch(/^\/\*\*\/[\w.]+\(\{"meta":/);
    }
  });
});

describe('usage counting', () => {
  it('counts the same calls the same way: per key and month, 1103 never, a no-data answer never', async () => {
    const key = KEY;
    const calls = [
      `/v2/resources/academics/groups.json?key=${key}`,
      `/v2/api/methods.json?key=${key}`, // 1103: does not count
      `/v2/resources/printers.json?key=${key}`, // no data: does not count
      `/v2/buildings/XYZ.json?key=${key}`, // nothing returned: does not count
      `/v2/resources/infosessions.json?key=${key}&callback=cb`,
    ];
    const usage = async (origin: string) => JSON.parse((await ask(origin, `/v2/api/usage.json?key=${key}`)).body);
    const before = [await usage(node), await usage(edge)];
    // The Worker's calls go to its two instances in turn; both count into the one Durable Object.
    for (const [i, call] of calls.entries()) {
      await ask(node, call);
      await ask(workers[i % 2]!.origin, call);
    }
    const after = [await usage(node), await usage(workers[1]!.origin)];
    for (const [i, runtime] of ['npm start', 'the Worker'].entries()) {
      // Two data calls, and the usage call itself.
      expect(after[i]!.data.monthly_calls - before[i]!.data.monthly_calls, runtime).toBe(3);
      expect(after[i]!.meta.requests, runtime).toBe(after[i]!.data.monthly_calls);
    }
  });
});

describe('uwapi, an old v2 client, against the Worker', () => {
  it('gets the services, a building, its key usage, and an API error from the envelope', async () => {
    const ORIGINAL = 'https://api.uwaterloo.ca/v2/';
    const realGet = https.get;
    const requested: string[] = [];
    (https as { get: unknown }).get = (url: string, callback: (res: http.IncomingMessage) => void) => {
      if (!url.startsWith(ORIGINAL)) throw new Error(`unexpected request to ${url}`);
      requested.push(url.slice(ORIGINAL.length - 4));
      return http.get(`${edge}/v2/${url.slice(ORIGINAL.length)}`, callback);
    };
    try {
      type Call = (options?: Record<string, string>) => Promise<unknown>;
      const client = (createRequire(import.meta.url)('uwapi') as (key: string) => Record<string, Call>)(KEY);
      const services = (await client.apiServices!()) as { methods: unknown[] }[];
      expect(services.flatMap((s) => s.methods)).toHaveLength(directory.length);
      const mc = (await client.buildings!({ building_acronym: 'MC' })) as { building_name: string };
      expect(mc.building_name).toBe('Mathematics & Computer Building');
      await expect(client.buildings!({ building_acronym: 'NOPE' })).rejects.toThrow(/^API Error: Not found/);
      const usage = (await client.apiUsage!()) as { api_key: string; total_calls: number };
      expect(usage.api_key).toBe(KEY);
      expect(usage.total_calls).toBeGreaterThanOrEqual(2);
      await expect(client.weatherCurrent!()).rejects.toThrow(/^API Error: Not found: no method answers at this path/);
      expect(requested).toContain(`/v2/buildings/MC.json?key=${KEY}`);
    } finally {
      (https as { get: unknown }).get = realGet;
    }
  });
});

describe('the Worker as configured by the build', () => {
  it('bundles and validates for deployment offline (wrangler deploy --dry-run)', async () => {
    const { stdout } = await dryRun;
    expect(stdout).toMatch(/Total Upload: [\d.]+ KiB/);
    expect(stdout).toMatch(/env\.USAGE \(UsageCounterObject\)\s+Durable Object/);
    expect(stdout).toMatch(/env\.ASSETS\s+Assets/);
    expect(stdout).toContain('--dry-run: exiting now.');
  }, 60_000);

  it('puts the handler in front of every request, reads assets as they are, names the usage object', async () => {
    const config = JSON.parse(await readFile(path.join(rootSite(), 'wrangler.json'), 'utf8'));
    expect(config.assets).toMatchObject({
      directory: '.',
      run_worker_first: true,
      html_handling: 'none',
      not_found_handling: 'none',
    });
    expect(config.main).toBeUndefined(); // given by npm run deploy:edge: the output does not depend on where it is
    expect(config.durable_objects.bindings[0]).toEqual({ name: 'USAGE', class_name: 'UsageCounterObject' });
    expect(await readFile(path.join(rootSite(), '.assetsignore'), 'utf8')).toBe('wrangler.json\nexams/*/*.ics\n');
  });

  it('holds no asset a deployment refuses: none over 25 MiB, no _worker.js (what a dry run checks of them)', () => {
    const files = listTree(rootSite());
    expect(files.length).toBeGreaterThan(10_000);
    expect(files.filter((f) => statSync(rootSite(f)).size > MAX_ASSET_BYTES)).toEqual([]);
    expect(files).not.toContain('_worker.js');
  });
});
