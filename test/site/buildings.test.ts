// The buildings data set: one fixture per rule, the raw snapshot's defects at their places, and
// the published files against an independent reading (papaparse) of data/buildings/Buildings.csv;
// a building's page of the shared build lists the sessions held in it.
import { readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { escape as escapeHtml } from 'html-escaper';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDataFiles, readDatasetFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { dataset as buildings } from '../../src/core/datasets/sets/buildings.ts';
import { PAST_SESSIONS_SHOWN } from '../../src/core/pages/building-page.ts';
import { Findings } from '../../src/core/read/findings.ts';
import { buildingPageBody } from '../../src/integrations/page-components.ts';
import { devPages } from '../../src/integrations/pages-dev.ts';
import { ROOT, readTree, removeDir, runCli, tempDir } from '../helpers/build.ts';
import { checkFiles, dataFindings, plainCsvRows, rawSnapshot } from '../helpers/datasets.ts';
import { rootSite } from '../helpers/sites.ts';

const raw = rawSnapshot('buildings');
const RAW = raw.dir;
const HEADER =
  'building_id,building_code,parent_code,building_name,alternate_building_names,latitude,longitude,current,' +
  'latitude_osm,longitude_osm,youtube_vid,streamable_vid\n';
const DC =
  '37,DC,,William G. Davis Computer Research Centre,Davis Centre,43.472761,-80.542164,1,43.47266,-80.54213,,\n';
const csv = (...rows: string[]) => ({ 'Buildings.csv': HEADER + rows.join('') });
const encode = (text: string) => new TextEncoder().encode(text);

/** Reads in-memory files as data/buildings/; returns `file:line:column severity rule` of each finding. */
const check = (files: Record<string, string>) => checkFiles(buildings, files);

/** A JSON copy of DC, as the upstream writes it, with some members replaced. */
const jsonCopy = (change: Record<string, unknown> = {}) =>
  JSON.stringify(
    [
      {
        buildingId: '37',
        buildingCode: 'DC',
        parentBuildingCode: null,
        buildingName: 'William G. Davis Computer Research Centre',
        alternateBuildingNames: ['Davis Centre'],
        latitude: 43.472761,
        longitude: -80.542164,
        ...change,
      },
    ],
    null,
    2,
  );

describe('one fixture per rule', () => {
  it('finds nothing wrong in a good file, with a part of a building and its faithful JSON copy', () => {
    expect(
      check({ ...csv(DC, '37A,,DC,Davis Centre Library,,43.4727,-80.5421,1,,,,\n'), 'Buildings.json': jsonCopy() }),
    ).toEqual(['Buildings.json:1:1 warning json-copy']);
    expect(check(csv(DC, '37A,,DC,Davis Centre Library,,43.4727,-80.5421,1,,,,\n'))).toEqual([]);
  });

  it.each([
    ['empty: a row without its number', csv(',DC,,Davis,,,,1,,,,\n'), 'Buildings.csv:2:1 error empty'],
    ['empty: a row without its name', csv('37,DC,,,,,,1,,,,\n'), 'Buildings.csv:2:8 error empty'],
    ['building-id: a number with a space', csv('3 7,DC,,Davis,,,,1,,,,\n'), 'Buildings.csv:2:1 error building-id'],
    [
      'duplicate-id: a number used twice',
      csv(DC, '37,MC,,Mathematics & Computer Building,,,,1,,,,\n'),
      'Buildings.csv:3:1 error duplicate-id',
    ],
    [
      'duplicate-code: two buildings with one code',
      csv(DC, '38,DC,,Davis Annex,,,,1,,,,\n'),
      'Buildings.csv:3:4 error duplicate-code',
    ],
    [
      'duplicate-code: a part repeating its building code',
      csv(DC, '38,DC,DC,Davis Addition,,,,1,,,,\n'),
      'Buildings.csv:3:4 error duplicate-code',
    ],
    ['parent: a building named its own parent', csv('37,DC,DC,Davis,,,,1,,,,\n'), 'Buildings.csv:2:7 error parent'],
    ['parent: a parent no row holds', csv(DC, '38,DCA,MC,Davis Annex,,,,1,,,,\n'), 'Buildings.csv:3:8 error parent'],
    [
      'no-code: a row neither building nor part',
      csv(DC, '38,,,Old Farm,,,,0,,,,\n'),
      'Buildings.csv:3:4 warning no-code',
    ],
    [
      'alternate-names: an empty name between pipes',
      csv('37,DC,,Davis,DC||Davis Centre,,,1,,,,\n'),
      'Buildings.csv:2:14 warning alternate-names',
    ],
    [
      'coordinates: a latitude without its longitude',
      csv('37,DC,,Davis,,43.47,,1,,,,\n'),
      'Buildings.csv:2:21 error coordinates',
    ],
    [
      'coordinates: a latitude out of range',
      csv('37,DC,,Davis,,143.47,-80.54,1,,,,\n'),
      'Buildings.csv:2:15 error coordinates',
    ],
    [
      'number: a longitude that is not a number',
      csv('37,DC,,Davis,,43.47,80.54W,1,,,,\n'),
      'Buildings.csv:2:21 error number',
    ],
    [
      'number: an OpenStreetMap latitude with a comma',
      csv('37,DC,,Davis,,43.47,-80.54,1,"43,47",-80.54,,\n'),
      'Buildings.csv:2:31 error number',
    ],
    [
      'coordinates: no position, but OpenStreetMap gives one',
      csv('37,DC,,Davis,,,,1,43.47,-80.54,,\n'),
      'Buildings.csv:2:15 warning coordinates',
    ],
    ['current: neither 0 nor 1', csv('37,DC,,Davis,,,,yes,,,,\n'), 'Buildings.csv:2:17 error current'],
    [
      'header: a column missing',
      { 'Buildings.csv': 'building_id,building_code\n37,DC\n' },
      'Buildings.csv:1:26 error header',
    ],
    ['unknown-file: a file of no table', { ...csv(DC), 'Rooms.csv': 'room\n' }, 'Rooms.csv:1:1 error unknown-file'],
    [
      'missing-file: a JSON copy without its CSV',
      { 'Buildings.json': jsonCopy() },
      'Buildings.json:1:1 error missing-file',
    ],
    // The copy is never published: a shape it should not have is a warning (data/README.md), as its disagreements are.
    [
      'json-shape: a copy that is not a list',
      { ...csv(DC), 'Buildings.json': '{"buildingId": "37"}' },
      'Buildings.json:1:1 warning json-shape',
    ],
    [
      'json-shape: an item whose buildingId is a number',
      { ...csv(DC), 'Buildings.json': '[{"buildingId": 37}]' },
      'Buildings.json:1:2 warning json-shape',
    ],
    [
      'json-syntax: a copy that is not JSON',
      { ...csv(DC), 'Buildings.json': '[{"buildingId": "37",}]' },
      'Buildings.json:1:22 error json-syntax',
    ],
    [
      'json-copy: other names lost in the copy',
      { ...csv(DC), 'Buildings.json': jsonCopy({ alternateBuildingNames: null }) },
      'Buildings.json:7:31 warning json-copy',
    ],
    [
      'json-copy: a building the CSV lacks',
      { ...csv(DC), 'Buildings.json': jsonCopy({ buildingId: '99' }) },
      'Buildings.json:3:19 warning json-copy',
    ],
    [
      'json-rounded: a coordinate rounded',
      {
        ...csv('37,DC,,William G. Davis Computer Research Centre,Davis Centre,43.472761,-80.5397063758774,1,,,,\n'),
        'Buildings.json': jsonCopy({ longitude: -80.53970638 }),
      },
      'Buildings.json:11:18 warning json-rounded',
    ],
    [
      'coordinates: no position, but the JSON copy gives one',
      {
        ...csv('37,DC,,William G. Davis Computer Research Centre,Davis Centre,,,1,,,,\n'),
        'Buildings.json': jsonCopy(),
      },
      'Buildings.csv:2:63 warning coordinates',
    ],
  ])('%s', (_, files, expected) => {
    const found = check(files);
    expect(found.filter((f) => !f.startsWith('Buildings.json:1:1 warning json-copy'))).toEqual([expected]);
  });

  it("path-value: a code that would stand at another method's path (the building list)", () => {
    const methods = readFileSync(path.join(ROOT, 'data/methods.csv'));
    const report = readDataFiles(
      [
        { rel: 'buildings/Buildings.csv', bytes: encode(`${HEADER}37,list,,A building named list,,,,1,,,,\n`) },
        { rel: 'methods.csv', bytes: methods },
      ],
      (r) => r,
      DATASETS,
    );
    expect(report.findings.list.map((f) => `${f.file}:${f.line}:${f.column} ${f.rule}`)).toEqual([
      'buildings/Buildings.csv:2:1 path-value',
    ]);
  });

  it('says where the JSON copy gives the missing position, and which rows it leaves out', () => {
    const findings = new Findings();
    readDatasetFiles(
      buildings,
      [
        {
          rel: 'Buildings.csv',
          file: 'Buildings.csv',
          bytes: encode(
            `${HEADER}37,DC,,William G. Davis Computer Research Centre,Davis Centre,,,1,,,,\n38,,,Old Farm,,,,0,,,,\n`,
          ),
        },
        { rel: 'Buildings.json', file: 'Buildings.json', bytes: encode(jsonCopy()) },
      ],
      findings,
    );
    expect(findings.list.map((f) => f.message)).toEqual([
      'building_code is empty and parent_code names no building this row is a part of, so no method publishes it. ' +
        'Give it its code, or remove the row (current is 0: the building is gone or off campus).',
      'the copy holds 1 buildings and leaves out 1 rows of Buildings.csv, all of them rows without a building_code ' +
        '(IDs 38). The CSV is the source (this copy is not published): correct the copy, or delete it.',
      'latitude and longitude are empty, so the building is published without a position, ' +
        'but Buildings.json:10 gives 43.472761, -80.542164. Copy them into latitude and longitude.',
    ]);
  });
});

describe('the raw snapshot, as published', () => {
  const { report } = raw;
  const at = (rule: string) =>
    report.findings.list.filter((f) => f.rule === rule).map((f) => `${f.file}:${f.line}:${f.column}`);

  it.skipIf(!raw.present)(
    'has the duplicate codes its README lists, as errors at their places, and no other error',
    () => {
      expect(report.findings.errors.map((f) => `${f.file}:${f.line}:${f.column} ${f.rule}`)).toEqual([
        'Buildings.csv:124:5 duplicate-code', // MKV again (44A)
        'Buildings.csv:197:5 duplicate-code', // VS: Victoria School after Ron Eydt Village South (:69)
        ...[237, 238, 239, 240].map((l) => `Buildings.csv:${l}:5 duplicate-code`), // REN's parts
        ...[248, 249, 250, 251, 252].map((l) => `Buildings.csv:${l}:5 duplicate-code`), // CGR's parts
        'Buildings.csv:123:8 parent', // MKV names itself its parent
      ]);
    },
  );

  it.skipIf(!raw.present)(
    'warns at each row without a code, each missing position another column or the JSON gives, each JSON mismatch',
    () => {
      expect(at('no-code')).toHaveLength(29);
      expect(at('no-code')).toEqual(
        expect.arrayContaining(['Buildings.csv:102:4', 'Buildings.csv:160:5', 'Buildings.csv:292:3']),
      );
      expect(at('coordinates')).toHaveLength(23);
      expect(at('coordinates')).toEqual(
        expect.arrayContaining(['Buildings.csv:21:39', 'Buildings.csv:53:47', 'Buildings.csv:69:41']),
      );
      const v1 = report.findings.list.find((f) => f.line === 21 && f.rule === 'coordinates')!;
      expect(v1.message).toContain('Buildings.json:181 gives 43.47302, -80.5497');
      expect(at('json-copy')).toEqual(expect.arrayContaining(['Buildings.json:1:1', 'Buildings.json:70:31']));
      expect(
        report.findings.list.filter(
          (f) => f.rule === 'json-copy' && f.message.startsWith('alternateBuildingNames is null'),
        ),
      ).toHaveLength(85);
      // IDs 11 and 104 keep theirs
      expect(at('json-copy').filter((f) => f.includes(':97:') || f.includes(':1422:'))).toEqual([]);
      expect(at('json-rounded')).toEqual(expect.arrayContaining(['Buildings.json:9:18']));
      expect(report.findings.list.find((f) => f.line === 9 && f.file === 'Buildings.json')!.message).toContain(
        "-80.53970638 is Buildings.csv:2's -80.5397063758774 rounded to 8 decimals",
      );
    },
  );

  it('leaves the corrected copy in data/buildings/ without findings', () => {
    expect(dataFindings('buildings')).toEqual([]);
  });
});

describe('check --fix on the raw files', () => {
  it.skipIf(!raw.present)(
    'finds nothing it may repair (UTF-8, LF, no stray spaces) and leaves the file as it was: the defects need a choice',
    async () => {
      const work = await tempDir();
      try {
        await mkdir(path.join(work, 'buildings'));
        for (const f of ['Buildings.csv', 'Buildings.json'])
          await copyFile(path.join(RAW, f), path.join(work, 'buildings', f));
        const run = await runCli('check.ts', [path.join(work, 'buildings'), '--fix']);
        expect(run.code).toBe(1);
        expect(run.stdout).toContain('Nothing to repair.');
        expect(await readFile(path.join(work, 'buildings/Buildings.csv'))).toEqual(
          await readFile(path.join(RAW, 'Buildings.csv')),
        );
      } finally {
        await removeDir(work);
      }
    },
  );
});

/** An independent reading of the corrected CSV: every row with a code, its parts by parent_code. */
function expectedBuildings(rows: Record<string, string>[]) {
  const num = (s: string | undefined) => (s ? Number(s) : null);
  return rows
    .filter((r) => r.building_code)
    .map((r) => ({
      building_id: r.building_id,
      building_code: r.building_code,
      building_name: r.building_name,
      alternate_names: r.alternate_building_names ? r.alternate_building_names.split('|') : [],
      latitude: num(r.latitude),
      longitude: num(r.longitude),
      building_sections: rows
        .filter((s) => s.parent_code === r.building_code)
        .map((s) => ({ section_name: s.building_name, latitude: num(s.latitude), longitude: num(s.longitude) })),
    }));
}

describe('the published records', () => {
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    files = await readTree(rootSite(), 'v2'); // the shared build (read-only)
  });
  const json = (f: string) => JSON.parse(files.get(f)!.toString('utf8'));

  it('/buildings/list and every /buildings/<code> equal a plain reading of data/buildings/Buildings.csv', async () => {
    const expected = expectedBuildings(await plainCsvRows(path.join(ROOT, 'data/buildings/Buildings.csv')));
    expect(expected.length).toBeGreaterThan(250);
    expect(json('v2/buildings/list.json').data).toEqual(expected);
    const own = [...files.keys()].filter(
      (f) => /^v2\/buildings\/[^/]+\.json$/.test(f) && f !== 'v2/buildings/list.json',
    );
    expect(own.sort()).toEqual(expected.map((b) => `v2/buildings/${b.building_code}.json`).sort());
    for (const b of expected)
      expect(json(`v2/buildings/${b.building_code}.json`)).toMatchObject({
        meta: { method_id: 1217, status: 200 },
        data: b,
      });
  });

  it('resolves the duplicate codes: REN and CGR with their parts, MKV once, VS for Victoria School', () => {
    const sections = (code: string) =>
      json(`v2/buildings/${code}.json`).data.building_sections.map((s: { section_name: string }) => s.section_name);
    expect(sections('REN')).toEqual([
      'Renison University College Original Building',
      'Renison University College Addition',
      'Renison University College Addition 2 - Chapel',
      'Renison University College Addition 3 - Link',
      'Renison University College Addition 4 - Academic Centre',
    ]);
    expect(sections('CGR')).toHaveLength(5);
    expect(sections('MKV')).toEqual([
      'William Lyon Mackenzie King Village East',
      'William Lyon Mackenzie King Village West',
    ]);
    expect(json('v2/buildings/VS.json').data.building_name).toBe('Victoria School');
    expect(sections('REV')).toContain('Ron Eydt Village South');
    expect(json('v2/buildings/MKV.json').data).toMatchObject({
      building_id: '44',
      latitude: 43.471509,
      longitude: -80.552729,
    });
  });
});

