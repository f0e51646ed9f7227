// The watcard data set (JSON): one fixture per rule, the raw snapshot's defects at their places,
// --fix on the raw file, the published records of 1289 against JSON.parse of
// data/watcard/watcardvendors.json, and the diff by natural key (vendor_id).
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { dataset as watcard } from '../../src/core/datasets/sets/watcard.ts';
import { Findings, sortFindings } from '../../src/core/read/findings.ts';
import { diffData } from '../../src/core/review/data-diff.ts';
import { ROOT, removeDir, runCli, tempDir } from '../helpers/build.ts';
import { checkFiles, dataFindings, diffKeys, findingKey, rawSnapshot, readForDiff } from '../helpers/datasets.ts';
import { rootSite } from '../helpers/sites.ts';

const raw = rawSnapshot('watcard');
const RAW = raw.dir;
const FILE = 'watcardvendors.json';

/** A vendor with every member, as the corrected file writes it. */
const vendor = (id: number, more: Record<string, unknown> = {}) => ({
  vendor_id: id,
  vendor_name: `Vendor ${id}`,
  latitude: 43.47 + id / 1000,
  longitude: -80.54,
  address: `${id} University Ave W, Waterloo, ON N2L 3G1, Canada`,
  phone_number: '519-888-4567',
  logo: `https://example.com/${id}.png`,
  ...more,
});
const file = (vendors: Record<string, unknown>) => `${JSON.stringify(vendors, null, 2)}\n`;
const GOOD = { '10': vendor(10), '11': vendor(11) };
/** A placeholder's members: every one but vendor_id null (upstream removed vendors this way). */
const NOTHING = { vendor_name: null, latitude: null, longitude: null, address: null, phone_number: null, logo: null };
/** Vendor 10 given twice (an object literal cannot say that). */
const TWICE = `{\n"10": ${JSON.stringify(vendor(10))},\n"10": ${JSON.stringify(vendor(10))}\n}\n`;

