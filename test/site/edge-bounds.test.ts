// The Worker is bounded like npm start (issue 37, finding 5). An operator deploys with no keys
// configured, so any key is accepted; callers invent hundreds of keys. Before, each distinct
// key made a Durable Object of its own, without end (6,000 keys: workerd from 755 to 1,224 MB).
// Now usage lives in a fixed number of objects, holding at most the bound in all, the key
// counted least recently forgotten first. Counted here from workerd's own state on disk.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USAGE_SHARDS } from '../../src/server/edge-usage.ts';
import { removeDir, tempDir } from '../helpers/build.ts';
import { type EdgeWorker, startEdgeWorkers, usageAssets } from '../helpers/edge.ts';
import { get } from '../helpers/http.ts';
import { rootSite } from '../helpers/sites.ts';
import { xmlProblems } from '../helpers/xml-wellformed.ts';

const BOUND = 32;
const CALLERS = 240;
let work: string;
let worker: EdgeWorker | undefined;

beforeAll(async () => {
  work = await tempDir('campus-edge-bounds-');
  // The shared build's Worker over the few files usage reads (usageAssets): its start hashes every asset.
  const assets = usageAssets(rootSite(), path.join(work, 'assets'));
  [worker] = await startEdgeWorkers(assets, '', work, 1, { USAGE_MAX_KEYS: String(BOUND) });
}, 120_000);
afterAll(async () => {
  await worker?.dispose();
  await removeDir(work);
});

/** A caller's usage as the Worker answers it (the call itself counts: 1097 counts when it answers). */
async function usageOf(key: string): Promise<{ monthly_calls: number; total_calls: number }> {
  const res = await get(worker!.origin, `/v2/api/usage.json?key=${key}`);
  expect(res.status).toBe(200);
  return JSON.parse(res.text).data;
}

describe('usage at the edge with no keys configured', () => {
  it('never echoes a key XML cannot hold: refused, every XML answer well-formed (finding 8)', async () => {
    const urls = ['%01', 'a%1Fb', '%EF%BF%BE', '%C2%85'].map((k) => `/v2/api/usage.xml?key=${k}`);
    const answers = await Promise.all(urls.map((url) => get(worker!.origin, url)));
    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect((await xmlProblems(answers.map((a) => a.body))).filter(Boolean)).toEqual([]);
  });

  it(`keeps ${CALLERS} callers' counts in ${USAGE_SHARDS} objects at most, ${BOUND} in all, oldest out`, async () => {
    const callers = Array.from({ length: CALLERS }, (_, i) => `caller-${i}`);
    for (let i = 0; i < callers.length; i += 8) await Promise.all(callers.slice(i, i + 8).map(usageOf));
    // The first caller was forgotten long ago: asking again counts it afresh. The last is kept.
    expect(await usageOf(callers[0]!)).toMatchObject({ total_calls: 1 });
    expect(await usageOf(callers.at(-1)!)).toMatchObject({ total_calls: 2 });
    await worker!.dispose();
    worker = undefined;
    const folder = path.join(work, 'state-0/v3/do/campus-api-UsageCounterObject');
    const files = (await readdir(folder)).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
    let counts = 0;
    for (const file of files) {
      const db = new DatabaseSync(path.join(folder, file), { readOnly: true });
      counts += (db.prepare("SELECT count(*) AS n FROM _cf_KV WHERE key LIKE 'key:%'").get() as { n: number }).n;
      db.close();
    }
    expect(files.length).toBeGreaterThan(1);
    expect(files.length).toBeLessThanOrEqual(USAGE_SHARDS);
    expect(counts).toBeGreaterThan(0);
    expect(counts).toBeLessThanOrEqual(BOUND);
  }, 120_000);
});
