import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRunning } from '../../src/pipeline/output-lock.ts';
import { OWNER_MARK } from '../../src/pipeline/output-versions.ts';
import { copySmallData, ROOT, removeDir, runBuild, startBuild, tempDir } from '../helpers/build.ts';
import { directoryOf } from '../helpers/directory.ts';
import { sharedSites } from '../helpers/sites.ts';

const API_ONLY = ['--api-only'];
const PAUSE = 'CAMPUS_BUILD_TEST_PAUSE';

// The builds here read a copy of data/ with one term of sessions (48), one subject of courses
// (CS) and one term of exam schedules: what is tested is how an output is published, whatever it holds, and a smaller
// output costs less to write and remove twenty times over (every course is 10,000 files).
let work: string;
let SMALL: { DATA_DIR: string };
beforeAll(async () => {
  work = await tempDir();
  SMALL = { DATA_DIR: path.join(work, 'data') };
  await copySmallData(SMALL.DATA_DIR, { terms: ['1145'] });
});
afterAll(() => removeDir(work));

/** A fresh folder for one scenario, and the output path inside it. */
async function scenario(name: string): Promise<string> {
  await mkdir(path.join(work, name));
  return path.join(work, name, 'dist');
}

/** Asserts that `out` resolves to a whole output: its stamp (written last) and the API files. */
async function expectComplete(out: string, why = ''): Promise<void> {
  const real = await realpath(out);
  for (const file of ['.campus-build.json', 'v2/api/methods.json', 'v2/resources/infosessions.json']) {
    expect(existsSync(path.join(real, file)), `${file} ${why}`).toBe(true);
  }
  expect(JSON.parse(await readFile(path.join(real, 'v2/api/methods.json'), 'utf8')).data.length, why).toBe(
    directoryOf(SMALL.DATA_DIR).length,
  );
}

/**
 * Asserts that nothing but the output link, its current version and at most two spare
 * versions (the output before, or a copy of the current one made in the background), each
 * with its manifest, is left once the background process the build started has finished; nor
 * an Astro folder of a finished build.
 */
async function expectNoLeftovers(out: string): Promise<void> {
  expect((await readdir(path.dirname(out))).sort()).toEqual(['.dist-versions', 'dist']);
  expect((await lstat(out)).isSymbolicLink()).toBe(true);
  const current = path.basename(await realpath(out));
  const versions = path.join(path.dirname(out), '.dist-versions');
  // Each version with its manifest; the mark.
  const settled = (names: string[]) =>
    names.every(
      (n) => n === OWNER_MARK || (n.endsWith('.files') ? names.includes(n.slice(0, -6)) : names.includes(`${n}.files`)),
    );
  for (let i = 0; i < 100 && !settled(await readdir(versions)); i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  const names = await readdir(versions);
  expect(names).toContain(current);
  expect(settled(names), names.join(' ')).toBe(true);
  expect(names.filter((n) => n !== OWNER_MARK).length, names.join(' ')).toBeLessThanOrEqual(6);
  const astro = (await readdir(ROOT)).filter(
    (n) => n.startsWith('.astro-build-') && !isRunning(Number(n.split('-')[2])),
  );
  expect(astro).toEqual([]);
}

describe('publishing an output', () => {
  it('keeps the output whole when the build is killed at any step or moment, ' +
    'and the next build removes what it left', async () => {
    const out = await scenario('kill');
    const started = performance.now();
    expect((await runBuild(out, SMALL, API_ONLY)).code).toBe(0);
    const buildMs = performance.now() - started;
    await expectComplete(out);
    let first = true;
    for (const step of ['locked', 'filled', 'linked', 'swapped']) {
      const build = startBuild(out, { ...SMALL, [PAUSE]: step }, API_ONLY);
      await build.printed(`campus-build-paused ${step}`);
      await expectComplete(out, `while paused at ${step}`);
      build.child.kill('SIGKILL');
      expect(await build.ended).toBe('SIGKILL');
      await expectComplete(out, `after a kill at ${step}`);
      // Each killed build held the lock: the next one takes it over and says so.
      if (!first) expect(build.stderr()).toMatch(/Taking over the lock of .*dist\/: build \d+ is no longer running\./);
      first = false;
    }
    // Kills at random moments spread over the length of a whole build (measured above, process
    // start included), so that each lands while the build runs, whatever the machine's load.
    for (const delay of [0, 0.2, 0.4, 0.6, 0.8].map((f) => Math.round((f + Math.random() * 0.2) * buildMs))) {
      const build = startBuild(out, SMALL, API_ONLY);
      await new Promise((resolve) => setTimeout(resolve, delay));
      build.child.kill('SIGKILL');
      await build.ended;
      await expectComplete(out, `after a kill at ${delay} ms`);
    }
    const next = await runBuild(out, SMALL, API_ONLY);
    expect(next.code, next.stderr).toBe(0);
    await expectComplete(out);
    await expectNoLeftovers(out);
  }, 120_000);

  it('makes a second build of the same output wait, and an interrupted build removes its version and says what ' +
    'dist/ holds', async () => {
    const out = await scenario('wait');
    expect((await runBuild(out, SMALL, API_ONLY)).code).toBe(0);
    const first = startBuild(out, { ...SMALL, [PAUSE]: 'filled' }, API_ONLY);
    await first.printed('campus-build-paused filled');
    const second = startBuild(out, SMALL, API_ONLY);
    await second.printed(`is writing ${out}/; waiting for it to finish`);
    expect(second.stderr()).toContain(`Another build (pid ${first.child.pid}) is writing`);
    first.child.kill('SIGTERM');
    expect(await first.ended).toBe(143);
    expect(first.stderr()).toContain(
      `Build interrupted (SIGTERM): removed its temporary folders. ` +
        `${out}/ still holds the previous output; this build did not change it.`,
    );
    expect(await second.ended).toBe(0);
    await expectComplete(out);
    await expectNoLeftovers(out);
  }, 60_000);

  it('serialises two builds started together: both succeed and nothing is left over', async () => {
    const out = await scenario('race');
    const builds = [startBuild(out, SMALL, API_ONLY), startBuild(out, SMALL, API_ONLY)];
    const codes = await Promise.all(builds.map((b) => b.ended));
    expect(codes, builds.map((b) => b.stderr()).join('\n')).toEqual([0, 0]);
    await expectComplete(out);
    await expectNoLeftovers(out);
  }, 60_000);

  it('keeps builds of different outputs apart: none writes the Vite cache they would share', async () => {
    // The shared builds of this run (two outputs, side by side, Astro included) raced on
    // node_modules/.vite/deps when Astro pre-bundled into it; each build now has its own cache.
    const deps = path.join(ROOT, 'node_modules/.vite/deps');
    const written = existsSync(deps) ? (await lstat(deps)).mtimeMs : 0;
    expect(written).toBeLessThan(sharedSites().started);
  });

  it('says in one line what is wrong when the output folder cannot be created, and nothing untrue', async () => {
    const run = await runBuild('/proc/campus-dist', SMALL, API_ONLY);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'build: cannot create /proc/.campus-dist-versions: /proc/ does not accept new folders (ENOENT). To fix:',
    );
    expect(run.stderr).toContain('/proc/campus-dist/ does not exist; this build did not create it.');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