/** `line:column` of the `nth` occurrence of `marker` in `text`. */
function place(text: string, marker: string, nth = 1): string {
  let i = -1;
  for (let k = 0; k < nth; k++) i = text.indexOf(marker, i + 1);
  if (i < 0) throw new Error(`no ${marker} in the text`);
  const before = text.slice(0, i).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

/** Reads in-memory files as data/watcard/; returns `file:line:column severity rule` of each finding. */
const check = (files: Record<string, string>) => checkFiles(watcard, files);

describe('one fixture per rule', () => {
  it('finds nothing wrong in a good file (null where a detail is not known, branches sharing a logo)', () => {
    const esm = { logo: 'https://example.com/esm.jpg' };
    const text = file({
      ...GOOD,
      '12': vendor(12, { vendor_name: "East Side Mario's (University)", ...esm }),
      '51': vendor(51, {
        vendor_name: "East Side Mario's (King)",
        ...esm,
        phone_number: '519-888-4567 x33801',
        latitude: null,
      }),
    });
    expect(check({ [FILE]: text })).toEqual([]);
  });

  const cases: [string, string, string, string][] = [
    // rule, file text, marker where the finding stands, severity
    ['json-syntax', file(GOOD).replace('"11": {', '"11": {,'), ',\n    "vendor_id": 11', 'error'],
    ['shape', '[1, 2]\n', '[', 'error'],
    ['vendor-number', file({ ...GOOD, x12: vendor(12) }), '"x12"', 'error'],
    ['shape', file({ ...GOOD, '12': 'Campus Pizza' }), '"Campus Pizza"', 'error'],
    ['stub', file({ ...GOOD, '23': { vendor_id: null } }), '"23"', 'warning'],
    ['stub', file({ ...GOOD, '23': { vendor_id: 23, ...NOTHING } }), '"23"', 'warning'],
    ['unknown-member', file({ '10': vendor(10, { vendorname: 'x' }) }), '"vendorname"', 'error'],
    [
      'members',
      file({ '10': { latitude: 43.47, longitude: -80.54, address: 'MC', phone_number: '519-888-4567', logo: null } }),
      '{\n    "latitude"',
      'warning',
    ],
    ['vendor-id', file({ '10': vendor(11) }), '11,', 'error'],
    ['type', file({ '10': vendor(10, { latitude: '43.47' }) }), '"43.47"', 'error'],
    ['position', file({ '10': vendor(10, { longitude: -280.54 }) }), '-280.54', 'error'],
    ['phone', file({ '10': vendor(10, { phone_number: '(519) 888-4567' }) }), '"(519)', 'warning'],
    ['logo', file({ '10': vendor(10, { logo: 'javascript:alert(1)' }) }), '"javascript', 'error'],
    ['whitespace', file({ '10': vendor(10, { address: 'SLC,  Waterloo' }) }), '  Waterloo', 'warning'],
    ['order', `{"11": ${JSON.stringify(vendor(11))}, "10": ${JSON.stringify(vendor(10))}}\n`, '"11"', 'warning'],
    [
      'copied-logo',
      file({
        '53': vendor(53, { vendor_name: 'Milestones', logo: 'https://x/m.gif' }),
        '54': vendor(54, { vendor_name: 'Healthy Foods and More', logo: 'https://x/m.gif' }),
      }),
      '"https://x/m.gif"',
      'warning',
    ],
    [
      'copied-position',
      file({ '16': vendor(16, { latitude: 43.472665 }), '18': vendor(18, { latitude: 43.472665, longitude: -80.54 }) }),
      '43.472665',
      'warning',
    ],
    ['duplicate-member', TWICE, '"10"', 'error'],
  ];
  it.each(cases)('%s', (rule, text, marker, severity) => {
    const nth = ['duplicate-member', 'copied-position', 'copied-logo'].includes(rule) ? 2 : 1;
    const found = check({ [FILE]: text }).filter((f) => !(rule === 'duplicate-member' && f.includes('duplicate-key')));
    expect(found).toEqual([`${FILE}:${place(text, marker, nth)} ${severity} ${rule}`]);
  });

  it("the reference's record alone (vendor_id, vendor_name) is a valid vendor, published with its details null", () => {
    const text = file({ ...GOOD, '14': { vendor_id: 14, vendor_name: 'Pizza Pizza' } });
    expect(check({ [FILE]: text })).toEqual([]);
    const source = { rel: FILE, file: FILE, bytes: Buffer.from(text) };
    const pizza = watcard.read([source], new Findings()).vendors!.find((r) => r.values.vendor_id === 14);
    expect(pizza?.values).toEqual({
      vendor_id: 14,
      vendor_name: 'Pizza Pizza',
      latitude: null,
      longitude: null,
      address: null,
      phone_number: null,
      logo: null,
    });
  });

  it('a placeholder (every detail null) is not published, and the diff names it as removed', () => {
    const before = file({ ...GOOD, '14': vendor(14, { vendor_name: 'Pizza Pizza' }) });
    const after = file({ ...GOOD, '14': { vendor_id: 14, ...NOTHING } });
    const source = { rel: FILE, file: FILE, bytes: Buffer.from(after) };
    expect(watcard.read([source], new Findings()).vendors!.map((r) => r.values.vendor_id)).toEqual([10, 11]);
    const diff = diffData(readForDiff(`watcard/${FILE}`, before), readForDiff(`watcard/${FILE}`, after), DATASETS);
    expect(diffKeys(diff)).toEqual([['watcard', [], ['14'], []]]);
  });

  it('unknown-file: a file of no table', () => {
    expect(check({ 'vendors.json': file(GOOD) })).toEqual(['vendors.json:1:1 error unknown-file']);
  });

  it('duplicate-key: one vendor named twice is one record too many', () => {
    expect(check({ [FILE]: TWICE })).toEqual([`${FILE}:3:1 error duplicate-member`, `${FILE}:3:1 error duplicate-key`]);
  });
});

describe('the raw snapshot, as published', () => {
  const { report } = raw;
  const all = sortFindings(report.findings.list).map(findingKey);

  it.skipIf(!raw.present)(
    'has the defects its README lists found at their places (the double space is on line 5, not 6), and one more: ' +
      'a copied position',
    () => {
      expect(all.filter((f) => !f.endsWith('warning members'))).toEqual([
        `${FILE}:2:3 warning order`,
        `${FILE}:5:56 warning whitespace`,
        `${FILE}:109:29 warning copied-position`,
        `${FILE}:163:29 warning copied-logo`,
        `${FILE}:165:3 warning stub`,
        `${FILE}:168:3 warning stub`,
        `${FILE}:171:3 warning stub`,
      ]);
      // Entries do not share one shape: 17 have only the five details, "12" (line 30) lacks vendor_id.
      const shapes = report.findings.list.filter((f) => f.rule === 'members');
      expect(shapes).toHaveLength(18);
      expect(shapes.find((f) => f.line === 30)!.message).toMatch(/^vendor "12" lacks vendor_id:/);
    },
  );

  it('leaves the corrected copy in data/watcard/ without findings', () => {
    expect(dataFindings('watcard')).toEqual([]);
  });
});

describe('check --fix on the raw file', () => {
  let work: string;
  beforeAll(async () => {
    work = await tempDir();
    await mkdir(path.join(work, 'stubs/watcard'), { recursive: true });
    await mkdir(path.join(work, 'clean/watcard'), { recursive: true });
    await copyFile(path.join(RAW, FILE), path.join(work, 'stubs/watcard', FILE));
    // The raw file with its three stubs removed by hand (lines 165 to 173), as a contributor would first.
    const lines = (await readFile(path.join(RAW, FILE), 'utf8')).split('\n');
    await writeFile(path.join(work, 'clean/watcard', FILE), [...lines.slice(0, 163), '         }', '}', ''].join('\n'));
  });
  afterAll(() => removeDir(work));

  it.skipIf(!raw.present)('collapses the double space, and touches nothing else', async () => {
    const target = path.join(work, 'clean/watcard', FILE);
    const before = await readFile(target, 'utf8');
    const run = await runCli('check.ts', [path.dirname(target), '--fix']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toContain(`${FILE}:5:29: spaces removed in "200 University Ave W, SLC, ..."`);
    expect(await readFile(target, 'utf8')).toBe(before.replace('SLC,  Waterloo', 'SLC, Waterloo'));
  });

  it.skipIf(!raw.present)('collapses the double space beside the placeholders, which stay for a person', async () => {
    const target = path.join(work, 'stubs/watcard', FILE);
    const run = await runCli('check.ts', [path.dirname(target), '--fix']);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/watcardvendors\.json:165:3: warning: vendor "23" holds nothing but its number/);
    const raw = await readFile(path.join(RAW, FILE), 'utf8');
    expect(await readFile(target, 'utf8')).toBe(raw.replace('SLC,  Waterloo', 'SLC, Waterloo'));
  });
});

describe('the published records (the shared build of data/)', () => {
  it('/foodservices/watcard is JSON.parse of data/watcard/watcardvendors.json, vendor by vendor', async () => {
    const parsed = JSON.parse(await readFile(path.join(ROOT, 'data/watcard', FILE), 'utf8')) as Record<string, unknown>;
    const published = JSON.parse(await readFile(rootSite('v2/foodservices/watcard.json'), 'utf8'));
    expect(published.meta.method_id).toBe(1289);
    expect(published.data).toHaveLength(22);
    expect(published.data).toEqual(Object.values(parsed));
    expect(
      published.data
        .filter((v: { vendor_name: string | null }) => v.vendor_name !== null)
        .map((v: { vendor_id: number }) => v.vendor_id),
    ).toEqual([12, 51, 52, 53, 54]);
  });
});

describe('npm run diff on watcard', () => {
  it('matches vendors by vendor_id', () => {
    const read = (vendors: Record<string, unknown>) => readForDiff(`watcard/${FILE}`, file(vendors));
    const diff = diffData(
      read({ ...GOOD, '12': vendor(12) }),
      read({ '10': vendor(10, { vendor_name: 'Swiss Chalet' }), '11': vendor(11), '13': vendor(13) }),
      DATASETS,
    );
    expect(diffKeys(diff)).toEqual([['watcard', ['13'], ['12'], [['10', ['vendor_name']]]]]);
    expect(diff.datasets.map((d) => d.shown)).toEqual([['vendor_id', 'vendor_name', 'address']]);
  });
});
