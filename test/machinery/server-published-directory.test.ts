// npm start answers by the directory of the version it serves (issue 23, item 2; issue 25):
// a rebuild that changes methods.csv changes the key rules and paths of the running server in
// the same swap as the files, without a restart.
import { readFile, writeFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteData } from '../../src/load/data-fs.ts';
import { keyStoreFromEnv } from '../../src/server/keys.ts';
import { createSiteServer } from '../../src/server/server.ts';
import { copySmallData, ROOT, removeDir, tempDir } from '../helpers/build.ts';
import { buildInProcess } from '../helpers/build-in-process.ts';
import { close, get, listen } from '../helpers/http.ts';

let work: string;
let data: string;
let out: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  work = await tempDir();
  data = path.join(work, 'data');
  out = path.join(work, 'dist');
  await copySmallData(data, { terms: ['1145'] });
  await buildInProcess(out, { DATA_DIR: data }, { pages: false });
  // The directory read at startup, as npm start used to pass it: the published one must win.
  const directory = loadSiteData(data, ROOT).directory;
  server = createSiteServer({
    distDir: out,
    directory,
    keys: keyStoreFromEnv({ API_KEYS: 'good-key' }),
    log: () => {},
  });
  origin = await listen(server);
}, 120_000);
afterAll(async () => {
  await close(server);
  await removeDir(work);
});

const methodOf = async (url: string) => {
  const res = await get(origin, url);
  return [res.status, JSON.parse(res.text).meta.method_id];
};

describe('the directory of the version served', () => {
  it('is not served itself', async () => {
    expect((await get(origin, '/.campus-directory.json')).status).toBe(404);
  });

  // The specification fixes every method's path (npm run check refuses a moved one: see
  // whole-folder.test.ts), so the rebuild changes the key rules both ways instead.
  it('changes with a rebuild: 1109 made key-required, 1229 made keyless, with no restart', async () => {
    expect(await methodOf('/v2/api/versions.json')).toEqual([200, 1109]);
    expect(await methodOf('/v2/resources/academics/groups.json')).toEqual([401, 1229]);
    expect(await methodOf('/v2/resources/academics/groups.json?key=good-key')).toEqual([200, 1229]);

    const csv = path.join(data, 'methods.csv');
    const rows = (await readFile(csv, 'utf8')).split('\n');
    const edit = (id: string, change: (cells: string[]) => void) => {
      const i = rows.findIndex((r) => r.startsWith(`${id},`));
      const cells = rows[i]!.split(',');
      change(cells);
      rows[i] = cells.join(',');
    };
    edit('1109', (cells) => (cells[6] = 'yes'));
    edit('1229', (cells) => (cells[6] = ''));
    await writeFile(csv, rows.join('\n'));
    await buildInProcess(out, { DATA_DIR: data }, { pages: false });

    expect(await methodOf('/v2/api/versions.json')).toEqual([401, 1109]);
    expect((await get(origin, '/v2/api/versions.json?key=bad-key')).status).toBe(403);
    expect(await methodOf('/v2/api/versions.json?key=good-key')).toEqual([200, 1109]);
    expect(await methodOf('/v2/resources/academics/groups.json')).toEqual([200, 1229]);
  }, 120_000);
});
