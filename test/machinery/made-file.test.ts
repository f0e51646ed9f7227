// Files made only when what they are made from changed (src/pipeline/input-digests.ts): a digest
// that misses an input leaves a wrong file in the output, silently. So for each kind of change,
// every calendar page and feed whose digest stays the same must keep the same bytes.
import { hash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toggleOneRow } from '../../bench/one-row.ts';
import { BUILD_SETTINGS, resolveConfig } from '../../src/config/settings.ts';
import { buildingLookup } from '../../src/core/buildings/location.ts';
import { feedFiles } from '../../src/core/calendar/feeds.ts';
import { parseShell } from '../../src/core/calendar/pages/page-shell.ts';
import { searchDocFiles } from '../../src/core/calendar/search-index.ts';
import { apiFiles } from '../../src/core/render/api-files.ts';
import { rendering } from '../../src/core/render/output.ts';
import { schemaFiles } from '../../src/core/render/schemas/schema-files.ts';
import {
  bodyShell,
  buildingPageBody,
  listingPageParts,
  listingShell,
  sessionPageParts,
  sessionShell,
} from '../../src/integrations/page-components.ts';
import { createBuildContext } from '../../src/pipeline/context.ts';
import { digested, filledBuildingPages, filledCalendarPages } from '../../src/pipeline/digested-files.ts';
import { InputDigests, inputDigests } from '../../src/pipeline/input-digests.ts';
import { type OutputFile, OutputWriter, readVersionRecord, writeManifest } from '../../src/pipeline/output-files.ts';
import { copySmallData, ROOT, removeDir, tempDir } from '../helpers/build.ts';

