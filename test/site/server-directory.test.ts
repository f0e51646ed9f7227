// What npm start adds for the whole directory: keys on every method whose row needs one, 404
// with the method's ID for a placeholder value without a file, no-data files answered as files,
// and the live methods: server time (1087) and the caller's key usage (1097), counted as the
// specification's limits table says.
import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodServices } from '../../src/core/datasets/method-services.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { loadSiteData } from '../../src/load/data-fs.ts';
import { keyStoreFromEnv } from '../../src/server/keys.ts';
import { createSiteServer } from '../../src/server/server.ts';
import { EPOCH, ROOT } from '../helpers/build.ts';
import { close, get, listen } from '../helpers/http.ts';
import { rootSite } from '../helpers/sites.ts';
import { parseXml } from '../helpers/xml.ts';

let origin: string;
let server: Server;
const logs: string[] = [];
const KEY = 'usage-key-123';

beforeAll(async () => {
  const dist = rootSite(); // the shared build (read-only)
  const directory = loadSiteData(path.join(ROOT, 'data'), ROOT).directory;
  const services = methodServices(directory, DATASETS);
  // 1217 has a placeholder and publishes one file per building (v2/buildings/MC.json among them).
  expect(services.get(1217)?.hasData).toBe(true);
  server = createSiteServer({
    distDir: dist,
    directory,
    services,
    keys: keyStoreFromEnv({ API_KEYS: `${KEY},other-key` }),
    log: (l) => logs.push(l),
  });
  origin = await listen(server);
});
afterAll(async () => {
  await close(server);
});

const meta = async (url: string) => {
  const res = await get(origin, url);
  return {
    status: res.status,
    meta: (url.includes('.xml') ? parseXml(res.text).response : JSON.parse(res.text)).meta,
    res,
  };
};

describe('keys and paths across the directory', () => {
  it.each([
    ['/v2/resources/academics/groups.json', 1229],
    ['/v2/courses/CS.json', 1153],
    ['/v2/buildings/XYZ.json', 1217],
    ['/v2/resources/printers.xml', 1123],
  ])('%s without a key answers 401 with method %i', async (url, id) => {
    const { status, meta: m } = await meta(url);
    expect(status).toBe(401);
    expect(Number(m.method_id)).toBe(id);
  });

  it('answers a placeholder value that has a file with it, and one without with 404 and the method ID', async () => {
    expect((await get(origin, `/v2/buildings/MC.json?key=${KEY}`)).status).toBe(200);
    const { status, meta: m } = await meta(`/v2/buildings/XYZ.json?key=${KEY}`);
    expect(status).toBe(404);
    expect(m.method_id).toBe(1217);
    expect(m.message).toMatch(/^Not found: method 1217 \(Building details\) has no record at \/buildings\/XYZ\.json/);
  });

  it('answers a method with placeholders that nothing feeds with 404 and its ID', async () => {
    const { status, meta: m } = await meta(`/v2/courses/CS/135/schedule.json?key=${KEY}`);
    expect([status, m.method_id]).toEqual([404, 1171]);
    expect(m.message).toContain('publishes no data');
  });

  it('serves a no-data file as a file: HTTP 200, meta.status 204, its own method ID', async () => {
    const { status, meta: m } = await meta(`/v2/resources/printers.json?key=${KEY}`);
    expect([status, m.status, m.method_id]).toEqual([200, 204, 1123]);
  });
});

describe('live methods', () => {
  it.each(['json', 'xml'])('1087 answers the server time now in %s, not the build time', async (format) => {
    const before = Math.floor(Date.now() / 1000);
    const res = await get(origin, `/v2/server/time.${format}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const doc = format === 'json' ? JSON.parse(res.text) : parseXml(res.text).response;
    const timestamp = Number(doc.data.timestamp);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).not.toBe(EPOCH);
    expect(Number(doc.meta.timestamp)).toBe(timestamp);
    expect(doc.data.datetime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    expect(Number(doc.data.key_reset_time)).toBeGreaterThan(timestamp);
  });

  it('1087 answers JSONP too', async () => {
    const res = await get(origin, '/v2/server/time.json?callback=onTime');
    expect(res.text).toMatch(/^\/\*\*\/onTime\(\{"meta":/);
  });

  it("1097 counts the caller's calls that return data, not the method listing's or a no-data answer's", async () => {
    await get(origin, `/v2/resources/academics/groups.json?key=${KEY}`);
    await get(origin, `/v2/resources/infosessions.json?key=${KEY}&callback=cb`);
    await get(origin, `/v2/api/methods.json?key=${KEY}`); // 1103: calling it does not increase usage
    await get(origin, `/v2/resources/printers.json?key=${KEY}`); // no data returned
    await get(origin, `/v2/resources/academics/groups.json?key=other-key`); // another caller
    const first = JSON.parse((await get(origin, `/v2/api/usage.json?key=${KEY}`)).text);
    const again = JSON.parse((await get(origin, `/v2/api/usage.json?key=${KEY}`)).text);
    // MC.json above counted once too (a data file of 1217): groups, infosessions, MC, then usage itself.
    expect(first.data).toEqual({ name: null, api_key: KEY, monthly_calls: 4, total_calls: 4 });
    expect(first.meta).toMatchObject({ status: 200, method_id: 1097, requests: 4 });
    expect(again.data.total_calls).toBe(5);
    expect(again.meta.requests).toBe(5);
  });

  it('1097 needs a key, and the access log never shows one', async () => {
    expect((await get(origin, '/v2/api/usage.json')).status).toBe(401);
    expect(logs.some((l) => l.includes('/v2/api/usage.json?key=REDACTED'))).toBe(true);
    expect(logs.join('\n')).not.toContain(KEY);
  });
});
