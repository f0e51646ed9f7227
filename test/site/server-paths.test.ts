import { mkdir, readFile, realpath, symlink } from 'node:fs/promises';
import { Agent, type IncomingHttpHeaders, request, type Server } from 'node:http';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteData } from '../../src/load/data-fs.ts';
import { keyStoreFromEnv } from '../../src/server/keys.ts';
import { createSiteServer } from '../../src/server/server.ts';
import { linkTree, ROOT, removeDir, tempDir } from '../helpers/build.ts';
import { close, listen, rawRequest } from '../helpers/http.ts';
import { rootSite } from '../helpers/sites.ts';

// The invariant of every request path: the answer is a 4xx (an error envelope under /v2/),
// a redirect, or exactly the file at the path the URL standard reads, decoded once; and the key-protected
// information sessions are never answered with data without a valid key. Served from a dist/
// that is itself a symbolic link to a versioned folder, as a build may leave it.

let work: string;
let dist: string;
let origin: string;
let server: Server;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });
let protectedFiles: Buffer[];

beforeAll(async () => {
  work = await tempDir();
  const version = path.join(work, 'versions/a');
  await mkdir(path.dirname(version), { recursive: true });
  // A copy of the shared build (hard links: no file is changed): this suite adds links to it.
  linkTree(await realpath(rootSite()), version);
  dist = path.join(work, 'dist');
  await symlink(version, dist);
  await symlink('/etc/passwd', path.join(version, 'v2/leak.json'));
  await symlink(path.join(version, 'v2/resources/infosessions.json'), path.join(version, 'v2/inside.json'));
  await symlink('/etc', path.join(version, 'etcdir'));
  protectedFiles = await Promise.all(
    ['json', 'xml'].map((f) => readFile(path.join(version, `v2/resources/infosessions.${f}`))),
  );
  const directory = loadSiteData(path.join(ROOT, 'data'), ROOT).directory;
  server = createSiteServer({
    distDir: dist,
    directory,
    keys: keyStoreFromEnv({ API_KEYS: 'good-key' }),
    log: () => {},
  });
  origin = await listen(server);
});
afterAll(async () => {
  agent.destroy();
  await close(server);
  await removeDir(work);
});

/** Sends a request target exactly as given (a URL string would have its dot segments removed by the client). */
function get(
  origin: string,
  target: string,
  options: { agent?: Agent } = {},
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path: target, agent: options.agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A response read from a raw socket: status, headers and body bytes. */
function parseRaw(raw: string): { status: number; headers: Record<string, string>; body: Buffer } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const lines = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines.slice(1))
    headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
  return {
    status: Number(/^HTTP\/1\.1 (\d+)/.exec(lines[0]!)?.[1]),
    headers,
    body: Buffer.from(rest.join('\r\n\r\n'), 'latin1'),
  };
}

