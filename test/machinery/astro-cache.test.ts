// Astro runs only when what its pages are made from changes (src/pipeline/astro-cache.ts): a
// rebuild with the same inputs reuses the published version whole (src/pipeline/input-key.ts),
// one with the same sources and page context reuses Astro's cached output, a change to a page's
// source or to data the pages read runs it again, and either way the output is byte for byte
// a cold build's. The builds run in a copy of the project (its node_modules linked), so that a
// page's source can change without touching the repository's.
import { execFile } from 'node:child_process';
import { mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toggleOneRow } from '../../bench/one-row.ts';
import { copyProject, EPOCH, readTree, removeDir, tempDir } from '../helpers/build.ts';
import { buildInProcess } from '../helpers/build-in-process.ts';

let work: string;
let project: string;
let data: string;
beforeAll(async () => {
  work = await tempDir('campus-astro-cache-');
  project = path.join(work, 'project');
  data = path.join(project, 'data');
  await copyProject(project);
});
afterAll(() => removeDir(work));

/** What a build of the project copy reported (--report), and its summary line. */
async function build(
  out: string,
): Promise<{ astro: string; unchanged: boolean; reused: number; files: number; summary: string; warnings: string }> {
  const report = `${out}.report.json`;
  // The output's own cache, not the run's shared one (ASTRO_CACHE_DIR): this suite tests the cache of an output.
  const { DATA_DIR: _, SITE_URL: __, ASTRO_CACHE_DIR: ___, ...env } = process.env;
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    [
      '--experimental-strip-types',
      '--no-warnings=ExperimentalWarning',
      path.join(project, 'src/cli/build.ts'),
      '--out',
      out,
      '--report',
      report,
    ],
    { cwd: project, env: { ...env, SOURCE_DATE_EPOCH: String(EPOCH) }, maxBuffer: 64 * 1024 * 1024 },
  );
  return { ...JSON.parse(await readFile(report, 'utf8')), summary: stdout, warnings: stderr };
}

/**
 * The same build in this process (its report): for the steps whose subject is what Astro's cache gives, not what the
 * command prints. The settings unset as above: DATA_DIR, SITE_URL and ASTRO_CACHE_DIR.
 */
async function buildHere(out: string): Promise<{ astro: string; unchanged: boolean; reused: number; files: number }> {
  return buildInProcess(out, { DATA_DIR: '', SITE_URL: '', ASTRO_CACHE_DIR: '' }, { root: project });
}

/** Expects two sets of files (readTree) to hold the same files with the same bytes. */
function expectSameFiles(x: Map<string, Buffer>, y: Map<string, Buffer>, change: string): void {
  expect([...x.keys()], change).toEqual([...y.keys()]);
  expect(
    [...x].filter(([file, bytes]) => !bytes.equals(y.get(file)!)).map(([file]) => file),
    change,
  ).toEqual([]);
}

/** Expects two outputs to hold the same files with the same bytes. */
async function expectSameTree(a: string, b: string, change: string): Promise<void> {
  expectSameFiles(await readTree(a), await readTree(b), change);
}

/** Replaces text in a file of the project copy; fails when the text is not there. */
async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text, file).toContain(from);
  await writeFile(file, text.replace(from, to));
}

describe("Astro's cached output", () => {
  it('is reused while its inputs stay the same (sessions may change), ' +
    'and rendered anew after a change to a page or to data the pages read, the output a cold build’s', async () => {
    const out = path.join(work, 'incremental/dist');
    const first = await build(out);
    expect(first).toMatchObject({ astro: 'ran', unchanged: false });
    // The cold build of the data as it is, to compare a build of the same data with Astro's output cached with.
    const cold = await readTree(out);
    const marked = [...cold].filter(([, bytes]) => bytes.includes('@FILL:')).map(([file]) => file);
    expect(marked, 'files with a fill marker left in them').toEqual([]);

    // The same inputs: the published version reused whole, its warnings printed again.
    const unchanged = await build(out);
    // All files reused but the stamp, always written anew.
    expect(unchanged).toMatchObject({ astro: 'cached', unchanged: true, reused: unchanged.files - 1 });
    expect(unchanged.summary).toContain('Astro skipped');
    expect(unchanged.warnings).toBe(first.warnings);

    // A one-cell change of a session: filled in by the build, no Astro. Changed back, the
    // session is filled in again over the cached output (the published version is the changed
    // one's, so nothing is reused whole): the files are the cold build's of that data.
    const session = toggleOneRow(data);
    expect(await buildHere(out)).toMatchObject({ astro: 'cached', unchanged: false });
    expect(await readFile(path.join(out, `infosessions/${session}/index.html`), 'utf8')).toContain('(updated)');
    expect(toggleOneRow(data)).toBe(session);
    expect(await buildHere(out)).toMatchObject({ astro: 'cached', unchanged: false });
    expectSameFiles(await readTree(out), cold, 'a session changed and back');

    // A page's source.
    await edit(
      path.join(project, 'src/pages/404.astro'),
      'Nothing is published at this address.',
      'Nothing is published here.',
    );
    expect((await buildHere(out)).astro).toBe('ran');
    expect(await readFile(path.join(out, '404.html'), 'utf8')).toContain('Nothing is published here.');
    // Kept to compare with when the next change is undone (that the output after a rerun of
    // Astro is a cold build's is the next step's comparison).
    const pageChanged = await readTree(out);

    // Data the pages read: a building's name (the buildings' pages).
    await edit(
      path.join(data, 'buildings/Buildings.csv'),
      'Douglas Wright Engineering Building',
      'Douglas Wright Engineering Hall',
    );
    expect((await buildHere(out)).astro).toBe('ran');
    expect(await readFile(path.join(out, 'buildings/DWE/index.html'), 'utf8')).toContain(
      'Douglas Wright Engineering Hall',
    );
    const cold2 = path.join(work, 'cold/dist');
    expect((await buildHere(cold2)).astro).toBe('ran');
    await expectSameTree(out, cold2, 'a building changed');

    // Back to an earlier page context: its output is still cached.
    await edit(
      path.join(data, 'buildings/Buildings.csv'),
      'Douglas Wright Engineering Hall',
      'Douglas Wright Engineering Building',
    );
    expect((await buildHere(out)).astro).toBe('cached');
    expectSameFiles(await readTree(out), pageChanged, 'the building changed back');
  }, 400_000);
});

