// What npm start never answers with, and the answers Node writes itself (issue 23, items 3 and
// 11): the build's own files are not served whatever the path's extension; a request Node
// cannot parse gets the security headers too; the usage counter's memory is bounded when any
// key is accepted.
import { writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyStoreFromEnv, MAX_KEY_LENGTH } from '../../src/server/keys.ts';
import { createSiteServer } from '../../src/server/server.ts';
import { UsageCounter } from '../../src/server/usage.ts';
import { removeDir, tempDir } from '../helpers/build.ts';
import { close, get, listen, rawRequest } from '../helpers/http.ts';
import { rootSite } from '../helpers/sites.ts';
import { xmlProblems } from '../helpers/xml-wellformed.ts';

let origin: string;
let server: Server;

beforeAll(async () => {
  server = createSiteServer({ distDir: rootSite(), keys: keyStoreFromEnv({}), log: () => {} });
  origin = await listen(server);
});
afterAll(() => close(server));

describe('files that are never served', () => {
  it.each([
    '/serve.json',
    '/serve%2ejson',
    '/serve.json?x=1',
    '/.campus-build.json',
    '/.campus-directory.json',
    '/_headers',
    '/.nojekyll',
  ])('%s answers 404', async (url) => {
    expect((await get(origin, url)).status).toBe(404);
  });
});

describe("Node's own answers", () => {
  it.each([
    ['a request line that is not HTTP', 'NONSENSE\r\n\r\n', 400],
    ['a header without a colon', 'GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n', 400],
    ['headers too large', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('answer %s with %i and the security headers', async (_what, head, status) => {
    const response = await rawRequest(origin, head);
    expect(response).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    const headers = response.split('\r\n\r\n')[0]!.toLowerCase();
    for (const name of [
      'x-content-type-options: nosniff',
      'content-security-policy: ',
      'x-frame-options: deny',
      'referrer-policy: no-referrer',
    ]) {
      expect(headers).toContain(name);
    }
    expect((await get(origin, '/v2/api/methods.json')).status).toBe(200);
  });
});

describe('an answer the handler could not make', () => {
  it('is a 500 with the security headers (here: an output whose directory file is not JSON)', async () => {
    const dist = await tempDir();
    await writeFile(path.join(dist, '.campus-directory.json'), 'not json');
    const broken = createSiteServer({ distDir: dist, keys: keyStoreFromEnv({}), log: () => {} });
    try {
      const res = await get(await listen(broken), '/v2/api/methods.json');
      expect(res.status).toBe(500);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    } finally {
      await close(broken);
      await removeDir(dist);
    }
  });
});

describe('usage counting with no keys configured', () => {
  it(`refuses a key longer than ${MAX_KEY_LENGTH} characters (403), and accepts one of that length`, async () => {
    expect((await get(origin, `/v2/api/usage.json?key=${'k'.repeat(MAX_KEY_LENGTH + 1)}`)).status).toBe(403);
    const res = await get(origin, `/v2/api/usage.json?key=${'k'.repeat(MAX_KEY_LENGTH)}`);
    expect([res.status, JSON.parse(res.text).data.monthly_calls]).toEqual([200, 1]);
  });

  it('keeps at most its bound of keys, forgetting the one counted least recently', () => {
    const counter = new UsageCounter(3);
    const now = 1_700_000_000;
    for (const key of ['a', 'b', 'c']) counter.count(key, now);
    counter.count('a', now); // a used again: b is now the oldest
    counter.count('d', now);
    expect(counter.size).toBe(3);
    expect([
      counter.usage('a', now).total,
      counter.usage('b', now).total,
      counter.usage('c', now).total,
      counter.usage('d', now).total,
    ]).toEqual([2, 0, 1, 1]);
    for (let i = 0; i < 1000; i++) counter.count(`key-${i}`, now);
    expect(counter.size).toBe(3);
  });
});

describe('every live XML answer is well-formed (issue 37, finding 8)', () => {
  // No keys are configured here, so any key is accepted and the usage answer echoes it; an
  // error's message may echo the path. Characters XML cannot hold must never reach either.
  const urls = [
    '/v2/api/usage.xml?key=%01',
    '/v2/api/usage.xml?key=a%1Fb',
    '/v2/api/usage.xml?key=%C2%85',
    '/v2/api/usage.xml?key=%EF%BF%BE',
    '/v2/api/usage.xml?key=%EF%BF%BF',
    '/v2/api/usage.xml?key=ok%09key',
    '/v2/buildings/%EF%BF%BE.xml?key=k',
    '/v2/buildings/%EF%BF%BF.xml?key=k',
    '/v2/buildings/M%EF%BF%BEC.xml',
    '/v2/no/%EF%BF%BE.xml',
  ];

  it('holds no character XML cannot hold, whatever the key or the path asked', async () => {
    const answers = await Promise.all(urls.map((url) => get(origin, url)));
    for (const res of answers) expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const problems = await xmlProblems(answers.map((res) => res.body));
    expect(Object.fromEntries(urls.map((url, i) => [url, problems[i]]))).toEqual(
      Object.fromEntries(urls.map((url) => [url, undefined])),
    );
  });

  it('still accepts and echoes a printable key; the check finds what it should', async () => {
    const res = await get(origin, '/v2/api/usage.xml?key=caf%C3%A9-%E2%9C%93');
    expect([res.status, res.text]).toEqual([200, expect.stringContaining('<api_key>café-✓</api_key>')]);
    const problems = await xmlProblems([res.body, '<a>\u0001</a>', '<a>\uFFFE</a>', '<a>\uFFFF</a>']);
    expect(problems[0]).toBeUndefined();
    for (const problem of problems.slice(1)) expect(problem).toMatch(/not well-formed/);
  });
});
