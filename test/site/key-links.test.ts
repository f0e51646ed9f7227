import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { Agent } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteData } from '../../src/load/data-fs.ts';
import { keyStoreFromEnv } from '../../src/server/keys.ts';
import { createSiteServer } from '../../src/server/server.ts';
import { ROOT } from '../helpers/build.ts';
import { close, get, listen } from '../helpers/http.ts';
import { rootSite } from '../helpers/sites.ts';

// A developer's path through the site under `npm start` with keys: every link of every page is
// followed, as a developer clicking through would, and none answers "needs an API key" (401).
const KEY = 'crawl-key-1';
let origin: string;
let stop: () => Promise<void>;
const agent = new Agent({ keepAlive: true, maxSockets: 8 });

beforeAll(async () => {
  const directory = loadSiteData(path.join(ROOT, 'data'), ROOT).directory;
  const server = createSiteServer({
    distDir: rootSite(),
    directory,
    basePath: '/',
    keys: keyStoreFromEnv({ API_KEYS: KEY }),
    log: () => {},
  });
  origin = await listen(server);
  stop = () => close(server);
});
afterAll(async () => {
  agent.destroy();
  await stop?.();
});

/** Every HTML page of the build, as site paths (`/methods/1217/`). */
async function sitePages(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const p = path.posix.join(rel, e.name);
    if (e.isDirectory()) out.push(...(await sitePages(dir, p)));
    else if (e.name === 'index.html') out.push(`/${rel}${rel ? '/' : ''}`);
  }
  return out;
}

describe('every link of the built site under npm start with API_KEYS', () => {
  it('answers no link with 401; each link with the placeholder key works once a real key stands in it', async () => {
    const pages = await sitePages(rootSite());
    expect(pages.length).toBeGreaterThan(600);
    const links = new Set<string>();
    for (const p of pages) {
      const html = readFileSync(rootSite(`${p}index.html`), 'utf8');
      for (const m of html.matchAll(/\shref="([^"]*)"/g)) {
        const href = m[1]!.replace(/&amp;/g, '&').replace(/&#38;/g, '&');
        const url = new URL(href, `${origin}${p}`);
        if (url.origin === origin) links.add(url.pathname + url.search);
      }
    }
    const keyed = [...links].filter((l) => l.includes('key=YOUR_KEY'));
    // The building pages' API files (method 1217) are among them: 262 buildings, json and xml.
    expect(keyed.filter((l) => l.startsWith('/v2/buildings/')).length).toBeGreaterThan(500);
    const unauthorized: string[] = [];
    const broken: string[] = [];
    const queue = [...links];
    const worker = async () => {
      for (let link = queue.pop(); link !== undefined; link = queue.pop()) {
        const res = await get(origin, link, { agent, method: 'HEAD' });
        if (res.status === 401) unauthorized.push(link);
        if (link.includes('key=YOUR_KEY')) {
          const real = await get(origin, link.replace('key=YOUR_KEY', `key=${KEY}`), { agent, method: 'HEAD' });
          if (real.status !== 200) broken.push(`${link} ${real.status}`);
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(unauthorized, `${links.size} links`).toEqual([]);
    expect(broken).toEqual([]);
  });
});

describe('a method with a placeholder', () => {
  it.each([1153, 1163, 1187, 1217])(
    'lists on its page the values that exist, each linked to its file (method %i)',
    async (id) => {
      const html = await readFile(rootSite(`methods/${id}/index.html`), 'utf8');
      const list = new RegExp(
        '<details class="values"><summary>The (\\d+) values of [^<]+</summary>\\s*' +
          '<ul class="value-list">([\\s\\S]*?)</ul>',
      ).exec(html);
      expect(list, `methods/${id}/`).not.toBeNull();
      const hrefs = [...list![2]!.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(hrefs.length).toBe(Number(list![1]));
      expect(hrefs.length).toBeGreaterThan(1);
      // Each is a published file (the crawl above fetches them with the key).
      for (const h of hrefs.slice(0, 5)) {
        const res = await get(origin, h.replace('key=YOUR_KEY', `key=${KEY}`), { agent, method: 'HEAD' });
        expect(res.status, h).toBe(200);
      }
    },
  );

  it("lists every building code on method 1217's page", async () => {
    const html = await readFile(rootSite('methods/1217/index.html'), 'utf8');
    const buildings = (await readdir(rootSite('buildings'), { withFileTypes: true })).filter((e) =>
      e.isDirectory(),
    ).length;
    expect(html).toContain(`The ${buildings} values of`);
  });
});