describe('the digest of what a file is made from', () => {
  it('is the same for the same input, and differs with the input or the salt', () => {
    const d = new InputDigests('code 1');
    expect(d.of(['a', { n: 1 }])).toBe(new InputDigests('code 1').of(['a', { n: 1 }]));
    expect(d.of(['a', { n: 2 }])).not.toBe(d.of(['a', { n: 1 }]));
    expect(new InputDigests('code 2').of(['a', { n: 1 }])).not.toBe(d.of(['a', { n: 1 }]));
  });

  it('lets a named object stand in by its name, and names one by its content', () => {
    const d = new InputDigests('');
    const shared = { big: 'x'.repeat(1000) };
    const name = d.nameByContent(shared);
    expect(d.of([shared])).toBe(d.of([`@${name}`]));
    shared.big = 'changed';
    expect(d.nameByContent(shared)).not.toBe(name);
  });

  it('refuses what JSON cannot see (a function, Map or Set) unless it is named', () => {
    const d = new InputDigests('');
    const lookup = () => 'x';
    expect(() => d.of([{ lookup }])).toThrow(/a function \(at "lookup"\) with no name/);
    expect(() => d.of([new Map([[1, 2]])])).toThrow(/a Map or Set/);
    d.name(lookup, 'lookup 1');
    expect(d.of([{ lookup }])).toBe(d.of([{ lookup: '@lookup 1' }]));
  });

  it("is the digest of JSON.stringify's text with the names, whatever the input holds", () => {
    const salt = 'code 1';
    const named = { big: 'x'.repeat(100) };
    const namedList = ['n'];
    const lookup = () => 'x';
    // Named, but JSON.stringify writes what its toJSON gives before a replacer sees it.
    const dated = { toJSON: () => 'its toJSON' };
    const names = new Map<unknown, string>([
      [named, 'named 1'],
      [namedList, 'list 1'],
      [lookup, 'lookup 1'],
      [dated, 'dated 1'],
    ]);
    const d = new InputDigests(salt);
    for (const [value, name] of names) d.name(value as object, name);
    /** The oracle: JSON.stringify with a replacer that writes a named value as its name. */
    const oracle = (value: unknown) => {
      const json = JSON.stringify(value, (_key, v: unknown) => (names.has(v) ? `@${names.get(v)}` : v));
      return hash('sha256', `${salt}\n${json}`, 'base64url').slice(0, 27);
    };
    const sparse: unknown[] = ['a'];
    sparse[3] = 'd';
    const inputs: unknown[] = [
      [],
      ['plain', 'quote " backslash \\ newline \n tab \t', 'é ✓ \u2028 \ud800', ''],
      [0, -0, 1.5, 1e21, 1e-7, Number.NaN, Number.POSITIVE_INFINITY, -1, 2 ** 53],
      [true, false, null, undefined, Symbol('s')],
      [named, namedList, lookup, { named, nested: [named, { lookup }] }, [named, 'x']],
      [new Date(Date.UTC(2026, 10, 24)), { toJSON: () => 'from toJSON' }, { toJSON: () => named }, dated],
      [['a', ['b', [1, null]]], { a: 1, b: [true, { c: 'd' }] }],
      // Named objects in nested lists and objects, plain objects of every kind of value, objects of other kinds.
      [named, [named, 'x', [namedList, 2]], { a: 'b', n: 1, t: true, z: null, u: undefined, s: Symbol('s') }],
      [{ 'quote"key': 'é\n', 2: 'two', 1: 'one' }, Object.assign(Object.create(null), { a: 1 }), new (class A {})()],
      [{ a: 1, lookup }, { a: { b: 1 } }, [{ a: [1] }], [[named, { n: named }]]],
      sparse,
      namedList,
      { named, list: ['a', 1, null] },
      'a string',
      42,
      null,
    ];
    for (const [i, input] of inputs.entries()) expect(d.of(input), `input ${i}`).toBe(oracle(input));
    expect(() => d.of(['a', () => 'unnamed'])).toThrow(/a function \(at "1"\) with no name/);
    expect(() => d.of(['a', new Set([1])])).toThrow(/a Map or Set/);
  });

  it("is the digest of JSON.stringify's text with the names, for any list of plain values, lists, objects", () => {
    const pool = Array.from({ length: 4 }, (_, i) => ({ pooled: i }));
    const d = new InputDigests('salt');
    const names = new Map<unknown, string>(pool.map((o, i) => [o, `pooled ${i}`]));
    for (const [o, name] of names) d.name(o as object, name);
    const oracle = (value: unknown) =>
      hash(
        'sha256',
        `salt\n${JSON.stringify(value, (_key, v: unknown) => (names.has(v) ? `@${names.get(v)}` : v))}`,
        'base64url',
      ).slice(0, 27);
    const { item } = fc.letrec((tie) => ({
      item: fc.oneof(
        { depthSize: 'small' },
        fc.constantFrom(...pool),
        fc.oneof(fc.string({ unit: 'grapheme' }), fc.double(), fc.integer(), fc.boolean(), fc.constant(null)),
        fc.constant(undefined),
        fc.array(tie('item'), { maxLength: 4 }),
        fc.dictionary(fc.string(), tie('item'), { maxKeys: 4 }),
      ),
    }));
    fc.assert(
      fc.property(fc.array(item, { maxLength: 6 }), (list) => {
        expect(d.of(list)).toBe(oracle(list));
      }),
      { numRuns: 2000 },
    );
  });

  it('is made from exactly the arguments the renderer is called with', () => {
    const m = rendering((a: number, b: { s: string }) => `${a}${b.s}`, 1, { s: 'x' });
    expect(m.from).toEqual([1, { s: 'x' }]);
    expect(m.make()).toBe('1x');
  });
});

