import { readFile, writeFile } from 'node:fs/promises';
import { Agent, type Server } from 'node:http';
import path from 'node:path';
import vm from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteData } from '../../src/load/data-fs.ts';
import { keyStoreFromEnv } from '../../src/server/keys.ts';
import { createSiteServer } from '../../src/server/server.ts';
import { ROOT, removeDir, tempDir } from '../helpers/build.ts';
import { close, get, listen, rawRequest } from '../helpers/http.ts';
import { rootSite } from '../helpers/sites.ts';
import { parseXml } from '../helpers/xml.ts';

let work: string;
let dist: string;
let origin: string;
let server: Server;
const logs: string[] = [];
const directory = loadSiteData(path.join(ROOT, 'data'), ROOT).directory;

beforeAll(async () => {
  work = await tempDir();
  dist = rootSite();
  server = createSiteServer({
    distDir: dist,
    directory,
    keys: keyStoreFromEnv({ API_KEYS: 'good-key, other-key' }),
    log: (l) => logs.push(l),
  });
  origin = await listen(server);
});
afterAll(async () => {
  await close(server);
  await removeDir(work);
});

const file = (p: string) => readFile(path.join(dist, p), 'utf8');
const KEY = '?key=good-key';

describe('published files', () => {
  it.each([
    ['/v2/api/methods.json', 'application/json; charset=utf-8'],
    ['/v2/api/methods.xml', 'application/xml; charset=utf-8'],
    [`/v2/resources/infosessions.json${KEY}`, 'application/json; charset=utf-8'],
    [`/v2/resources/infosessions.xml${KEY}`, 'application/xml; charset=utf-8'],
  ])('%s answers 200 with the file, its type, CORS and caching headers', async (url, type) => {
    const res = await get(origin, url);
    expect(res.status).toBe(200);
    expect(res.text).toBe(await file(url.split('?')[0]!));
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
  });

  // A developer's script on another site downloads the data portal's files: each with its type, open to every origin.
  it.each([
    ['/data/exam-schedule.csv', 'text/csv; charset=utf-8'],
    ['/data/exam-schedule.ndjson', 'application/x-ndjson; charset=utf-8'],
    ['/data/exam-schedule.json', 'application/json; charset=utf-8'],
    ['/data/changes.atom', 'application/atom+xml; charset=utf-8'],
    ['/data/changes.json', 'application/json; charset=utf-8'],
    ['/data/datapackage.json', 'application/json; charset=utf-8'],
    ['/data/campus-api.sqlite', 'application/vnd.sqlite3'],
  ])('%s answers 200 with its type, open to every origin', async (url, type) => {
    const res = await get(origin, url, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers If-None-Match with 304 and no body, and a changed tag with the file', async () => {
    const first = await get(origin, '/v2/api/methods.json');
    const again = await get(origin, '/v2/api/methods.json', { headers: { 'If-None-Match': first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const other = await get(origin, '/v2/api/methods.json', { headers: { 'If-None-Match': '"something-else"' } });
    expect(other.status).toBe(200);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get(origin, '/v2/api/methods.xml', { method: 'HEAD' });
    const full = await get(origin, '/v2/api/methods.xml');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
    expect(head.headers.etag).toBe(full.headers.etag);
  });

  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('compresses with %s when the client accepts it', async (encoding, decode) => {
    const res = await get(origin, `/v2/resources/infosessions.json${KEY}`, {
      headers: { 'Accept-Encoding': encoding },
    });
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(decode(res.body).toString('utf8')).toBe(await file('v2/resources/infosessions.json'));
    expect(res.body.length).toBeLessThan(decode(res.body).length / 3);
  });

  it('serves the HTML site too, compressed', async () => {
    const res = await get(origin, '/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(gunzipSync(res.body).toString('utf8')).toBe(await file('index.html'));
  });
});

describe('JSONP', () => {
  it.each(['handle', 'app.on.data', '$jq_123', 'jQuery3710_1700'])(
    '?callback=%s calls that function with the data of the .json file',
    async (name) => {
      const res = await get(origin, `/v2/resources/infosessions.json${KEY}&callback=${name}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      const calls: unknown[] = [];
      const parts = name.split('.');
      const context: Record<string, unknown> = {};
      let holder = context;
      for (const p of parts.slice(0, -1)) holder = (holder[p] = {}) as Record<string, unknown>;
      holder[parts[parts.length - 1]!] = (arg: unknown) => calls.push(arg);
      vm.runInNewContext(res.text, context);
      expect(calls).toHaveLength(1);
      expect(JSON.parse(JSON.stringify(calls[0]))).toEqual(JSON.parse(await file('v2/resources/infosessions.json')));
    },
  );

  it.each([
    ['alert(1)//', 'alert(1)//'],
    ['<script>', '%3Cscript%3E'],
    ['a;b', 'a%3Bb'],
    ['a newline', 'a%0Ab'],
    ['a dotted path with an empty part', 'a..b'],
    ['a leading digit', '1abc'],
    ['129 characters', 'a'.repeat(129)],
    ['an empty name', ''],
  ])('refuses %s with 400, never echoing the name', async (_, encoded) => {
    const res = await get(origin, `/v2/api/methods.json?callback=${encoded}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const doc = JSON.parse(res.text);
    expect(doc.meta).toMatchObject({ status: 400, method_id: 1103 });
    expect(doc.meta.message).toContain('callback must be');
    if (encoded.length > 1) expect(res.text).not.toContain(decodeURIComponent(encoded));
  });

  // A browser runs no script answered with an error status (a <script> tag's onerror fires instead), so a JSONP
  // error is answered 200: the callback reads the status from meta.
  it.each([
    ['no key', '/v2/resources/infosessions.json?callback=cb', 401],
    ['an unknown key', '/v2/resources/infosessions.json?key=not-a-key&callback=cb', 403],
    ['no record', `/v2/buildings/NOPE.json${KEY}&callback=cb`, 404],
  ])('hands the callback the error envelope (%s) with HTTP 200', async (_, target, status) => {
    const res = await get(origin, target);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const calls: any[] = [];
    vm.runInNewContext(res.text, { cb: (x: unknown) => calls.push(x) });
    expect(calls).toHaveLength(1);
    expect(calls[0].meta.status).toBe(status);
    expect(calls[0].data).toEqual([]);
  });
});

describe('API keys', () => {
  it('lets the method listing through without a key', async () => {
    expect((await get(origin, '/v2/api/methods.json')).status).toBe(200);
  });

  it('answers 401 without a key and 403 with an unknown key, in the format asked for', async () => {
    const missing = await get(origin, '/v2/resources/infosessions.json');
    expect(missing.status).toBe(401);
    expect(JSON.parse(missing.text).meta).toMatchObject({ status: 401, method_id: 1129 });
    const wrong = await get(origin, '/v2/resources/infosessions.xml?key=nope');
    expect(wrong.status).toBe(403);
    const meta = parseXml(wrong.text).response.meta;
    expect(meta.status).toBe('403');
    expect(meta.message).toMatch(/^Forbidden: /);
    expect(parseXml(wrong.text).response.data).toBe('');
  });

  it('reads keys from API_KEYS_FILE, one per line, comments ignored', async () => {
    const keyFile = path.join(work, 'keys.txt');
    await writeFile(keyFile, '# issued keys\nfile-key-1\n\nfile-key-2\r\n');
    const keys = keyStoreFromEnv({ API_KEYS_FILE: keyFile });
    expect(keys.mode).toBe('list');
    const s = createSiteServer({ distDir: dist, directory, keys, log: () => {} });
    const o = await listen(s);
    try {
      expect((await get(o, '/v2/resources/infosessions.json?key=file-key-2')).status).toBe(200);
      expect((await get(o, '/v2/resources/infosessions.json?key=good-key')).status).toBe(403);
      expect((await get(o, '/v2/resources/infosessions.json?key=%23%20issued%20keys')).status).toBe(403);
    } finally {
      await close(s);
    }
  });

  it('accepts any non-empty key when none are configured', async () => {
    const keys = keyStoreFromEnv({});
    expect(keys.mode).toBe('any');
    expect(keys.accepts('anything')).toBe(true);
    expect(keys.accepts('')).toBe(false);
  });
});

describe('errors', () => {
  it.each([
    ['/v2/nothing/here.json', 404, 'json', null],
    ['/v2/nothing/here.xml', 404, 'xml', null],
    ['/v2/courses/CS/135/schedule.json?key=good-key', 404, 'json', 1171],
    ['/v2/foodservices/products/1234.xml?key=good-key', 404, 'xml', 1277],
  ])('%s answers %i with an error envelope', async (url, status, format, methodId) => {
    const res = await get(origin, url);
    expect(res.status).toBe(status);
    const meta = format === 'json' ? JSON.parse(res.text).meta : parseXml(res.text).response.meta;
    expect(Number(meta.status)).toBe(status);
    if (methodId === null) {
      expect(format === 'json' ? meta.method_id : meta.method_id['@xsi:nil']).toBe(format === 'json' ? null : 'true');
    } else {
      expect(Number(meta.method_id)).toBe(methodId);
      expect(meta.message).toContain('publishes no data');
    }
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('%s answers 405 with Allow: GET, HEAD', async (method) => {
    const res = await get(origin, '/v2/api/methods.json', { method });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(res.text).meta.status).toBe(405);
  });
});

describe('paths outside dist/', () => {
  it.each([
    '/../../../../etc/passwd',
    '/..%2f..%2f..%2fetc%2fpasswd',
    '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
    '/%252e%252e/etc/passwd',
    '/v2/..\\..\\..\\etc\\passwd',
    '/v2/%5c..%5c..%5cetc%5cpasswd',
    '/index.html%00.json',
    '/%00',
    '/%E0%A4%A',
    '/.campus-build.json',
  ])('%s is refused', async (target) => {
    const response = await rawRequest(origin, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
    const status = Number(/^HTTP\/1\.1 (\d+)/.exec(response)?.[1]);
    expect([301, 400, 404]).toContain(status);
    expect(response).not.toContain('root:');
    if (status === 301) {
      const location = /\r\nLocation: ([^\r]+)/i.exec(response)?.[1] ?? '';
      const res = await get(origin, location.replace(/^https?:\/\/[^/]+/, ''));
      expect(res.status).toBe(404);
    }
  });
});

describe('robustness', () => {
  it('answers a malformed request with 400 and keeps serving', async () => {
    const response = await rawRequest(origin, 'NONSENSE\r\n\r\n');
    expect(response).toMatch(/^HTTP\/1\.1 400/);
    expect((await get(origin, '/v2/api/methods.json')).status).toBe(200);
  });

  it('keeps serving while a slow client holds a half-sent request', async () => {
    const { port } = new URL(origin);
    const net = await import('node:net');
    const slow = net.connect(Number(port), '127.0.0.1');
    await new Promise((r) => slow.once('connect', r));
    slow.write('GET /v2/api/methods.json HTTP/1.1\r\nHost: local');
    expect((await get(origin, '/v2/api/methods.json')).status).toBe(200);
    slow.destroy();
  });

  it('logs one line per request', async () => {
    const before = logs.length;
    await get(origin, '/v2/api/methods.json?x=1');
    // The line is written when the response finishes, which may be after the client has read it.
    await expect.poll(() => logs.length - before).toBeGreaterThanOrEqual(1);
    const added = logs.slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/ GET \/v2\/api\/methods\.json\?x=1 200 \d+ [\d.]+ms$/);
  });

  it('answers 2,000 requests, 50 at a time, without a failure', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const urls = [
      '/v2/api/methods.json',
      `/v2/resources/infosessions.xml${KEY}`,
      `/v2/resources/infosessions.json${KEY}&callback=cb`,
      '/',
    ];
    let next = 0;
    const statuses: number[] = [];
    const worker = async () => {
      while (next < 2000) {
        const i = next++;
        const res = await get(origin, urls[i % urls.length]!, { agent, headers: { 'Accept-Encoding': 'gzip' } });
        statuses.push(res.status);
      }
    };
    await Promise.all(Array.from({ length: 50 }, worker));
    agent.destroy();
    expect(statuses).toHaveLength(2000);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});

describe('JSONP without re-rendering', () => {
  it('answers gzip as one stream joined from the cached pieces, the same text as uncompressed', async () => {
    const plain = await get(origin, `/v2/resources/infosessions.json${KEY}&callback=app.got`);
    const zipped = await get(origin, `/v2/resources/infosessions.json${KEY}&callback=app.got`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.text);
    expect(plain.text).toBe(`/**/app.got(${(await file('v2/resources/infosessions.json')).trimEnd()});\n`);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
  });

  it('gives each callback name its own ETag and answers it with 304', async () => {
    const a = await get(origin, '/v2/api/methods.json?callback=a');
    const b = await get(origin, '/v2/api/methods.json?callback=b');
    expect(a.headers.etag).not.toBe(b.headers.etag);
    expect(
      (await get(origin, '/v2/api/methods.json?callback=a', { headers: { 'If-None-Match': a.headers.etag! } })).status,
    ).toBe(304);
    expect(
      (await get(origin, '/v2/api/methods.json?callback=b', { headers: { 'If-None-Match': a.headers.etag! } })).status,
    ).toBe(200);
  });
});

describe('security headers', () => {
  it.each([
    ['/', 200],
    ['/methods/1103/', 200],
    ['/infosessions/', 200],
    ['/infosessions.ics', 200],
    ['/favicon.svg', 200],
    ['/v2/api/methods.json', 200],
    ['/v2/api/methods.xml', 200],
    [`/v2/resources/infosessions.json${KEY}&callback=cb`, 200],
    ['/v2/resources/infosessions.json', 401],
    ['/no/such/page/', 404],
    ['/v2//x.json', 400],
    ['/methods/1103', 301],
  ])('%s (%i) carries nosniff, a CSP without framing, and a Referrer-Policy', async (url, status) => {
    const res = await get(origin, url);
    expect(res.status).toBe(status);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  // A session page has a script of its own (src/scripts/session-page.ts), the other pages the site's full one.
  it.each(['/', '/infosessions/2825/'])(
    'allows exactly the inline scripts of %s, by hash, and its stylesheet',
    async (url) => {
      const { inlineScriptHashes } = await import('../../src/core/site/csp.ts');
      const res = await get(origin, url);
      const hashes = inlineScriptHashes(res.text);
      expect(hashes.length).toBeGreaterThan(0);
      const scripts = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
      expect(scripts.sort()).toEqual([...new Set(hashes)].sort());
      expect(res.headers['content-security-policy']).toContain("style-src 'self'");
    },
  );

  it('writes the same security headers, with every page script hash, into serve.json and _headers', async () => {
    const { inlineScriptHashes } = await import('../../src/core/site/csp.ts');
    const { readdir } = await import('node:fs/promises');
    const pages = (await readdir(dist, { recursive: true })).filter((f) => f.endsWith('.html'));
    const hashes = new Set<string>();
    for (const p of pages) for (const h of inlineScriptHashes(await file(p))) hashes.add(h);
    expect(hashes.size).toBeGreaterThan(0);
    const serve = JSON.parse(await file('serve.json')) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    const all = serve.headers.find((r) => r.source === '**')!.headers;
    const csp = all.find((h) => h.key === 'Content-Security-Policy')!.value;
    for (const h of hashes) expect(csp).toContain(h);
    expect(all.find((h) => h.key === 'X-Content-Type-Options')?.value).toBe('nosniff');
    expect(await file('_headers')).toContain(
      `/*\n  X-Content-Type-Options: nosniff\n  Content-Security-Policy: ${csp}\n`,
    );
  });
});

describe('the access log', () => {
  it('redacts API keys however the parameter name is encoded', async () => {
    const before = logs.length;
    await get(origin, '/v2/resources/infosessions.json?key=good-key&x=1');
    await get(origin, '/v2/resources/infosessions.json?%6Bey=other-key');
    await expect.poll(() => logs.length - before).toBeGreaterThanOrEqual(2);
    const added = logs.slice(before).join('\n');
    expect(added).not.toContain('good-key');
    expect(added).not.toContain('other-key');
    expect(added).toContain('?key=REDACTED&x=1 200');
  });
});
