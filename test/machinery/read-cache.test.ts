import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toggleOneRow } from '../../bench/one-row.ts';
import { ValidationError } from '../../src/core/read/findings.ts';
import type { SiteData } from '../../src/core/records/site-data.ts';
import { listDataFiles, loadSiteData } from '../../src/load/data-fs.ts';
import { type ReadCounts, readCache } from '../../src/load/read-cache.ts';
import { READ_CACHE } from '../../src/pipeline/output-versions.ts';
import { copySmallData, readTree, removeDir, runBuild, tempDir } from '../helpers/build.ts';

let work: string;
let data: string;
let cache: string;
let files: number;
beforeAll(async () => {
  work = await tempDir();
  data = path.join(work, 'data');
  cache = path.join(work, 'reads');
  await copySmallData(data);
  // The data sets' files (the directory, the program, audience and place lists are read apart, every time).
  files = listDataFiles(data).filter((f) => !/^(methods\.csv|programs\/|audiences\/|places\/)/.test(f)).length;
});
afterAll(() => removeDir(work));

/** Reads the data folder through a cache in `folder` for code `code`: what it read, and what the reading counted. */
function load(code: string, folder = cache): { site: SiteData; counts: ReadCounts } {
  const reads = readCache(folder, code);
  try {
    return { site: loadSiteData(data, work, reads.readSet), counts: { ...reads.counts } };
  } finally {
    reads.finish();
  }
}

/** The error a reading through the cache throws, and what it counted. */
function failure(code: string): { error: unknown; counts: ReadCounts } {
  const reads = readCache(cache, code);
  try {
    loadSiteData(data, work, reads.readSet);
    return { error: undefined, counts: reads.counts };
  } catch (error) {
    return { error, counts: reads.counts };
  } finally {
    reads.finish();
  }
}

/** What a reading gives the build, as plain data (the same with the cache and without). */
function read(site: SiteData): unknown {
  return { ...site, methodFiles: [...(site.methodFiles ?? [])] };
}

/** The session files of the data folder, sorted. */
function sessionFiles(): string[] {
  return readdirSync(path.join(data, 'infosessions'))
    .filter((f) => f.endsWith('.csv'))
    .sort();
}