describe("a building's page for a student", () => {
  it('lists the newest 30 sessions held in it, each linked to its page, and says how many more', async () => {
    const page = readFileSync(rootSite('buildings/DC/index.html'), 'utf8');
    const linked = new Set(
      [...page.matchAll(/<li data-ends="[^"]+">\s*<a href="\/infosessions\/(\d+)\/">/g)].map((m) => m[1]!),
    );
    // Counted from the CSV without the matcher: a DC room written as the code and a number, by day.
    const held = new Map<string, number>();
    const folder = path.join(ROOT, 'data/infosessions');
    for (const f of readdirSync(folder).filter((n) => n.endsWith('.csv'))) {
      const rows = Papa.parse<Record<string, string>>(readFileSync(path.join(folder, f), 'utf8'), {
        header: true,
        skipEmptyLines: true,
      }).data;
      for (const r of rows) if (/^DC\s*-?\s*\d/.test(r.location!.trim())) held.set(r.id!, Date.parse(r.date!));
    }
    expect(held.size).toBeGreaterThan(50);
    expect(linked.size).toBe(PAST_SESSIONS_SHOWN);
    for (const id of linked) expect(held.has(id), id).toBe(true);
    // Built in 2023: all are past, the newest shown: none left out is newer than the oldest shown.
    const oldestShown = Math.min(...[...linked].map((id) => held.get(id)!));
    for (const [id, day] of held) if (day > oldestShown) expect(linked.has(id), id).toBe(true);
    // The page counts every session it matched (some rooms are written otherwise than the pattern above).
    const all = Number(
      new RegExp(`the newest ${PAST_SESSIONS_SHOWN} of (\\d+) sessions</span>, newest first`).exec(page)?.[1],
    );
    expect(all).toBeGreaterThanOrEqual(held.size);
    expect(page).toContain(`${all - PAST_SESSIONS_SHOWN} sessions held here before these`);
  });
});

describe('the building pages under astro dev', () => {
  it("are those of a build: each page's title and body, from the same view and component", async () => {
    const body = await buildingPageBody();
    const dev = devPages(ROOT).buildingPageList();
    const built = readdirSync(rootSite('buildings'), { withFileTypes: true }).filter((e) => e.isDirectory());
    expect(dev.map((p) => p.code).sort()).toEqual(built.map((e) => e.name).sort());
    for (const page of dev.filter((p) => ['DC', 'CGR', 'CTA', 'STJ', 'EV1'].includes(p.code))) {
      const html = readFileSync(rootSite(`${page.path}index.html`), 'utf8');
      // The body, then the calendar's script (it moves the sessions ended since the build to the past).
      expect(html, page.code).toContain(`<main id="main" class="inner" tabindex="-1">  ${body(page.view)}`);
      expect(html, page.code).toContain(`<title>${escapeHtml(page.view.title)} · `);
    }
  });
});
