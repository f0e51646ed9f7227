// The output writer: a new version links unchanged files from the published one, an older
// version is updated in place, and no file of the published version is ever changed.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutputFile, OutputWriter } from '../../src/pipeline/output-files.ts';
import { readTree, removeDir, tempDir } from '../helpers/build.ts';

let work: string;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(() => removeDir(work));

/** Writes `files` as a version folder `name` and returns it with its manifest. */
async function version(
  name: string,
  files: OutputFile[],
  previous?: { dir: string; manifest: Map<string, string> },
  base?: Map<string, string>,
  dir = path.join(work, name),
) {
  await mkdir(dir, { recursive: true });
  const w = new OutputWriter(dir, previous, base && { manifest: base, made: new Map() });
  w.write(files);
  w.finish();
  return { dir, manifest: w.manifest, counts: w.counts };
}

const ONE: OutputFile[] = [
  { path: 'a/index.html', body: 'page a' },
  { path: 'b/index.html', body: 'page b' },
  { path: 'gone/deep/index.html', body: 'removed next' },
  { path: 'x', body: 'a file that becomes a folder' },
  { path: 'y/index.html', body: 'a folder that becomes a file' },
];
const TWO: OutputFile[] = [
  { path: 'a/index.html', body: 'page a' },
  { path: 'b/index.html', body: 'page b, changed' },
  { path: 'x/index.html', body: 'now a folder' },
  { path: 'y', body: 'now a file' },
];

describe('the output writer', () => {
  it('links unchanged files from the published version into a new one, and writes the rest', async () => {
    const one = await version('one', ONE);
    const two = await version('two', TWO, one);
    expect(two.counts).toMatchObject({ files: 4, reused: 1 });
    expect(statSync(path.join(two.dir, 'a/index.html')).ino).toBe(statSync(path.join(one.dir, 'a/index.html')).ino);
    expect(Object.fromEntries([...(await readTree(two.dir))].map(([k, v]) => [k, v.toString()]))).toEqual(
      Object.fromEntries(TWO.map((f) => [f.path, f.body])),
    );
  });

  it(
    'updates an older version in place: keeps, replaces, removes (with emptied folders), ' +
      'and never changes a linked file',
    async () => {
      const one = await version('p1', ONE);
      const copy = await version('p1-copy', ONE, one); // every file a link to p1's
      expect(copy.counts.reused).toBe(ONE.length);
      const updated = await version('p2', TWO, one, copy.manifest, copy.dir);
      expect(updated.counts).toMatchObject({ files: 4, reused: 1 });
      expect(Object.fromEntries([...(await readTree(copy.dir))].map(([k, v]) => [k, v.toString()]))).toEqual(
        Object.fromEntries(TWO.map((f) => [f.path, f.body])),
      );
      expect(existsSync(path.join(copy.dir, 'gone'))).toBe(false);
      // The published version is untouched, though the updated one shared its files.
      for (const f of ONE) expect(readFileSync(path.join(one.dir, f.path), 'utf8')).toBe(f.body);
      expect((await readdir(one.dir)).sort()).toEqual(['a', 'b', 'gone', 'x', 'y']);
    },
  );
});

describe('the spare version a build updates in place', () => {
  it(
    'is the newest complete version (one with its manifest) but the current one, ' +
      'whatever process id its name carries',
    async () => {
      const { outputPaths, spareVersion } = await import('../../src/pipeline/output-versions.ts');
      const p = outputPaths(path.join(work, 'spare/dist'));
      // Named for process 1, which always runs: the id of a process that made a spare and ended may be
      // another's by now.
      const names = {
        current: `${process.pid}-${(2000).toString(36)}`,
        spare: `1-${(1000).toString(36)}-spare`,
        older: `1-${(500).toString(36)}`,
        unfinished: `1-${(3000).toString(36)}-spare`,
      };
      for (const name of Object.values(names)) await mkdir(path.join(p.versions, name), { recursive: true });
      for (const name of [names.current, names.spare, names.older])
        await writeFile(path.join(p.versions, `${name}.files`), '');
      expect(await spareVersion(p, path.join(p.versions, names.current))).toBe(path.join(p.versions, names.spare));
    },
  );
});