/** Asserts the invariant for one raw request target and its answer. */
async function expectInvariant(
  target: string,
  res: { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer },
): Promise<void> {
  const label = `${target} → ${res.status}`;
  expect([200, 301, 400, 401, 403, 404, 405], label).toContain(res.status);
  if (!target.includes('key=good-key')) {
    for (const secret of protectedFiles)
      expect(res.body.includes(secret.subarray(0, 4000)) && res.status === 200, label).toBe(false);
  }
  expect(res.body.toString('latin1'), label).not.toContain('root:');
  if (res.status === 200) {
    // The path as the URL standard reads it (dot segments removed, as the edge does), decoded once.
    const once = decodeURIComponent(new URL(`http://localhost${target}`).pathname);
    const jsonp = /[?&]callback=cb/.test(target) && once.endsWith('.json');
    const body = res.body.toString('utf8');
    // JSONP hands an error to its callback with HTTP 200 (a browser runs no script of an error status).
    if (jsonp && /^\/\*\*\/cb\(\{"meta":\{.*"status":4\d\d,/.test(body)) return;
    const file = await readFile(path.join(dist, once.endsWith('/') ? `${once}index.html` : once), 'utf8');
    expect(body === (jsonp ? `/**/cb(${file.trimEnd()});\n` : file), label).toBe(true);
  } else if (res.status >= 400 && target.startsWith('/v2/') && /\.(json|xml)(\?|$)/.test(target)) {
    expect(res.body.toString('utf8'), label).toMatch(
      new RegExp(`"status":${res.status}|<status>${res.status}</status>`),
    );
  }
}

const VARIANTS = [
  // From the issue: empty segments, encoded characters after the extension, double encoding.
  '/v2/resources//infosessions.json',
  '/v2//resources/infosessions.json',
  '//v2/resources/infosessions.json',
  '///v2///resources///infosessions.xml',
  '/v2/resources//infosessions.xml',
  '/v2/resources/infosessions.json/',
  '/v2/resources/infosessions.json%3f',
  '/v2/resources/infosessions.json%23',
  '/v2/resources/infosessions.json%20',
  '/v2/resources/infosessions.json%09',
  '/v2/resources/infosessions.json%0a',
  '/v2/resources/infosessions.json%0d',
  '/v2/resources/infosessions.xml%3f',
  '/v2/resources/infosessions%252ejson',
  '/v2/resources/infosessions%252exml',
  '/v2/resources/infosessions.js%256fn',
  '/%252ecampus-build%252ejson',
  '/%252enojekyll',
  '/.nojekyll',
  '/.campus-build.json',
  // More of our own: single encoding (the same path: keyed), case, dots, separators, NUL, hidden, symlinks.
  '/v2/resources/infosessions%2ejson',
  '/v2/resources/%69nfosessions.json',
  '/v2/resources/infosessions.JSON',
  '/v2/resources/./infosessions.json',
  '/v2/x/../resources/infosessions.json',
  '/v2/x/%2e%2e/resources/infosessions.json',
  '/v2/resources%2finfosessions.json',
  '/v2/resources%5cinfosessions.json',
  '/v2/resources/infosessions.json%00',
  '/v2/resources/infosessions.json%2500',
  '/v2/resources/infosessions.json;',
  '/v2/resources/infosessions.json.',
  '/v2/resources/infosessions%E2%80%A4json',
  '/v2/resources/infosessions%EF%BC%8Ejson',
  '/v2/resources/infosessions.json?callback=cb',
  '/v2/resources/infosessions.json?key=',
  '/v2/resources/infosessions.json?key=bad',
  '/v2/resources/infosessions.json?KEY=good-key',
  '/v2/resources/infosessions.json?%6Bey=bad',
  '/v2/leak.json',
  '/v2/inside.json',
  '/etcdir/passwd',
  '/etcdir/',
  '/serve.json',
  '/_headers',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/%25%32%65%25%32%65/etc/passwd',
  '/v2/api/methods.json',
  '/v2/resources/infosessions.json?key=good-key',
  '/methods/1103',
  '/methods/1103/',
  '/methods/1103/index.html',
  '/index.html',
  '/no/such/page/',
  '/%E0%A4%A',
  '/%',
  '/%zz',
  '/v2/%C0%AEjson',
];

describe('every variant of a request path', () => {
  it.each(VARIANTS)('%s is a 4xx, a redirect, or exactly the file at the path decoded once', async (target) => {
    const res = parseRaw(
      await rawRequest(origin, `GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
    );
    await expectInvariant(target, res);
  });

  it.each([
    '/v2/resources//infosessions.json',
    '/v2/resources/infosessions%252ejson',
    '/v2/resources/infosessions.json%3f',
    '/%252ecampus-build%252ejson',
    '/%252enojekyll',
    '/v2/leak.json',
    '/v2/inside.json',
    '/etcdir/passwd',
    '/v2/resources%2finfosessions.json',
  ])('%s is refused, not served', async (target) => {
    const res = await get(origin, target);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('answers the single-encoded key-protected path as that method: 401 without a key', async () => {
    expect((await get(origin, '/v2/resources/infosessions%2ejson')).status).toBe(401);
    expect((await get(origin, '/v2/resources/infosessions%2ejson?key=good-key')).status).toBe(200);
  });
});

/** Pieces request paths are built from: separators, dots, escapes, look-alikes and the method's own path. */
const ATOMS = [
  '/',
  '//',
  '.',
  '..',
  '%2e',
  '%2E',
  '%252e',
  '%2f',
  '%5c',
  '%00',
  '%3f',
  '%23',
  '%20',
  '%09',
  '%0a',
  '%25',
  '%E2%80%A4',
  '%EF%BC%8E',
  'v2',
  'resources',
  'infosessions',
  '.json',
  '.xml',
  'json',
  'xml',
  'api',
  'methods',
  'index.html',
  '.campus-build',
  'leak.json',
  'js%256fn',
  'infosessions%252ejson',
  '%69nfosessions',
  'etcdir',
  'passwd',
  '404.html',
];

describe('random request paths', () => {
  it('keep the invariant over 2,000 requests', async () => {
    const atom = fc.constantFrom(...ATOMS);
    const paths = fc.oneof(
      fc.array(atom, { minLength: 1, maxLength: 8 }).map((a) => `/${a.join('')}`),
      fc.array(atom, { minLength: 0, maxLength: 5 }).map((a) => `/v2/resources/${a.join('')}`),
      fc.array(atom, { minLength: 1, maxLength: 5 }).map((a) => `/v2/${a.join('/')}`),
    );
    await fc.assert(
      fc.asyncProperty(paths, fc.constantFrom('', '?key=bad', '?callback=cb', '?key=good-key'), async (p, q) => {
        const target = `${p}${q}`;
        const res = await get(origin, target, { agent });
        await expectInvariant(target, { status: res.status, headers: res.headers, body: res.body });
      }),
      { numRuns: 2000, seed: 20261122 },
    );
  });
});
