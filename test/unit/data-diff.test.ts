// What `npm run diff` tells a reviewer about a pull request's data (issue 37, findings 9, 10 and 14): a change inside
// a nested value or past a cell's 80 characters is shown where it is, a key two records hold is said, and a record
// whose API path disappears is named as a path clients lose. Each case is a contributor's edit of a real data file.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type DataFileInput, readDataFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { diffData } from '../../src/core/review/data-diff.ts';
import { renderDiffMarkdown } from '../../src/core/review/diff-markdown.ts';
import { ROOT } from '../helpers/build.ts';

/** The text of data/<rel>. */
const text = (rel: string) => readFileSync(path.join(ROOT, 'data', rel), 'utf8');

/** Reads files (path inside data/ → text) as one side of a diff. */
const side = (files: Record<string, string>) =>
  readDataFiles(
    Object.entries(files)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([rel, t]): DataFileInput => ({ rel, bytes: Buffer.from(t) })),
    (r) => r,
    DATASETS,
  );

/** The diff of two sides and its Markdown. */
function compare(before: Record<string, string>, after: Record<string, string>) {
  const diff = diffData(side(before), side(after), DATASETS);
  return { diff, markdown: renderDiffMarkdown(diff, 'main') };
}

describe('a change inside a nested value', () => {
  it('is shown leaf by leaf: the sitting whose room changed, before and after', () => {
    const exams = text('exam-schedule/1199.csv');
    const row = exams.split('\n').find((l) => l.startsWith('ACTSC 221,'))!;
    const { diff, markdown } = compare(
      { 'exam-schedule/1199.csv': exams },
      { 'exam-schedule/1199.csv': exams.replace(row, row.replace(',PAC 7,', ',PAC 8,')) },
    );
    const changed = diff.datasets.flatMap((d) => d.changed);
    expect(changed.map((c) => [c.key, c.fields])).toEqual([
      ['1199 ACTSC 221', [{ field: 'sections[0].location', before: 'PAC 7', after: 'PAC 8' }]],
    ]);
    expect(markdown).toContain('| 1199 ACTSC 221 | sections[0].location | PAC 7 | PAC 8 |');
  });
});

describe('a change past the 80th character of a value', () => {
  it('shows before and after differently, each from a little before the change', () => {
    const sessions = text('infosessions/1139.csv');
    const long = 'any other questions you may have';
    expect(sessions.indexOf(long) - sessions.indexOf('This event will be a preface')).toBeGreaterThan(200);
    const { markdown } = compare(
      { 'infosessions/1139.csv': sessions },
      { 'infosessions/1139.csv': sessions.replace(long, 'any other question you may have') },
    );
    const row = markdown.split('\n').find((l) => l.startsWith('| 2116 | description |'))!;
    const [, , before, after] = row.split(' | ');
    expect(before).not.toBe(after);
    expect(before).toContain('questions you may');
    expect(after).toContain('question you may');
  });
});

describe('a key two records hold', () => {
  it('is a finding naming both places, and the first copy is not reported as moved to the second', () => {
    const fall = text('infosessions/1139.csv');
    const winter = text('infosessions/1141.csv');
    const line3 = winter.split('\n')[2]!;
    const twice = winter.replace(line3, line3.replace(/^\d+,/, '2116,'));
    const { diff, markdown } = compare(
      { 'infosessions/1139.csv': fall, 'infosessions/1141.csv': winter },
      { 'infosessions/1139.csv': fall, 'infosessions/1141.csv': twice },
    );
    const sessions = diff.datasets.find((d) => d.dataset === 'infosessions')!;
    expect(sessions.repeated).toEqual([
      { key: '2116', side: 'after', places: ['infosessions/1139.csv:2', 'infosessions/1141.csv:3'] },
    ]);
    expect(sessions.changed).toEqual([]);
    expect(sessions.added.map((r) => `${r.key} ${r.file}`)).toEqual(['2116 infosessions/1141.csv']);
    expect(markdown).toContain('### infosessions: repeated keys (1)');
    expect(markdown).toContain('| 2116 | newer | infosessions/1139.csv:2, infosessions/1141.csv:3 |');
  });
});

describe('a renamed record that an API path serves', () => {
  it('is named as a removed path for clients (DWE → ZZZ: /v2/buildings/DWE.json answers 404)', () => {
    const buildings = text('buildings/Buildings.csv');
    const renamed = buildings.replace('\n1,DWE,', '\n1,ZZZ,');
    const directory = text('methods.csv');
    const { diff, markdown } = compare(
      { 'methods.csv': directory, 'buildings/Buildings.csv': buildings },
      { 'methods.csv': directory, 'buildings/Buildings.csv': renamed },
    );
    expect(diff.removedPaths).toEqual([{ methodId: 1217, path: '/v2/buildings/DWE.json' }]);
    expect(markdown).toContain('### API paths removed (1)');
    expect(markdown).toContain('- `/v2/buildings/DWE.json` (method 1217)');
  });

  it('names no path when the data changes but every path stays', () => {
    const buildings = text('buildings/Buildings.csv');
    const directory = text('methods.csv');
    const { diff } = compare(
      { 'methods.csv': directory, 'buildings/Buildings.csv': buildings },
      { 'methods.csv': directory, 'buildings/Buildings.csv': buildings.replace('Douglas Wright', 'Douglas Wright Jr') },
    );
    expect(diff.removedPaths).toEqual([]);
  });
});

describe("a change to the site's own lists (programs, audiences, places)", () => {
  it('is said by key and field, as a data set change is, though no API file changes', () => {
    const lists = {
      'quest/AcademicGroups.csv': text('quest/AcademicGroups.csv'),
      'programs/programs.csv': text('programs/programs.csv'),
      'audiences/audiences.csv': text('audiences/audiences.csv'),
      'places/places.csv': text('places/places.csv'),
    };
    const fed = 'Federation Hall,Fed Hall|Feds Hall,FED,,,';
    expect(lists['places/places.csv']).toContain(fed);
    expect(lists['audiences/audiences.csv']).toContain('\nGraduating Students,Graduating Students\n');
    const { diff, markdown } = compare(lists, {
      ...lists,
      'programs/programs.csv': `${lists['programs/programs.csv']}MATH - Quantum Computing,,MAT\n`,
      'places/places.csv': lists['places/places.csv'].replace(fed, 'Federation Hall,Fed Hall|Feds Hall,SLC,,,'),
      'audiences/audiences.csv': lists['audiences/audiences.csv'].replace(
        '\nGraduating Students,Graduating Students\n',
        '\nGraduating Students,Graduating Students|Co-op Students\n',
      ),
    });
    expect(diff.datasets).toEqual([]);
    const said = diff.lists.map((l) => [l.label, l.added.map((r) => r.key), l.changed]);
    expect(said).toEqual([
      ['program list', ['MATH - Quantum Computing'], []],
      [
        'audience list',
        [],
        [
          {
            key: 'Graduating Students',
            file: 'audiences/audiences.csv',
            fields: [
              { field: 'audiences', before: 'Graduating Students', after: 'Graduating Students|Co-op Students' },
            ],
          },
        ],
      ],
      [
        'place list',
        [],
        [
          {
            key: 'Federation Hall',
            file: 'places/places.csv',
            fields: [{ field: 'building', before: 'FED', after: 'SLC' }],
          },
        ],
      ],
    ]);
    expect(markdown).not.toContain('No data and no methods changed');
    expect(markdown).toContain('| Federation Hall | building | FED | SLC |');
    expect(markdown).toContain('| MATH - Quantum Computing | *(empty)* | MAT | programs/programs.csv |');
  });
});
