// Astro's build in a process of its own (src/pipeline/astro-run.ts): what it printed reaches the
// build when it fails, and a build that fails meanwhile can stop it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { BUILD_SETTINGS, resolveConfig } from '../../src/config/settings.ts';
import { pageContext } from '../../src/core/pages/page-context.ts';
import * as astroRun from '../../src/pipeline/astro-run.ts';
import {
  type AstroBuildOptions,
  astroRunFiles,
  startAstroBuild,
  warmAstroBuild,
} from '../../src/pipeline/astro-run.ts';
import { buildSite } from '../../src/pipeline/build.ts';
import { createBuildContext } from '../../src/pipeline/context.ts';
import { isRunning } from '../../src/pipeline/output-lock.ts';
import { copySmallData, EPOCH, ROOT, removeDir, runBuild, startBuild, tempDir } from '../helpers/build.ts';

/**
 * Runs render inside the project, as a build's do (Astro moves files from its own folder there:
 * another file system would not do).
 */
const runs: string[] = [];
afterAll(() =>
  Promise.all(runs.flatMap((dir) => [dir, `${dir}-vite`, ...astroRunFiles(dir)]).map((p) => removeDir(p))),
);

/** What to build over a page context the pages cannot read (not JSON), into a folder of the test's. */
function badOptions(name: string): AstroBuildOptions {
  const outDir = path.join(ROOT, `.astro-build-${process.pid}-test-${name}`);
  runs.push(outDir);
  return {
    root: ROOT,
    outDir,
    site: 'http://localhost:3000/',
    base: '/',
    viteCache: `${outDir}-vite`,
    pageContextJson: '{not json',
  };
}

/** The page context of a build of the project's data, as the build hands it to Astro. */
function builtContext(): string {
  return JSON.stringify(
    pageContext(createBuildContext(ROOT, resolveConfig(BUILD_SETTINGS, { SOURCE_DATE_EPOCH: String(EPOCH) }, ROOT))),
  );
}

/** A run over a page context the pages cannot read. */
function badRun(name: string) {
  const options = badOptions(name);
  return { outDir: options.outDir, run: startAstroBuild(options) };
}

