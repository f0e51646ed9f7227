// The data portal's bulk downloads, as developers use them: one download of the SQLite database answers questions
// whose answers are counted independently from data/ (papaparse over the CSV files, not the project's readers); the
// Frictionless Data Package validates with the Frictionless library, every row of every resource cast against its
// Table Schema, and a wrong type in a record description makes it fail; the list of downloads tells each file's
// true size and SHA-256.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Package } from 'datapackage';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { tableSchema } from '../../src/core/portal/table-schema.ts';
import { ROOT } from '../helpers/build.ts';
import { rootSite } from '../helpers/sites.ts';

/** node:sqlite, required (not imported) so that loading it prints no warning through vitest's transform. */
const { DatabaseSync } = createRequire(import.meta.url)('node:sqlite') as typeof import('node:sqlite');

/** The rows of a CSV file of data/, read by papaparse with its header. */
function csvRows(file: string): Record<string, string>[] {
  return Papa.parse<Record<string, string>>(readFileSync(path.join(ROOT, 'data', file), 'utf8'), {
    header: true,
    skipEmptyLines: true,
  }).data;
}

/** Every data/<folder>/*.csv file's rows, by file name. */
function folderRows(folder: string): Map<string, Record<string, string>[]> {
  const names = readdirSync(path.join(ROOT, 'data', folder)).filter((n) => n.endsWith('.csv'));
  return new Map(names.sort().map((n) => [n, csvRows(`${folder}/${n}`)]));
}

/** The built database, opened read-only: the one file a developer downloads. */
function database() {
  return new DatabaseSync(rootSite('data/campus-api.sqlite'), { readOnly: true });
}

describe('a developer answers questions from the one SQLite download', () => {
  it('counts the exams held in PAC in Fall 2013 as the term file counts them', () => {
    // Fall 2013 is term 1139; an exam is one row of the schedule (a sitting), held in PAC when its room is there.
    const expected = csvRows('exam-schedule/1139.csv').filter((r) => /^PAC\b/.test(r.location ?? '')).length;
    const db = database();
    const row = db
      .prepare(
        `SELECT count(*) AS n FROM exam_schedule, json_each(exam_schedule.sections) AS s
         WHERE exam_schedule.term = '1139' AND json_extract(s.value, '$.location') LIKE 'PAC%'`,
      )
      .get() as { n: number };
    db.close();
    expect(expected).toBeGreaterThan(100);
    expect(row.n).toBe(expected);
  });

  it('lists the buildings whose code begins no session location, as the CSV files give them', () => {
    // A session is in a building when its location's first word is the building's code ("MC 2017" is in MC).
    const codes = new Set(csvRows('buildings/Buildings.csv').map((r) => (r.building_code ?? '').trim()));
    codes.delete('');
    const used = new Set(
      [...folderRows('infosessions').values()].flat().map((r) => (r.location ?? '').trim().split(' ')[0]),
    );
    const expected = [...codes].filter((c) => !used.has(c)).sort();
    const db = database();
    const rows = db
      .prepare(
        `SELECT building_code FROM buildings AS b WHERE NOT EXISTS (
           SELECT 1 FROM infosessions AS s
           WHERE s.location = b.building_code
              OR substr(s.location, 1, length(b.building_code) + 1) = b.building_code || ' '
         ) ORDER BY building_code`,
      )
      .all() as { building_code: string }[];
    db.close();
    expect(expected.length).toBeGreaterThan(10);
    expect(expected.length).toBeLessThan(codes.size);
    expect(rows.map((r) => r.building_code).sort()).toEqual(expected);
  });

  it('finds each table keyed by its natural key, and the exam schedule indexed by course too', () => {
    const db = database();
    const keyOf = (table: string) =>
      (db.prepare(`PRAGMA table_info(${table})`).all() as { name: string; pk: number }[])
        .filter((c) => c.pk > 0)
        .sort((x, y) => x.pk - y.pk)
        .map((c) => c.name);
    const courseIndex = db.prepare(`SELECT name FROM pragma_index_list('exam_schedule')`).all() as { name: string }[];
    const columns = courseIndex.map(
      (i) => (db.prepare(`PRAGMA index_info("${i.name}")`).all() as { name: string }[])[0]?.name,
    );
    const keys = { exam_schedule: keyOf('exam_schedule'), buildings: keyOf('buildings'), courses: keyOf('courses') };
    db.close();
    expect(keys).toEqual({
      exam_schedule: ['term', 'course'],
      buildings: ['building_code'],
      courses: ['subject', 'catalog_number'],
    });
    expect(columns).toContain('course');
  });
});