describe('the output writer, given files made when asked', () => {
  /** A made file whose body says when it is made. */
  const file = (rel: string, from: string, bytes: string, calls: string[]): OutputFile => ({
    path: rel,
    madeFrom: from,
    body: () => (calls.push(rel), bytes),
  });
  /** A new version folder under `work`. */
  const folder = (name: string) => {
    const dir = path.join(work, 'writer', name);
    mkdirSync(dir, { recursive: true });
    return dir;
  };

  it('links a file made from the same as the published one, makes the others, keeps digests in the manifest', () => {
    const calls: string[] = [];
    const one = new OutputWriter(folder('one'));
    one.write([file('a', 'd1', 'A', calls), file('b/c', 'd2', 'BC', calls)]);
    writeManifest(folder('one'), { manifest: one.manifest, made: one.made });
    const published = { dir: folder('one'), ...readVersionRecord(folder('one')) };
    expect(published.made).toEqual(
      new Map([
        ['a', { from: 'd1', bytes: 1 }],
        ['b/c', { from: 'd2', bytes: 2 }],
      ]),
    );

    calls.length = 0;
    const two = new OutputWriter(folder('two'), published);
    two.write([file('a', 'd1', 'A', calls), file('b/c', 'd3', 'BC changed', calls)]);
    expect(calls).toEqual(['b/c']);
    expect(statSync(path.join(folder('two'), 'a')).ino).toBe(statSync(path.join(folder('one'), 'a')).ino);
    expect(two.counts).toMatchObject({ files: 2, reused: 1, bytes: 1 + 'BC changed'.length });
    expect(two.made.get('a')).toEqual({ from: 'd1', bytes: 1 });

    // Updating that version in place: what it made from the same is kept as it is.
    calls.length = 0;
    const again = new OutputWriter(folder('two'), published, two);
    again.write([file('a', 'd1', 'A', calls), file('b/c', 'd3', 'BC changed', calls)]);
    expect(calls).toEqual([]);
    expect(again.counts.reused).toBe(2);
  });

  it('keeps a manifest in path order, any path read back as it was written', () => {
    const record = {
      manifest: new Map([
        ['b/x', 's1'],
        ['a\tb\nc', 's2'],
        ['"q', 's3'],
      ]),
      made: new Map([['b/x', { from: 'D', bytes: 5 }]]),
      inputs: { key: 'k', warnings: [], bytes: 3 },
    };
    writeManifest(folder('lines'), record);
    const read = readVersionRecord(folder('lines'));
    expect(read).toEqual(record);
    expect([...read.manifest.keys()]).toEqual(['"q', 'a\tb\nc', 'b/x']); // in path order
  });

  it('writes a file given in chunks as they come, and keeps or links it when its bytes are the same', () => {
    const chunks =
      (...texts: string[]): OutputFile['body'] =>
      () =>
        texts;
    const one = new OutputWriter(folder('chunks-one'));
    one.write([
      { path: 'big.json', body: chunks('[1,', '2]\n') },
      { path: 'small', body: 'x' },
    ]);
    expect(readFileSync(path.join(folder('chunks-one'), 'big.json'), 'utf8')).toBe('[1,2]\n');
    expect(readdirSync(folder('chunks-one')).sort()).toEqual(['big.json', 'small']); // no draft left
    const whole = new OutputWriter(folder('chunks-whole'));
    whole.write([{ path: 'big.json', body: '[1,2]\n' }]);
    expect(one.manifest.get('big.json')).toBe(whole.manifest.get('big.json'));
    expect(one.counts.bytes).toBe(7);

    const two = new OutputWriter(folder('chunks-two'), { dir: folder('chunks-one'), manifest: one.manifest });
    two.write([{ path: 'big.json', body: chunks('[1', ',2]\n') }]);
    expect(statSync(path.join(folder('chunks-two'), 'big.json')).ino).toBe(
      statSync(path.join(folder('chunks-one'), 'big.json')).ino,
    );
    expect(readdirSync(folder('chunks-two'))).toEqual(['big.json']);

    // Chunks of any size and any characters: a chunk whose UTF-8 may not fit the writer's buffer, a character of
    // four bytes cut between two chunks' surrogates nowhere (each chunk is whole text).
    const texts = ['é'.repeat(400_000), '€😀', 'a'.repeat(2_000_000), ''];
    const wide = new OutputWriter(folder('chunks-wide'));
    wide.write([{ path: 'wide.txt', body: chunks(...texts) }]);
    const joined = texts.join('');
    expect(readFileSync(path.join(folder('chunks-wide'), 'wide.txt'), 'utf8')).toBe(joined);
    const wideWhole = new OutputWriter(folder('chunks-wide-whole'));
    wideWhole.write([{ path: 'wide.txt', body: joined }]);
    expect(wide.manifest.get('wide.txt')).toBe(wideWhole.manifest.get('wide.txt'));
    expect(wide.counts.bytes).toBe(Buffer.byteLength(joined));
  });

  it('makes a file after all when the published one it would link is gone', () => {
    const calls: string[] = [];
    const one = new OutputWriter(folder('gone-one'));
    one.write([file('a', 'd1', 'A', calls)]);
    rmSync(path.join(folder('gone-one'), 'a'));
    calls.length = 0;
    const two = new OutputWriter(folder('gone-two'), {
      dir: folder('gone-one'),
      manifest: one.manifest,
      made: one.made,
    });
    two.write([file('a', 'd1', 'A', calls)]);
    expect(calls).toEqual(['a']);
    expect(readFileSync(path.join(folder('gone-two'), 'a'), 'utf8')).toBe('A');
    expect(two.counts).toMatchObject({ files: 1, reused: 0, bytes: 1 });
  });
});