describe('a spare whose manifest cannot be trusted', () => {
  it.each([
    ['cut short', '{"version":3'],
    ['of an older format', '{"version":4}\nb\tsumB\n'],
  ])(
    '(%s) is not updated in place: no published file is written through, none it held survives',
    async (name, text) => {
      const { publishOutput } = await import('../../src/pipeline/atomic-dir.ts');
      const { BUILD_STAMP, currentVersion, outputPaths, spareVersion } = await import(
        '../../src/pipeline/output-versions.ts'
      );
      const { manifestFile } = await import('../../src/pipeline/output-files.ts');
      const out = path.join(work, `untrusted-${name.replaceAll(' ', '-')}/dist`);
      const p = outputPaths(out);
      const publish = (files: OutputFile[], during?: () => void) =>
        publishOutput(
          out,
          () => {},
          async (target) => {
            const w = new OutputWriter(target.dir, target.previous, target.base);
            w.write(files);
            during?.();
            w.finish();
            w.write([{ path: BUILD_STAMP, body: '{}' }], { fresh: true });
            return { manifest: w.manifest, made: w.made };
          },
        );
      await publish([
        { path: 'a', body: 'A1' },
        { path: 'b', body: 'B1' },
        { path: 'only-in-one', body: 'old' },
      ]);
      await publish([
        { path: 'a', body: 'A1' },
        { path: 'b', body: 'B2' },
      ]); // links `a` from the first
      const spare = (await spareVersion(p, await currentVersion(p)))!;
      expect(spare).toBeDefined();
      // A build killed while writing the manifest (or a disk that lost it) leaves it cut short; an older build wrote
      // another format.
      await writeFile(manifestFile(spare), text);
      let live = '';
      await publish(
        [
          { path: 'a', body: 'A3' },
          { path: 'b', body: 'B2' },
        ],
        () => (live = readFileSync(path.join(out, 'a'), 'utf8')),
      );
      expect(live).toBe('A1'); // the published output did not change under its readers
      expect(Object.fromEntries([...(await readTree(out))].map(([k, v]) => [k, v.toString()]))).toEqual({
        a: 'A3',
        b: 'B2',
        [BUILD_STAMP]: '{}',
      });
    },
  );
});

describe('a version manifest', () => {
  it('reads back what was written, and reads as empty when cut short anywhere or of another format', async () => {
    const { manifestFile, readVersionInputs, readVersionRecord, writeManifest } = await import(
      '../../src/pipeline/output-files.ts'
    );
    const dir = path.join(work, 'manifest/v1');
    await mkdir(path.dirname(dir), { recursive: true });
    // Paths a line-based format would have to escape; a file made from a digest and one written as it is.
    const manifest = new Map([
      ['z/index.html', 'sumZ'],
      ['a\tb\n"c"/ü.json', 'sumA'],
      ['m.ics', 'sumM'],
    ]);
    const made = new Map([
      ['z/index.html', { from: 'digestZ', bytes: 120 }],
      ['a\tb\n"c"/ü.json', { from: 'digestA', bytes: 0 }],
    ]);
    const inputs = {
      key: 'k',
      warnings: [{ file: 'data/x.csv', line: 2, message: 'a "warning"\nin two lines' }],
      bytes: 7,
    };
    writeManifest(dir, { manifest, made, inputs } as Parameters<typeof writeManifest>[1]);
    const read = readVersionRecord(dir);
    expect([...read.manifest]).toEqual([...manifest].sort(([a], [b]) => (a < b ? -1 : 1)));
    expect(new Map(read.made)).toEqual(made);
    expect(read.inputs).toEqual(inputs);
    expect(readVersionInputs(dir)).toEqual(inputs);

    const whole = readFileSync(manifestFile(dir));
    const body = whole.indexOf(0x0a) + 1;
    for (const cut of [1, body - 1, body, body + 1, Math.floor((body + whole.length) / 2), whole.length - 1]) {
      await writeFile(manifestFile(dir), whole.subarray(0, cut));
      expect(readVersionRecord(dir).manifest.size, `cut at byte ${cut} of ${whole.length}`).toBe(0);
    }
    // Another format (1: its files in its head; 3: a line of text a file; 4: without pieces) is not read: its files
    // are made again, and its folder, which says nothing of what it holds, is never updated in place (no `made`).
    await writeFile(manifestFile(dir), '{"version":3}\nz/index.html\tsumZ\tdigestZ\t120\n');
    expect(readVersionRecord(dir)).toEqual({ manifest: new Map() });
    await writeFile(manifestFile(dir), Buffer.concat([Buffer.from('{"version":4}\n'), whole.subarray(body)]));
    expect(readVersionRecord(dir)).toEqual({ manifest: new Map() });
    await writeFile(manifestFile(dir), JSON.stringify({ files: { 'z/index.html': 'sumZ' } }));
    expect(readVersionRecord(dir)).toEqual({ manifest: new Map() });
  });
});
