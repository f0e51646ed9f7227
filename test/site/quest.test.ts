// The quest data set: one fixture per rule, the raw snapshot's defects at their places, --fix
// on the raw files, and the published records against an independent reading of data/quest/.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { dataset as quest } from '../../src/core/datasets/sets/quest.ts';
import { diffData } from '../../src/core/review/data-diff.ts';
import { renderDiffMarkdown } from '../../src/core/review/diff-markdown.ts';
import { ROOT, readTree, removeDir, runCli, tempDir } from '../helpers/build.ts';
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

const raw = rawSnapshot('quest');
const RAW = raw.dir;
const GROUPS = 'group_code,group_short_name,group_full_name\n"ENG","Engineering","Faculty of Engineering"\n';
const UNITS = 'unit_code,group_code,unit_short_name,unit_full_name\n"CS","ENG","Computer Science","Computer Science"\n';

/** Reads in-memory files as data/quest/; returns `file:line:column severity rule` of each finding. */
const check = (files: Record<string, string>) => checkFiles(quest, files);

describe('one fixture per rule', () => {
  it('finds nothing wrong in good files', () => {
    expect(
      check({
        'AcademicGroups.csv': GROUPS,
        'AcademicOrganizations.csv': UNITS,
        'Terms.csv': 'abbreviation,description\nF,Fall\n',
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'empty: a row without its code',
      { 'Instructions.csv': 'abbreviation,description\n,Lecture\n' },
      'Instructions.csv:2:1 error empty',
    ],
    [
      'duplicate-key: a code listed twice',
      { 'Instructions.csv': 'abbreviation,description\nLEC,Lecture\nLEC,Lecture again\n' },
      'Instructions.csv:3:1 error duplicate-key',
    ],
    [
      'reference: a unit in a group that does not exist',
      {
        'AcademicGroups.csv': GROUPS,
        'AcademicOrganizations.csv': UNITS.replace('"ENG","Computer', '"MAT","Computer'),
      },
      'AcademicOrganizations.csv:2:7 error reference',
    ],
    [
      'reference: a subject of a unit that does not exist',
      {
        'AcademicGroups.csv': GROUPS,
        'AcademicOrganizations.csv': UNITS,
        'Subjects.csv': 'subject,description,unit,group\n"CS","Computer Science","CO","ENG"\n',
      },
      'Subjects.csv:2:26 error reference',
    ],
    [
      'punctuation: a short name without its apostrophe',
      {
        'AcademicGroups.csv':
          'group_code,group_short_name,group_full_name\n"STJ","St. Jeromes","St. Jerome\'s University"\n',
      },
      'AcademicGroups.csv:2:12 warning punctuation',
    ],
    [
      'semicolon: semicolons for commas',
      { 'Terms.csv': 'abbreviation,description\nJ,"Summer; first half"\n' },
      'Terms.csv:2:10 warning semicolon',
    ],
    [
      'stray-quote: a space before the opening quote',
      { 'Terms.csv': 'abbreviation,description\nJ, "Summer"\n' },
      'Terms.csv:2:4 error stray-quote',
    ],
    [
      'whitespace: a header name with a space',
      { 'Terms.csv': 'abbreviation, description\nF,Fall\n' },
      'Terms.csv:1:14 warning whitespace',
    ],
    [
      'whitespace: a value with a space',
      { 'Instructions.csv': 'abbreviation,description\nLEC, Lecture\n' },
      'Instructions.csv:2:5 warning whitespace',
    ],
    [
      'cell-count: a comma outside quotes',
      { 'Terms.csv': 'abbreviation,description\nM,Summer, both terms\n' },
      // At the value the comma split (`Summer, both terms`), which the message says to quote.
      'Terms.csv:2:3 error cell-count',
    ],
    ['header: another column', { 'Terms.csv': 'term,description\nF,Fall\n' }, 'Terms.csv:1:1 error header'],
    ['unknown-file: a file of no table', { 'Rooms.csv': 'room\nMC 4020\n' }, 'Rooms.csv:1:1 error unknown-file'],
  ])('%s', (_, files, expected) => {
    expect(check(files)).toEqual([expected]);
  });
});

describe('the raw snapshot, as published', () => {
  const { report } = raw;
  const all = report.findings.list.map(findingKey);

  it.skipIf(!raw.present)('has the defects its README lists found at their places, and nothing else wrong', () => {
    expect(all).toEqual(
      expect.arrayContaining([
        'Terms.csv:1:14 warning whitespace',
        'Terms.csv:2:3 warning whitespace',
        'Terms.csv:5:4 error stray-quote',
        'Terms.csv:5:11 warning semicolon',
        'Terms.csv:6:4 error stray-quote',
        'Terms.csv:7:30 error cell-count',
        'Instructions.csv:2:5 warning whitespace',
        'Instructions.csv:19:5 warning whitespace',
        'AcademicGroups.csv:12:12 warning punctuation',
        'AcademicGroups.csv:13:12 warning punctuation',
      ]),
    );
    expect(report.findings.errors.map((f) => `${f.file}:${f.line}`).sort()).toEqual([
      'Terms.csv:5',
      'Terms.csv:6',
      'Terms.csv:7',
    ]);
    expect(new Set(report.findings.list.map((f) => f.file))).toEqual(
      new Set(['Terms.csv', 'Instructions.csv', 'AcademicGroups.csv']),
    );
  });

  it('leaves the corrected copies in data/quest/ without findings', () => {
    expect(dataFindings('quest')).toEqual([]);
  });
});

describe('check --fix on the raw files', () => {
  let work: string;
  beforeAll(async () => {
    work = await tempDir();
    await mkdir(path.join(work, 'quest'));
    for (const f of ['Terms.csv', 'Instructions.csv']) await copyFile(path.join(RAW, f), path.join(work, 'quest', f));
  });
  afterAll(() => removeDir(work));

  it.skipIf(!raw.present)(
    'removes the space after each comma: the quoted values read as quoted, line 7 is one value again',
    async () => {
      const run = await runCli('check.ts', [path.join(work, 'quest'), '--fix']);
      expect(run.code, run.stdout).toBe(0);
      expect(await readFile(path.join(work, 'quest/Terms.csv'), 'utf8')).toBe(
        'abbreviation,description\nF,Fall\nS,Spring\nW,Winter\nJ,"Summer; first half; July"\nA,"Summer; ' +
          'second half; August"\nM,"Summer; both terms; July, August"\n',
      );
      expect((await readFile(path.join(work, 'quest/Instructions.csv'), 'utf8')).split('\n').slice(0, 3)).toEqual([
        'abbreviation,description',
        'CLN,Clinic',
        'DIS,Discussion',
      ]);
      expect(run.stdout).toContain('Terms.csv:5:3: a space removed before the opening quote');
      // What --fix does not guess at stays reported: the semicolons.
      expect(run.stdout.match(/warning: description .* uses semicolons/g)).toHaveLength(3);
    },
  );
});

describe('the published records', () => {
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    files = await readTree(rootSite(), 'v2'); // the shared build (read-only)
  });

  it.each([
    ['groups', 'AcademicGroups.csv', {}],
    ['organizations', 'AcademicOrganizations.csv', {}],
    ['subjects', 'Subjects.csv', {}],
    ['terms', 'Terms.csv', { abbreviation: 'term' }],
    ['instructions', 'Instructions.csv', {}],
  ] as const)(
    '/resources/academics/%s equals a plain reading of data/quest/%s',
    async (name, csv, renamed: Record<string, string>) => {
      const rows = await plainCsvRows(path.join(ROOT, 'data/quest', csv), renamed);
      const published = JSON.parse(files.get(`v2/resources/academics/${name}.json`)!.toString('utf8')).data;
      expect(rows.length).toBeGreaterThan(3);
      expect(published).toEqual(rows);
    },
  );
});

describe('npm run diff on quest', () => {
  it('matches records by their natural key, table by table', () => {
    const read = (groups: string) => readForDiff('quest/AcademicGroups.csv', groups);
    const before = read(`${GROUPS}"ART","Arts","Faculty of Arts"\n`);
    const after = read(`${GROUPS.replace('"Engineering"', '"Eng."')}"SCI","Science","Faculty of Science"\n`);
    const diff = diffData(before, after, DATASETS);
    expect(diffKeys(diff)).toEqual([['quest/groups', ['SCI'], ['ART'], [['ENG', ['group_short_name']]]]]);
    expect(renderDiffMarkdown(diff, 'main')).toContain(
      '### quest/groups: added (1)\n\n| group_code | group_short_name | group_full_name | file |',
    );
  });
});