/** The session page's components, as the build renders them. */
const sessionParts = await sessionPageParts();
const listingParts = await listingPageParts();
/** The building page's component, as the build renders it. */
const buildingBody = await buildingPageBody();

/** A made file's text, whole. */
function text(f: OutputFile): string {
  const body = typeof f.body === 'function' ? f.body() : f.body;
  return typeof body === 'string'
    ? body
    : body instanceof Uint8Array
      ? Buffer.from(body).toString()
      : [...body].join('');
}

/** The made files of a build (API files, feeds, schemas, search documents, calendar and building pages). */
function madeFiles(dataDir: string, env: Record<string, string> = {}): Map<string, { from: string; bytes: string }> {
  const settings = resolveConfig(BUILD_SETTINGS, { DATA_DIR: dataDir, SOURCE_DATE_EPOCH: '1700000000', ...env }, ROOT);
  const context = createBuildContext(ROOT, settings);
  const buildings = buildingLookup(context.buildings);
  const digests = inputDigests(context, 'test code', buildings);
  const shell = (kind: string) =>
    parseShell(
      '<html><title>@@PAGE_TITLE@@</title><meta content="@@PAGE_SUMMARY@@">@@PAGE_HEAD@@' +
        `<body class="${kind}">@@PAGE_BODY@@</body></html>`,
    );
  const files = [
    ...digested(apiFiles(context.published, context.render, context.site.directory, context.site.sources), digests),
    ...digested(feedFiles(context.feeds, context.render), digests),
    ...digested(schemaFiles(context.published, context.render), digests),
    ...digested(searchDocFiles(context.sessions), digests),
    ...filledCalendarPages(
      context,
      { session: sessionShell(shell('session'), sessionParts), listing: listingShell(shell('listing'), listingParts) },
      digests,
      buildings,
    ),
    ...filledBuildingPages(context, bodyShell(shell('building'), buildingBody), digests, buildings),
  ];
  return new Map(files.map((f) => [f.path, { from: f.madeFrom!, bytes: text(f) }]));
}

/** Rewrites a CSV file through its rows (header first). */
async function editCsv(file: string, edit: (rows: string[][]) => string[][]): Promise<void> {
  const [header, ...rows] = Papa.parse<string[]>(await readFile(file, 'utf8'), { skipEmptyLines: true }).data;
  await writeFile(file, `${Papa.unparse([header!, ...edit(rows)], { newline: '\n' })}\n`);
}

let work: string;
let base: string;
let before: ReturnType<typeof madeFiles>;
/** The newest three terms' session files: enough for neighbours, windowed feeds and programs. */
const TERMS = readdirSync(path.join(ROOT, 'data/infosessions'))
  .filter((f) => f.endsWith('.csv'))
  .sort()
  .slice(-3)
  .map((f) => path.basename(f, '.csv'));
/** The newest session file of a data folder. */
const newest = (data: string) => path.join(data, 'infosessions', `${TERMS.at(-1)}.csv`);

beforeAll(async () => {
  work = await tempDir();
  base = path.join(work, 'base');
  await copySmallData(base, { terms: TERMS });
  before = madeFiles(base);
});
afterAll(() => removeDir(work));

