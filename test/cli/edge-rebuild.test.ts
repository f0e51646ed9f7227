// Key rules at the edge come from the version served (issue 37, finding 6). An operator runs the
// Worker under `wrangler dev` and rebuilds with a method made key-required: wrangler serves the
// new files at once but reloads the Worker later. Before, the Worker answered the new files under
// the old rules in that window (170 and 250 answers without a key, in two runs of the probe).
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_FILE, directoryFileBody } from '../../src/core/datasets/published-directory.ts';
import { concretePath } from '../../src/core/records/method-entry.ts';
import { assetsIgnore, wranglerConfig } from '../../src/core/site/edge-config.ts';
import { removeDir, tempDir } from '../helpers/build.ts';
import { DIRECTORY } from '../helpers/directory.ts';
import { type EdgeWorker, startEdgeWorkers } from '../helpers/edge.ts';

const entry = DIRECTORY.find((e) => !e.keyRequired && concretePath(e, 'json') && e.methodId !== 1103)!;
const file = `v2${concretePath(entry, 'json')}`;
let work: string;
let out: string;
let worker: EdgeWorker | undefined;

/** Writes a version of the output: the method's file (marked) and a directory with its key rule. */
async function publish(keyRequired: boolean, mark: string): Promise<void> {
  const directory = DIRECTORY.map((e) => (e.methodId === entry.methodId ? { ...e, keyRequired } : e));
  await writeFile(path.join(out, file), `{"meta":{"status":200},"data":["${mark}"]}\n`);
  await writeFile(path.join(out, 'next'), directoryFileBody(directory, new Map()));
  await rename(path.join(out, 'next'), path.join(out, DIRECTORY_FILE));
}

beforeAll(async () => {
  work = await tempDir('campus-edge-rebuild-');
  out = path.join(work, 'out');
  await mkdir(path.dirname(path.join(out, file)), { recursive: true });
  await writeFile(path.join(out, 'wrangler.json'), wranglerConfig({ basePath: '/' }));
  await writeFile(path.join(out, '.assetsignore'), assetsIgnore());
  await publish(false, 'first');
  // wrangler's watchers on, as `wrangler dev` runs: the rebuild under them is the subject.
  [worker] = await startEdgeWorkers(out, 'a-key', work, 1, {}, { watch: true });
}, 120_000);
afterAll(async () => {
  await worker?.dispose();
  await removeDir(work);
});

describe('a rebuild under a running Worker', () => {
  it('never answers the new files under the old key rules', async () => {
    const ask = async () => {
      const res = await fetch(`${worker!.origin}/${file}`);
      return `${res.status} ${(await res.text()).includes('second') ? 'second' : 'first'}`;
    };
    expect(await ask()).toBe('200 first');
    await publish(true, 'second');
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await ask());
    // Each answer is the old version whole (200, its file) or the new one (401, no data): never mixed.
    expect(answers.filter((a) => a === '200 second')).toEqual([]);
    expect(answers.at(-1)).toBe('401 first');
  });
});
