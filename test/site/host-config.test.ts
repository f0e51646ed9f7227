import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../bench/free-port.ts';
import { ROOT } from '../helpers/build.ts';
import { get } from '../helpers/http.ts';
import { basedSite } from '../helpers/sites.ts';

let dist: string;
let serveProcess: ChildProcess;
let origin: string;

beforeAll(async () => {
  dist = basedSite(); // shared, read-only
  const port = await freePort();
  serveProcess = spawn(
    path.join(ROOT, 'node_modules/.bin/serve'),
    [dist, '-l', `tcp://127.0.0.1:${port}`, '--no-port-switching', '--no-clipboard'],
    { stdio: 'ignore' },
  );
  origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      await get(origin, '/v2/api/methods.json');
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error(`npx serve did not answer on ${origin} within 10 s`);
});
afterAll(async () => {
  serveProcess?.kill();
});

describe('host configuration written by the build', () => {
  it('makes plain `npx serve dist` send the API with its content type, CORS and caching headers', async () => {
    for (const [url, type] of [
      ['/v2/api/methods.json', 'application/json; charset=utf-8'],
      ['/v2/resources/infosessions.xml', 'application/xml; charset=utf-8'],
    ]) {
      const res = await get(origin, url!);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('writes _headers for Netlify and Cloudflare Pages under the base path of SITE_URL', async () => {
    const text = await readFile(path.join(dist, '_headers'), 'utf8');
    expect(text).toContain(
      '/campus-api/v2/*.json\n  Content-Type: application/json; charset=utf-8\n  Cache-Control: ' +
        'public, max-age=0, must-revalidate\n',
    );
    expect(text).toContain('/campus-api/v2/*.xml\n  Content-Type: application/xml; charset=utf-8\n');
    expect(text).toContain('  Access-Control-Allow-Origin: *');
  });

  it('writes .nojekyll so GitHub Pages serves folders starting with _', async () => {
    expect(await readFile(path.join(dist, '.nojekyll'), 'utf8')).toBe('');
  });
});