describe('a page context', () => {
  it('holds no timestamp and nothing of the sessions, so a session change leaves it as it is', async () => {
    const { createBuildContext } = await import('../../src/pipeline/context.ts');
    const { pageContext } = await import('../../src/core/pages/page-context.ts');
    const settings = (epoch: number) => ({
      dataDir: data,
      site: { url: 'http://localhost:3000/', basePath: '/', apiBase: 'http://localhost:3000/v2' },
      sourceDateEpoch: epoch,
    });
    const before = JSON.stringify(pageContext(createBuildContext(project, settings(1))));
    toggleOneRow(data);
    const after = JSON.stringify(pageContext(createBuildContext(project, settings(2))));
    expect(after === before, 'the page context changed with the sessions or the timestamp').toBe(true);
    expect(Object.keys(JSON.parse(before).address)).toEqual(['url', 'basePath', 'apiBase']);
  });
});

describe('a cache folder shared by the builds of every output (ASTRO_CACHE_DIR)', () => {
  /** A folder standing for Astro's output, holding one file of `text`. */
  async function rendering(name: string, text: string): Promise<string> {
    const dir = path.join(work, 'shared', name);
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'index.html'), text);
    return dir;
  }

  it(
    'stores a rendering whole under its key, replacing one already there with one rename, ' +
      'and leaves nothing else behind',
    async () => {
      const { cachedAstro, storeAstro } = await import('../../src/pipeline/astro-cache.ts');
      const folder = path.join(work, 'shared/cache');
      const temporary = new Set<string>();
      expect(cachedAstro(folder, 'k')).toBeUndefined();
      const first = await storeAstro(folder, 'k', await rendering('one', 'first'), temporary);
      expect(cachedAstro(folder, 'k')).toBe(first);
      // Another build of the same key stored it meanwhile (or it is damaged): this one takes its place.
      const second = await storeAstro(folder, 'k', await rendering('two', 'second'), temporary);
      expect(second).toBe(first);
      expect(await readFile(path.join(second, 'index.html'), 'utf8')).toBe('second');
      expect(await readdir(folder)).toEqual([path.basename(first)]);
      expect(temporary.size).toBe(0);
    },
  );

  it('says in one sentence when the folder named is a file', async () => {
    const { storeAstro } = await import('../../src/pipeline/astro-cache.ts');
    const file = path.join(work, 'shared/a-file');
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, 'not a folder');
    await expect(storeAstro(file, 'k', await rendering('three', 'third'), new Set())).rejects.toThrow(
      `ASTRO_CACHE_DIR ${file} is a file, not a folder: name a folder (it is made when missing), or unset it.`,
    );
  });

  it('keeps the 8 most recently used renderings and clears what dead builds left', async () => {
    const { pruneSharedCache } = await import('../../src/pipeline/astro-cache.ts');
    const folder = path.join(work, 'shared/pruned');
    await mkdir(folder, { recursive: true });
    const names = Array.from({ length: 10 }, (_, i) => `cache-astro-k${i}`);
    for (const [i, name] of names.entries()) {
      await mkdir(path.join(folder, name));
      const used = new Date(Date.UTC(2026, 0, 1 + i));
      await utimes(path.join(folder, name), used, used);
    }
    await mkdir(path.join(folder, '999999-mp-astro-draft')); // a build no longer running (no such process)
    await pruneSharedCache(folder);
    // The removal runs in a background process.
    await expect.poll(async () => (await readdir(folder)).sort(), { timeout: 10_000 }).toEqual(names.slice(2));
  });

  it(
    'leaves alone what it did not make there, whatever its name (the folder may be one the user keeps other things ' +
      'in)',
    async () => {
      const { pruneSharedCache } = await import('../../src/pipeline/astro-cache.ts');
      const folder = path.join(work, 'shared/mixed');
      await mkdir(path.join(folder, '999999-mp-astro-aside'), { recursive: true }); // a dead build's: cleared
      await mkdir(path.join(folder, '999998-removing-0')); // a dead remover's claim: cleared
      await writeFile(path.join(folder, '2024-12-31-notes.txt'), 'mine'); // the user's: kept
      await pruneSharedCache(folder);
      await expect
        .poll(async () => (await readdir(folder)).sort(), { timeout: 10_000 })
        .toEqual(['2024-12-31-notes.txt']);
    },
  );
});
