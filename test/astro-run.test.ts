// Astro's build in a process of its own (src/build/astro-run.ts): what it printed reaches the
// build when it fails, and a build that fails meanwhile can stop it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { astroRunFiles, startAstroBuild } from '../src/build/astro-run.ts';
import { removeDir, ROOT } from './helpers/build.ts';

/** Runs render inside the project, as a build's do (Astro moves files from its own folder there: another file system would not do). */
const runs: string[] = [];
afterAll(() => Promise.all(runs.flatMap((dir) => [dir, `${dir}-vite`, ...astroRunFiles(dir)]).map((p) => removeDir(p))));

/** A run over a page context the pages cannot read (not JSON), rendering into a folder of the test's. */
function badRun(name: string) {
  const outDir = path.join(ROOT, `.astro-build-${process.pid}-test-${name}`);
  runs.push(outDir);
  return { outDir, run: startAstroBuild({ root: ROOT, outDir, site: 'http://localhost:3000/', base: '/', viteCache: `${outDir}-vite`, pageContextJson: '{not json' }) };
}

describe('a run of Astro in its own process', () => {
  it('fails with one line naming what went wrong, and leaves no file it was told through or printed into', async () => {
    const { outDir, run } = badRun('bad');
    const error = await run.done.then(() => undefined, (e: unknown) => e as Error);
    expect(error?.message).toMatch(/^Astro's build failed \(exit 1\): .*JSON/);
    expect(error?.message.split('\n')).toHaveLength(1);
    for (const file of astroRunFiles(outDir)) expect(existsSync(file)).toBe(false);
  });

  it('ends when stopped', async () => {
    const { run } = badRun('stopped');
    run.stop();
    await expect(run.done).rejects.toThrow(/failed \(SIGTERM\)/);
  });
});