describe('the list of downloads', () => {
  it('gives each file its true size and SHA-256', () => {
    const list = JSON.parse(readFileSync(rootSite('data/downloads.json'), 'utf8')) as {
      files: { path: string; bytes: number; sha256: string }[];
    };
    expect(list.files.length).toBeGreaterThan(20);
    for (const f of list.files) {
      const bytes = readFileSync(rootSite(f.path.slice(1)));
      expect({
        path: f.path,
        bytes: bytes.byteLength,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      }).toEqual({ path: f.path, bytes: f.bytes, sha256: f.sha256 });
    }
  });

  it('holds in each JSON file the rows of its CSV file, one per record', () => {
    const csv = Papa.parse<Record<string, string>>(readFileSync(rootSite('data/quest-subjects.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const json = JSON.parse(readFileSync(rootSite('data/quest-subjects.json'), 'utf8')) as Record<string, string>[];
    const ndjson = readFileSync(rootSite('data/quest-subjects.ndjson'), 'utf8').trimEnd().split('\n');
    expect(csv.length).toBe(csvRows('quest/Subjects.csv').length);
    expect(json.length).toBe(csv.length);
    expect(ndjson.map((l) => JSON.parse(l))).toEqual(json);
  });
});

/** Reads every row of every resource of a package, cast against its schema; the first cast error rejects. */
async function castEveryRow(pkg: Package): Promise<number> {
  let rows = 0;
  for (const resource of pkg.resources) rows += (await resource.read({ cast: true })).length;
  return rows;
}

describe('the Frictionless Data Package', () => {
  const descriptorFile = () => rootSite('data/datapackage.json');

  it('is valid, and every row of every resource casts against its Table Schema', async () => {
    const pkg = await Package.load(descriptorFile());
    expect(pkg.errors).toEqual([]);
    expect(pkg.valid).toBe(true);
    const list = JSON.parse(readFileSync(rootSite('data/downloads.json'), 'utf8')) as {
      files: { format: string; records: number }[];
    };
    const records = list.files.filter((f) => f.format === 'csv').reduce((n, f) => n + f.records, 0);
    expect(await castEveryRow(pkg)).toBe(records);
  });

  it('fails when a record description gives a field the wrong type', async () => {
    // The courses' catalogue number is text ("136L"): described as an integer, its rows no longer cast.
    const descriptor = JSON.parse(readFileSync(descriptorFile(), 'utf8')) as {
      resources: { name: string; schema: unknown }[];
    };
    const courses = DATASETS.courses!.tables[0]!;
    const wrong = {
      ...courses,
      record: {
        ...courses.record,
        fields: courses.record.fields.map((f) =>
          f.name === 'catalog_number' ? { ...f, type: 'integer' as const } : f,
        ),
      },
    };
    const resource = descriptor.resources.find((r) => r.name === 'courses')!;
    expect(resource.schema).toEqual(tableSchema(courses));
    resource.schema = tableSchema(wrong);
    const pkg = await Package.load({ ...descriptor, resources: [resource] }, { basePath: rootSite('data') });
    expect(pkg.valid).toBe(true);
    await expect(castEveryRow(pkg)).rejects.toThrow();
  });
});

/** A data set's section of the portal page: its record count, its method links, its download links. */
function portalSection(page: string, name: string) {
  const section = page.match(new RegExp(`<section aria-labelledby="set-${name}">([\\s\\S]*?)</section>`))?.[1] ?? '';
  return {
    records: Number(section.match(/<dt>Records<\/dt>\s*<dd>(\d+)/)?.[1]),
    methods: [...section.matchAll(/href="\/methods\/(\d+)\/"/g)].map((m) => Number(m[1])).sort(),
    browse: [...(section.match(/<dt>Browse<\/dt><dd>([\s\S]*?)<\/dd>/)?.[1] ?? '').matchAll(/href="([^"]+)"/g)].map(
      (m) => m[1],
    ),
    downloads: [...section.matchAll(/<a href="(\/data\/[^"/]+\.\w+)">[\s\S]*?<code>([0-9a-f]{64})<\/code>/g)].map(
      (m) => [m[1], m[2]],
    ),
  };
}

describe('a developer choosing a data set on the portal page', () => {
  const page = () => readFileSync(rootSite('data/index.html'), 'utf8');

  it('sees each data set with its record count as data/ counts it, and the methods it feeds', () => {
    // An exam schedule's record is a course of a term (its rows are its sittings); a building, one code.
    const exams = new Set(
      [...folderRows('exam-schedule')].flatMap(([file, rows]) => rows.map((r) => `${file} ${r.course}`)),
    );
    const codes = new Set(csvRows('buildings/Buildings.csv').map((r) => r.building_code?.trim()));
    codes.delete('');
    const fed = (set: string) =>
      csvRows('methods.csv')
        .filter((r) => r.source === set)
        .map((r) => Number(r.method_id))
        .sort();
    expect(portalSection(page(), 'exam-schedule')).toMatchObject({
      records: exams.size,
      methods: fed('exam-schedule'),
    });
    expect(portalSection(page(), 'buildings')).toMatchObject({ records: codes.size, methods: fed('buildings') });
    expect(portalSection(page(), 'quest').records).toBe(
      ['AcademicGroups', 'AcademicOrganizations', 'Subjects', 'Terms', 'Instructions', 'CampusCodes']
        .map((t) => csvRows(`quest/${t}.csv`).length)
        .reduce((a, b) => a + b),
    );
  });

  it('downloads each file it lists, whose SHA-256 is the one shown', () => {
    const downloads = portalSection(page(), 'courses').downloads;
    expect(downloads.map(([href]) => href)).toEqual([
      '/data/courses.csv',
      '/data/courses.json',
      '/data/courses.ndjson',
    ]);
    for (const [href, sha] of downloads)
      expect(
        createHash('sha256')
          .update(readFileSync(rootSite(href!.slice(1))))
          .digest('hex'),
      ).toBe(sha);
  });

  it("browses each of a data set's tables from its section: the quest set's six, each a built table page", () => {
    const browse = portalSection(page(), 'quest').browse;
    expect(browse).toEqual([
      '/data/quest/',
      '/data/quest/units/',
      '/data/quest/subjects/',
      '/data/quest/terms/',
      '/data/quest/instructions/',
      '/data/quest/campuses/',
    ]);
    for (const href of browse)
      expect(readFileSync(rootSite(`${href!.slice(1)}index.html`), 'utf8')).toContain('<table');
    expect(portalSection(page(), 'courses').browse).toEqual(['/data/courses/']);
  });

  it('reaches the portal from the navigation of another page', () => {
    expect(readFileSync(rootSite('api/index.html'), 'utf8')).toMatch(/<a href="\/data\/"[^>]*>Data<\/a>/);
  });
});
