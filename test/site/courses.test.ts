// The courses data set: one fixture per rule, the raw snapshot's defects at their places, --fix
// on the raw files, the published records of 1153 and 1163 against an independent reading of
// data/courses/, and the diff by natural key (subject and catalogue number).
import { copyFile, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDatasetFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { dataset as courses } from '../../src/core/datasets/sets/courses.ts';
import { Findings } from '../../src/core/read/findings.ts';
import { diffData } from '../../src/core/review/data-diff.ts';
import { renderDiffMarkdown } from '../../src/core/review/diff-markdown.ts';
import { ROOT, removeDir, runCli, tempDir } from '../helpers/build.ts';
import {
  checkFiles,
  dataFindings,
  diffKeys,
  findingKey,
  plainCsvRows,
  rawSnapshot,
  readForDiff,
} from '../helpers/datasets.ts';
import { rootSite } from '../helpers/sites.ts';

const raw = rawSnapshot('courses');
const RAW = raw.dir;
const DATA = path.join(ROOT, 'data/courses');
const HEADER = 'subject,number,title\n';
const CS =
  `${HEADER}"CS","135","Designing Functional Programs"\n"CS","136","Elementary Algorithm Design and Data ` +
  `Abstraction"\n`;

/** Reads in-memory files as data/courses/; returns `file:line:column severity rule` of each finding. */
const check = (files: Record<string, string>) => checkFiles(courses, files);

describe('one fixture per rule', () => {
  it('finds nothing wrong in good files, quoted or not, with or without a line ending at the end', () => {
    expect(
      check({
        'CS.csv': CS,
        'MATH.csv': `${HEADER}MATH,135,Algebra for Honours Mathematics`,
        'DAC.csv': `${HEADER}DAC,2XX,DAC Transfer Credit\n`,
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'file-name: a file not named for a subject',
      { 'cs-courses.csv': `${HEADER}CS,135,Designing\n` },
      'cs-courses.csv:1:1 error file-name',
    ],
    [
      'subject: a row of another subject',
      { 'CS.csv': `${HEADER}"MATH","135","Algebra"\n` },
      'CS.csv:2:2 error subject',
    ],
    [
      'catalog-number: not digits and capitals',
      { 'CS.csv': `${HEADER}CS,13a,Designing\n` },
      'CS.csv:2:4 error catalog-number',
    ],
    ['empty: a course without its title', { 'CS.csv': `${HEADER}CS,135,\n` }, 'CS.csv:2:8 error empty'],
    [
      'title-quote: a quote without its partner',
      { 'ENGL.csv': `${HEADER}"ENGL","260","Irish Literature and the Troubles"""\n` },
      'ENGL.csv:2:48 error title-quote',
    ],
    ['no-courses: only the header', { 'SOCIN.csv': HEADER }, 'SOCIN.csv:1:1 warning no-courses'],
    [
      'duplicate-key: a course listed twice',
      { 'CS.csv': `${CS}"CS","135","Designing again"\n` },
      'CS.csv:4:2 error duplicate-key',
    ],
    [
      'header: another column',
      { 'CS.csv': 'subject,catalog_number,title\nCS,135,Designing\n' },
      'CS.csv:1:9 error header',
    ],
    ['unknown-file: a file of no table', { 'notes.txt': 'x\n' }, 'notes.txt:1:1 error unknown-file'],
  ])('%s', (_, files, expected) => {
    expect(check(files)).toEqual([expected]);
  });

  it('says what is wrong and how to fix it', () => {
    const findings = new Findings();
    readDatasetFiles(
      courses,
      [
        {
          rel: 'ENGL.csv',
          file: 'ENGL.csv',
          bytes: new TextEncoder().encode(`${HEADER}"ENGL","260","Irish Literature and the Troubles"""\n`),
        },
      ],
      findings,
    );
    const message = findings.list[0]!.message;
    expect(message).toMatch(/^title "Irish Literature and the Troubles"" holds a double quote without its partner /);
    expect(message).toMatch(/ Remove it, or restore its partner/);
  });
});

describe('the raw snapshot, as published', () => {
  const { report } = raw;

  it.skipIf(!raw.present)('has the defects its README lists found at their places, and nothing else wrong', () => {
    expect(report.files).toHaveLength(133);
    expect(report.findings.list.map(findingKey)).toEqual([
      'ENGL.csv:75:48 error title-quote',
      'SOCIN.csv:1:1 warning no-courses',
    ]);
    expect(report.datasets.courses!.courses).toHaveLength(5158);
  });

  it('leaves the corrected copies in data/courses/ without findings', () => {
    expect(dataFindings('courses')).toEqual([]);
  });
});

describe('check --fix on the raw files', () => {
  let work: string;
  beforeAll(async () => {
    work = await tempDir();
    await mkdir(path.join(work, 'courses'));
    for (const f of ['ACTSC.csv', 'ENGL.csv', 'SOCIN.csv'])
      await copyFile(path.join(RAW, f), path.join(work, 'courses', f));
  });
  afterAll(() => removeDir(work));

  it.skipIf(!raw.present)(
    'repairs nothing: the quoting and the missing last line ending are valid CSV, and a lost quote needs a person',
    async () => {
      const run = await runCli('check.ts', [path.join(work, 'courses'), '--fix']);
      expect(run.code).toBe(1);
      expect(run.stdout).toContain('Nothing to repair.');
      expect(run.stdout).toMatch(/ENGL\.csv:75:48: error: title/);
      for (const f of ['ACTSC.csv', 'ENGL.csv'])
        expect(await readFile(path.join(work, 'courses', f))).toEqual(await readFile(path.join(RAW, f)));
    },
  );
});

// The reference's records (method-reference.md, 1153 and 1163): every field the data set lacks is null.
const LISTING = ['course_id', 'subject', 'catalog_number', 'title', 'units', 'description', 'academic_level'];
const DETAILS = [
  'course_id',
  'subject',
  'catalog_number',
  'title',
  'units',
  'description',
  'instructions',
  'prerequisites',
  'antirequisites',
  'corequisites',
  'crosslistings',
  'terms_offered',
  'notes',
  'offerings',
  'needs_department_consent',
  'needs_instructor_consent',
  'extra',
  'calendar_year',
  'url',
  'academic_level',
];
const record = (fields: string[], row: Record<string, string>) => ({
  ...Object.fromEntries(fields.map((f) => [f, null])),
  subject: row.subject,
  catalog_number: row.number,
  title: row.title,
});

describe('the published records (the shared build of data/)', () => {
  const json = async (p: string) => JSON.parse(await readFile(rootSite(p), 'utf8'));

  it('are, file by file, a plain reading of data/courses/<SUBJECT>.csv: 1153 the list, 1163 each course', async () => {
    const names = (await readdir(DATA)).filter((f) => f.endsWith('.csv')).sort();
    expect(names).toHaveLength(132);
    let count = 0;
    for (const name of names) {
      const rows = await plainCsvRows(path.join(DATA, name));
      const subject = name.replace('.csv', '');
      expect((await json(`v2/courses/${subject}.json`)).data, name).toEqual(rows.map((r) => record(LISTING, r)));
      for (const row of rows)
        expect((await json(`v2/courses/${subject}/${row.number}.json`)).data, `${name} ${row.number}`).toEqual(
          record(DETAILS, row),
        );
      count += rows.length;
    }
    expect(count).toBe(5158);
    const built = (await readdir(rootSite('v2/courses'), { recursive: true })).filter((f) => /\.(json|xml)$/.test(f));
    expect(built).toHaveLength((132 + 5158) * 2);
  });

  it('carry each method ID, and the corrected title of ENGL 260', async () => {
    expect((await json('v2/courses/CS.json')).meta.method_id).toBe(1153);
    expect((await json('v2/courses/CS/135.json')).meta.method_id).toBe(1163);
    expect((await json('v2/courses/ENGL/260.json')).data.title).toBe('Irish Literature and the Troubles');
    await expect(readFile(rootSite('v2/courses/SOCIN.json'))).rejects.toThrow(/ENOENT/);
  });
});

describe('npm run diff on courses', () => {
  it('matches courses by subject and catalogue number', () => {
    const read = (text: string) => readForDiff('courses/CS.csv', text);
    const before = read(CS);
    const after = read(
      `${HEADER}"CS","135","Designing Functional Programs (new)"\n"CS","241","Foundations of Sequential Programs"\n`,
    );
    const diff = diffData(before, after, DATASETS);
    expect(diffKeys(diff)).toEqual([['courses', ['CS 241'], ['CS 136'], [['CS 135', ['title']]]]]);
    expect(renderDiffMarkdown(diff, 'main')).toContain(
      '### courses: added (1)\n\n| subject | catalog_number | title | file |',
    );
  });
});