describe('the read cache', () => {
  it("reads each data set once: again only the changed file's set, and gives what a reading without it gives", () => {
    expect(load('code-a').counts).toEqual({ parsed: files, remembered: 0 });
    const warm = load('code-a');
    expect(warm.counts).toEqual({ parsed: 0, remembered: files });
    expect(read(warm.site)).toStrictEqual(read(loadSiteData(data, work)));

    toggleOneRow(data);
    const changed = load('code-a');
    // The changed term file's data set, the sessions, alone: every other data set's files are remembered.
    const sessions = sessionFiles().length;
    expect(changed.counts).toEqual({ parsed: sessions, remembered: files - sessions });
    expect(read(changed.site)).toStrictEqual(read(loadSiteData(data, work)));
    expect(JSON.stringify(read(changed.site))).toContain('(updated)');
    toggleOneRow(data);
  });

  it('reads every file again for other code', () => {
    load('code-a');
    expect(load('code-b').counts).toEqual({ parsed: files, remembered: 0 });
  });

  it('never trusts an entry that is cut short, garbled or under another name: it reads the file again', () => {
    const folder = path.join(work, 'reads-damaged');
    load('code-a', folder);
    const entries = readdirSync(folder).filter((n) => !n.startsWith('.'));
    expect(entries.length).toBeGreaterThan(2);
    const [first, second, ...rest] = entries;
    writeFileSync(path.join(folder, first!), readFileSync(path.join(folder, first!)).subarray(0, 100)); // cut short
    writeFileSync(path.join(folder, second!), readFileSync(path.join(folder, rest[0]!))); // another's entry
    for (const name of rest) {
      const bytes = readFileSync(path.join(folder, name));
      bytes[bytes.length - 3] = bytes[bytes.length - 3]! ^ 0xff; // garbled
      writeFileSync(path.join(folder, name), bytes);
    }
    const again = load('code-a', folder);
    expect(again.counts).toEqual({ parsed: files, remembered: 0 });
    expect(read(again.site)).toStrictEqual(read(loadSiteData(data, work)));
    // Read anew, they are whole again.
    expect(load('code-a', folder).counts).toEqual({ parsed: 0, remembered: files });
  });

  it('finds an id used in two files with both remembered, naming file:line:column', async () => {
    const [a, b] = sessionFiles().map((f) => path.join(data, 'infosessions', f));
    const original = await readFile(b!, 'utf8');
    const id = (await readFile(a!, 'utf8')).split('\n')[1]!.split(',')[0]!;
    const lines = original.split('\n');
    lines[1] = lines[1]!.replace(/^\d+,/, `${id},`);
    await writeFile(b!, lines.join('\n'));
    try {
      // The changed file's data set, remembered with its duplicate.
      expect(failure('code-a').counts.parsed).toBe(sessionFiles().length);
      const { error, counts } = failure('code-a');
      expect(counts.parsed).toBe(0);
      expect(error).toBeInstanceOf(ValidationError);
      const duplicate = (error as ValidationError).findings.find((f) => f.rule === 'duplicate-id');
      expect(duplicate).toMatchObject({ file: `data/infosessions/${path.basename(b!)}`, line: 2, column: 1 });
      expect(duplicate!.message).toContain(`id ${id} is already used at data/infosessions/${path.basename(a!)}:2`);
    } finally {
      await writeFile(b!, original);
    }
  });

  it("replays a remembered file's findings as reading finds them: errors and warnings in order, in place", async () => {
    const [file] = sessionFiles().map((f) => path.join(data, 'infosessions', f));
    const original = await readFile(file!);
    // A byte-order mark and CRLF line ends, a row whose date is not one (an error), an employer with a trailing space.
    const lines = original.toString('utf8').split('\n');
    const cells = (n: number) => lines[n]!.split(',');
    const badDate = cells(1);
    badDate[2] = 'Smarch 45';
    lines[1] = badDate.join(',');
    const spaced = cells(2);
    spaced[1] = `${spaced[1]} `; // a trailing space: a warning
    lines[2] = spaced.join(',');
    await writeFile(file!, `\uFEFF${lines.join('\r\n')}`);
    try {
      const fresh = (() => {
        try {
          loadSiteData(data, work);
        } catch (error) {
          return error as ValidationError;
        }
        throw new Error('the damaged file read without an error');
      })();
      expect(fresh.findings.map((f) => f.severity).sort()).toEqual(['error', 'warning']);
      const cold = failure('code-findings');
      const warm = failure('code-findings');
      expect([cold.counts.parsed, warm.counts.parsed]).toEqual([files, 0]);
      for (const { error } of [cold, warm]) {
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).findings).toStrictEqual(fresh.findings);
      }
    } finally {
      await writeFile(file!, original);
    }
  });

  it('reads a file renamed with the same bytes as the file it now is', async () => {
    const [first, ...others] = sessionFiles();
    const from = path.join(data, 'infosessions', first!);
    // A term after every other file's: the file's name is its term.
    const last = others.at(-1)!;
    const renamed = path.join(data, 'infosessions', `${Number(last.slice(0, 4)) + 10}.csv`);
    load('code-rename');
    await rename(from, renamed);
    try {
      const moved = load('code-rename');
      expect(moved.counts.parsed).toBe(sessionFiles().length); // its data set, read again
      expect(read(moved.site)).toStrictEqual(read(loadSiteData(data, work)));
    } finally {
      await rename(renamed, from);
    }
  });

  it('prunes only its own entries: a stray file or folder in it is left alone', () => {
    const folder = path.join(work, 'reads-foreign');
    load('code-a', folder);
    writeFileSync(path.join(folder, 'NOTES.txt'), 'mine');
    mkdirSync(path.join(folder, 'a-folder-of-mine'));
    for (const code of ['code-x', 'code-y', 'code-z']) load(code, folder);
    expect(readFileSync(path.join(folder, 'NOTES.txt'), 'utf8')).toBe('mine');
    expect(statSync(path.join(folder, 'a-folder-of-mine')).isDirectory()).toBe(true);
    // And pruning still bounds the entries (a folder among them used to stop it).
    expect(load('code-a', folder).counts.parsed).toBe(files);
  });

  it('keeps what it used and, least recently used first out, about as many bytes of others', () => {
    const folder = path.join(work, 'reads-bounded');
    const names = () => readdirSync(folder).filter((n) => !n.startsWith('.'));
    const bytes = () => names().reduce((n, name) => n + statSync(path.join(folder, name)).size, 0);
    let known: string[] = [];
    // Each code's entries an hour apart (a sub-millisecond run would tie their times): code-1's the oldest.
    const loadAt = (code: string, hour: number) => {
      load(code, folder);
      const made = names().filter((n) => !known.includes(n));
      for (const n of made) utimesSync(path.join(folder, n), 1_700_000_000 + hour * 3600, 1_700_000_000 + hour * 3600);
      known = names();
    };
    loadAt('code-1', 1);
    const generation = bytes();
    for (const [i, code] of ['code-2', 'code-3', 'code-4'].entries()) loadAt(code, i + 2);
    // What the last code read, and about as much more: not a generation per build.
    expect(bytes()).toBeGreaterThan(generation);
    expect(bytes()).toBeLessThanOrEqual(2.25 * generation + 1024);
    expect(load('code-4', folder).counts).toEqual({ parsed: 0, remembered: files });
    expect(load('code-1', folder).counts.parsed).toBeGreaterThan(0); // the least recently used went first
  });
});

describe('a build from the cache', () => {
  it("makes the files a build without one makes, reading only the changed file's data set", async () => {
    const env = { DATA_DIR: data };
    const out = path.join(work, 'dist');
    const report = path.join(work, 'report.json');
    const counts = async () => JSON.parse(await readFile(report, 'utf8')).reads as ReadCounts;
    expect((await runBuild(out, env, ['--api-only', '--report', report])).code).toBe(0);
    expect(readdirSync(path.join(work, `.dist-versions`, READ_CACHE)).length).toBeGreaterThan(0);
    toggleOneRow(data);
    expect((await runBuild(out, env, ['--api-only', '--report', report])).code).toBe(0);
    const sessions = sessionFiles().length;
    expect(await counts()).toEqual({ parsed: sessions, remembered: files - sessions });
    const cold = path.join(work, 'cold');
    expect((await runBuild(cold, env, ['--api-only', '--report', report])).code).toBe(0);
    expect(await counts()).toEqual({ parsed: files, remembered: 0 });
    const [warm, fresh] = [await readTree(out), await readTree(cold)];
    expect([...warm.keys()]).toEqual([...fresh.keys()]);
    for (const [file, bytes] of fresh) expect(warm.get(file)?.equals(bytes), file).toBe(true);
  });
});