/** Each change: what it does to a copy of the data (or the settings), and the paths it must change. */
const CHANGES: [
  string,
  (data: string) => Promise<Record<string, string> | void>,
  (changed: string[], remade: string[]) => void,
][] = [
  [
    "one cell (its session's files and the sessions listing; no other data set's API file is made again)",
    async (data) => void toggleOneRow(data),
    (paths, remade) => {
      expect(paths.some((p) => /^infosessions\/\d+\/index\.html$/.test(p))).toBe(true);
      expect(paths).toEqual(
        expect.arrayContaining(['v2/resources/infosessions.json', 'v2/resources/infosessions.xml']),
      );
      expect(remade.filter((p) => p.startsWith('v2/') && !p.startsWith('v2/resources/infosessions.'))).toEqual([]);
      // The session's chunk of the search index's documents, and no other.
      expect(remade.filter((p) => p.startsWith('infosessions/search-index/docs/'))).toHaveLength(1);
    },
  ],
  [
    'a session added to a month (its month and term pages, their counts)',
    async (data) => editCsv(newest(data), (rows) => [...rows, ['999997', 'Added Employer', ...rows.at(-1)!.slice(2)]]),
    (paths) => {
      expect(paths).toContain('infosessions/999997/index.html');
      expect(paths).toContain(`infosessions/terms/${TERMS.at(-1)}/index.html`);
      expect(paths.some((p) => /^infosessions\/\d{4}\/\d\d\/index\.html$/.test(p))).toBe(true);
    },
  ],
  [
    'a building renamed (its page, the session pages that name it, the buildings API files)',
    async (data) => {
      const codes = new Set(
        createBuildContext(ROOT, resolveConfig(BUILD_SETTINGS, { DATA_DIR: data }, ROOT)).sessions.map(
          (s) => s.location.split(' ')[0],
        ),
      );
      let renamed = false;
      await editCsv(path.join(data, 'buildings/Buildings.csv'), (rows) =>
        rows.map((r) =>
          !renamed && codes.has(r[1]!) && (renamed = true)
            ? [r[0]!, r[1]!, r[2]!, `${r[3]} Renamed`, ...r.slice(4)]
            : r,
        ),
      );
      expect(renamed).toBe(true);
    },
    (paths) => {
      expect(paths.some((p) => /^infosessions\/\d+\/index\.html$/.test(p))).toBe(true);
      expect(paths.some((p) => /^buildings\/[^/]+\/index\.html$/.test(p))).toBe(true);
      expect(paths).toEqual(expect.arrayContaining(['v2/buildings/list.json', 'v2/buildings/list.xml']));
    },
  ],
  [
    "a program label no list knows (every listing page's filter)",
    async (data) =>
      editCsv(newest(data), (rows) =>
        rows.map((r, i) => (i === 0 ? [...r.slice(0, 8), 'Underwater Basket Weaving', ...r.slice(9)] : r)),
      ),
    (paths) =>
      expect(paths.filter((p) => p.startsWith('infosessions/terms/') && p.endsWith('.html'))).toHaveLength(
        TERMS.length,
      ),
  ],
  [
    'another timestamp (every feed and API file, no page)',
    async () => ({ SOURCE_DATE_EPOCH: '1800000000' }),
    (paths, remade) => {
      expect(paths).toContain('infosessions.ics');
      expect(paths).toContain('v2/api/methods.json'); // meta.timestamp
      expect(remade.filter((p) => !p.endsWith('.ics') && !p.startsWith('v2/'))).toEqual([]);
    },
  ],
  [
    "a build's day inside the newest term (what has ended, what is coming up: session and building pages)",
    async () => ({ SOURCE_DATE_EPOCH: String(Date.UTC(2015, 1, 1, 17) / 1000) }),
    (paths) => {
      expect(paths.some((p) => /^infosessions\/\d+\/index\.html$/.test(p))).toBe(true);
      expect(paths.some((p) => /^buildings\/[^/]+\/index\.html$/.test(p))).toBe(true);
      // A building that held no session of the data has no archive notice whatever the day (a building's notice
      // speaks of its sessions): its page is kept as it is.
      expect(paths).not.toContain('buildings/EV1/index.html');
    },
  ],
  [
    'another SITE_URL (everything made anew but what names no address: the XSDs, the search documents)',
    async () => ({ SITE_URL: 'https://example.org/campus/' }),
    (_, remade) => {
      const kept = [...before.keys()].filter((p) => !remade.includes(p));
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.filter((p) => !p.endsWith('.xsd') && !p.startsWith('infosessions/search-index/docs/'))).toEqual([]);
    },
  ],
];

describe.each(CHANGES)('after %s', (name, change, changes) => {
  it('every file made from the same keeps its bytes, and every changed file was made from something else', async () => {
    const data = path.join(work, name.replace(/\W+/g, '-'));
    await copySmallData(data, { terms: TERMS });
    const env = (await change(data)) ?? {};
    const after = madeFiles(data, env);
    const changed: string[] = [];
    const remade: string[] = [];
    for (const [file, now] of after) {
      const then = before.get(file);
      if (then?.bytes !== now.bytes) changed.push(file);
      if (then?.from === now.from)
        expect(now.bytes, `${file}: made from the same, but its bytes differ`).toBe(then.bytes);
      else remade.push(file);
    }
    changes(changed, remade);
    // The digest is no broader than it must be: most files stay as they were after a change to
    // the data (but one to the program catalogue, which every session refers to: all are made anew).
    if (Object.keys(env).length === 0 && !name.includes('program label'))
      expect([...after].filter(([file, now]) => before.get(file)?.from === now.from).length).toBeGreaterThan(
        after.size / 2,
      );
  });
});