describe('a run of Astro in its own process', () => {
  it('fails with one line naming what went wrong, and leaves no file it was told through or printed into', async () => {
    const { outDir, run } = badRun('bad');
    const error = await run.done.then(
      () => undefined,
      (e: unknown) => e as Error,
    );
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

describe('a process of Astro started before the build knows what to build (a cold build reading its data)', () => {
  it('builds what it is told once Astro is loaded, as a process started then does', async () => {
    const options = badOptions('warm');
    const { outDir } = options;
    const warm = warmAstroBuild(options);
    // Told after Astro has had the time to load (a build reading its data): the message waits for it, or it for this.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const run = warm.start(options);
    expect(() => warm.start(options)).toThrow(/started already/);
    // The page context it was told is read (and here refused): it built what it was told, not nothing.
    await expect(run.done).rejects.toThrow(/^Astro's build failed \(exit 1\): .*JSON/);
    for (const file of astroRunFiles(outDir)) expect(existsSync(file)).toBe(false);
  });

  it('cancelled unused (the pages were cached, or the data failed), ends and leaves no file', async () => {
    const setup = badOptions('cancelled');
    const { outDir } = setup;
    const warm = warmAstroBuild(setup);
    expect(existsSync(astroRunFiles(outDir)[1])).toBe(true); // its log
    warm.cancel();
    await expect.poll(() => isRunning(warm.pid!)).toBe(false);
    for (const file of astroRunFiles(outDir)) expect(existsSync(file)).toBe(false);
    warm.cancel(); // twice: nothing more
  });

  it('bundles the pages before told their context, renders once told, and leaves nothing if cancelled', async () => {
    const setup = { ...badOptions('bundles-first'), pageContextJson: builtContext() };
    const warm = warmAstroBuild(setup);
    // Astro writes the pages' server bundle into its output folder before it renders any page, which waits.
    await vi.waitFor(() => expect(existsSync(setup.outDir)).toBe(true), { timeout: 30_000, interval: 50 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(existsSync(path.join(setup.outDir, 'index.html'))).toBe(false);
    await warm.start(setup).done;
    expect(readFileSync(path.join(setup.outDir, 'index.html'), 'utf8')).toContain('<html');

    const cancelled = { ...badOptions('bundled-cancelled'), pageContextJson: '' };
    const unused = warmAstroBuild(cancelled);
    await vi.waitFor(() => expect(existsSync(cancelled.outDir)).toBe(true), { timeout: 30_000, interval: 50 });
    unused.cancel();
    await expect.poll(() => isRunning(unused.pid!)).toBe(false);
    await expect.poll(() => [cancelled.outDir, cancelled.viteCache].filter((p) => existsSync(p))).toEqual([]);
  });
});

describe('a run of Astro whose build ends first', () => {
  it('stops rather than render pages nobody awaits: told through its channel, whatever ended the build', async () => {
    // A process that starts a run over a real page context and is killed at once, as an interrupted build is.
    const { spawn } = await import('node:child_process');
    const { writeFileSync } = await import('node:fs');
    const { createBuildContext } = await import('../../src/pipeline/context.ts');
    const { pageContext } = await import('../../src/core/pages/page-context.ts');
    const outDir = path.join(ROOT, `.astro-build-${process.pid}-test-orphan`);
    runs.push(outDir);
    const contextFile = `${outDir}-context.json`;
    runs.push(contextFile);
    writeFileSync(
      contextFile,
      JSON.stringify(
        pageContext(
          createBuildContext(ROOT, resolveConfig(BUILD_SETTINGS, { SOURCE_DATE_EPOCH: String(EPOCH) }, ROOT)),
        ),
      ),
    );
    const script = `import { readFileSync } from 'node:fs';
import { startAstroBuild } from ${JSON.stringify(path.join(ROOT, 'src/pipeline/astro-run.ts'))};
const run = startAstroBuild({
  root: ${JSON.stringify(ROOT)},
  outDir: ${JSON.stringify(outDir)},
  site: 'http://localhost:3000/',
  base: '/',
  viteCache: ${JSON.stringify(`${outDir}-vite`)},
  pageContextJson: readFileSync(${JSON.stringify(contextFile)}, 'utf8'),
});
process.stdout.write(String(run.pid) + '\\n');
setInterval(() => {}, 1000);`;
    const parent = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = Number(
      await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))),
    );
    parent.kill('SIGKILL');
    const alive = () => isRunning(pid);
    // Left alone, the run would end well after rendering the pages; told, it ends before.
    while (alive()) await new Promise((r) => setTimeout(r, 100));
    expect(existsSync(path.join(outDir, 'index.html'))).toBe(false);
  });
});

/** This process's children that run Astro's build script (astro-child.ts); an ended one waiting to be reaped is not. */
function astroChildren(): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid && readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('astro-child'))
        found.push(Number(name));
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

describe('the process of Astro a cold build starts first', () => {
  /** A build of `data` into `out`, and how many Astro processes it started before reading the data. */
  async function build(data: string, out: string) {
    const settings = resolveConfig(BUILD_SETTINGS, { DATA_DIR: data, SOURCE_DATE_EPOCH: String(EPOCH) }, ROOT);
    const started = vi.spyOn(astroRun, 'warmAstroBuild');
    try {
      const report = await buildSite({ root: ROOT, outDir: out, settings, say: () => {} }).catch((e: Error) => e);
      return { report, started: started.mock.calls.length };
    } finally {
      started.mockRestore();
    }
  }

  it('is ended when the data fails', async () => {
    const work = await tempDir();
    try {
      await copySmallData(path.join(work, 'data'));
      await writeFile(path.join(work, 'data/methods.csv'), 'not,a,method,directory\n');
      const { report, started } = await build(path.join(work, 'data'), path.join(work, 'dist'));
      expect(report).toBeInstanceOf(Error);
      expect(started).toBe(1);
      await vi.waitFor(() => expect(astroChildren()).toEqual([]), { timeout: 10_000, interval: 50 });
    } finally {
      await removeDir(work);
    }
  });
});

// Found by killing builds (issue 37): after a SIGKILL, Astro's `.astro-build-*` folders and files were left in the
// project root (12 of 36 kills) and a stale build.lock (17 of 36), until the next build.
describe('a build killed while Astro works', () => {
  it('leaves nothing in the project root; the next build takes its lock at once and removes the rest', async () => {
    const work = await tempDir();
    try {
      const env = { DATA_DIR: path.join(work, 'data'), ASTRO_CACHE_DIR: path.join(work, 'astro-cache') };
      await copySmallData(env.DATA_DIR, { terms: ['1145'] });
      const out = path.join(work, 'dist');
      const versions = path.join(work, '.dist-versions');
      // A cold build (nothing in its Astro cache) starts Astro before it reads the data: it works there once locked.
      const killed = startBuild(out, { ...env, CAMPUS_BUILD_TEST_PAUSE: 'locked' });
      await killed.printed('campus-build-paused locked');
      const pid = killed.child.pid!;
      expect(readdirSync(versions).filter((n) => n.startsWith(`${pid}-`) && n.endsWith('-astro'))).toHaveLength(1);
      killed.child.kill('SIGKILL');
      expect(await killed.ended).toBe('SIGKILL');
      expect(readdirSync(ROOT).filter((n) => n.includes(String(pid)))).toEqual([]);
      expect(existsSync(path.join(versions, 'build.lock'))).toBe(true);

      const next = await runBuild(out, env, ['--api-only']);
      expect(next.code, next.stderr).toBe(0);
      expect(next.stderr).toContain(`Taking over the lock of ${out}/: build ${pid} is no longer running.`);
      expect(next.stderr).not.toContain('waiting');
      await vi.waitFor(() => expect(readdirSync(versions).filter((n) => n.startsWith(`${pid}-`))).toEqual([]), {
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      await removeDir(work);
    }
  });
});
