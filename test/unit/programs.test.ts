import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chronological, programFacets } from '../../src/core/calendar/calendar.ts';
import { isOpenTo, openToOf, programCatalog } from '../../src/core/calendar/programs.ts';
import { readSessions } from '../../src/core/calendar/session.ts';
import { readDataFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { closest, editDistance } from '../../src/core/read/closest.ts';
import { sortFindings } from '../../src/core/read/findings.ts';
import { ROOT } from '../helpers/build.ts';
import { realDataReport, realSite } from '../helpers/real-data.ts';

const site = realSite();
const catalog = programCatalog(site.programs);
const sessions = chronological(readSessions(site, catalog));
const HEADER = 'id,employer,date,start_time,end_time,location,website,audience,programs,description';
const FACULTIES =
  'group_code,group_short_name,group_full_name\n"ENG","Engineering","Faculty of ' +
  'Engineering"\n"MAT","Mathematics","Faculty of Mathematics"\n';

/** Reads an in-memory data folder: a session file with `programs`, and the given program list. */
function check(programs: string, list: string, faculties = FACULTIES) {
  const files = [
    {
      rel: 'infosessions/1141.csv',
      bytes: Buffer.from(`${HEADER}\n1,A,"January 7, 2014",11:30 AM,1:30 PM,TC,,Co-op,"${programs}",\n`),
    },
    { rel: 'quest/AcademicGroups.csv', bytes: Buffer.from(faculties) },
    { rel: 'programs/programs.csv', bytes: Buffer.from(list) },
  ];
  return readDataFiles(files, (r) => `data/${r}`, DATASETS);
}

describe('the program list (data/programs/)', () => {
  it('knows every label the real data writes', () => {
    const report = realDataReport();
    expect(report.findings.list.filter((f) => f.rule === 'program-label' || f.rule === 'program-list')).toEqual([]);
    expect(site.programs!.written.length).toBeGreaterThanOrEqual(150);
  });

  it('says one error only, not warnings of the sessions, when a label has a wrong faculty', () => {
    const report = check(
      'MATH - Computer Science, ENG - Software',
      'label,program,faculty\nMATH - Computer Science,Computer Science,MXT\nENG - Software,Software Engineering,ENG\n',
    );
    expect(report.findings.list.map((f) => `${f.file}:${f.line}:${f.column}: ${f.severity} ${f.rule}`)).toEqual([
      'data/programs/programs.csv:2:42: error program-list',
    ]);
  });

  it('reports a label it does not know at its place, with the closest known label', () => {
    const report = check(
      'MATH - Computer Sciense, ENG - Software',
      'label,program,faculty\nMATH - Computer Science,Computer Science,MAT\nENG - Software,Software Engineering,ENG\n',
    );
    expect(report.findings.list).toEqual([
      {
        severity: 'warning',
        file: 'data/infosessions/1141.csv',
        line: 2,
        column: 51,
        rule: 'program-label',
        message:
          'program "MATH - Computer Sciense" is not in data/programs/programs.csv; ' +
          'the closest known label is "MATH - Computer Science". ' +
          'Write a known label, or add this one to data/programs/programs.csv with its program and faculty.',
      },
    ]);
  });

  it.each([
    [
      'an unknown faculty',
      'label,program,faculty\nX,X,ART\n',
      /faculty "ART" is not a group code of data\/quest\/AcademicGroups.csv \(ENG, MAT\)/,
    ],
    ['a label listed twice', 'label,program,faculty\nX,X,MAT\nx,Y,MAT\n', /the label "x" is already listed on line 2/],
    [
      'a program in two faculties',
      'label,program,faculty\nX,Bio,MAT\nY,Bio,ENG\n',
      /program "Bio" is in faculty MAT on line 2: a program belongs to one faculty/,
    ],
    [
      'a program for every faculty',
      'label,program,faculty\nALL,Everything,ALL\n',
      /a label of faculty ALL covers every program: leave its program empty/,
    ],
    ['a wrong header', 'label,program\nX,X\n', /the header is not the canonical one/],
  ])('refuses %s with an error saying what to do', (_, list, message) => {
    const errors = check('X', list).findings.errors;
    expect(errors.map((e) => e.message).join('\n')).toMatch(message);
    expect(errors.every((e) => e.file.startsWith('data/programs/'))).toBe(true);
  });

  it("needs Quest's academic groups for its faculties, and nothing else in the folder", () => {
    const files = [
      { rel: 'programs/programs.csv', bytes: Buffer.from('label,program,faculty\n') },
      { rel: 'programs/faculties.csv', bytes: Buffer.from('a\n') },
    ];
    const messages = readDataFiles(files, (r) => `data/${r}`, DATASETS).findings.errors.map((e) => e.message);
    expect(messages).toEqual([
      expect.stringMatching(
        /holds data\/programs\/programs.csv only \(its faculties are data\/quest\/AcademicGroups.csv\)/,
      ),
      expect.stringMatching(/AcademicGroups.csv is missing/),
    ]);
  });
});

describe("a wrong header in quest/AcademicGroups.csv (the program list's faculties)", () => {
  it('is reported first, with one finding saying how many rows of the program list wait on it', () => {
    const list = readFileSync(path.join(ROOT, 'data/programs/programs.csv'), 'utf8');
    const rows = list.trimEnd().split('\n').length - 1;
    const report = check('MATH - Computer Science', list, FACULTIES.replace('group_code', 'groupcode'));
    const errors = sortFindings(report.findings.errors).map((f) => `${f.file}:${f.line}:${f.column} ${f.rule}`);
    expect(errors).toEqual(['data/quest/AcademicGroups.csv:1:1 header', 'data/programs/programs.csv:1:1 program-list']);
    expect(report.findings.errors[1]!.message).toBe(
      `the ${rows} rows of data/programs/programs.csv are not checked: ` +
        `their faculties are the group codes of data/quest/AcademicGroups.csv, ` +
        'which has 1 error (reported above). Fix that first, then check again.',
    );
  });
});

describe('canonical programs', () => {
  it(
    'match a program across terms: Fall 2013\'s "Computer Science" and later "MATH - Computer Science" are one ' +
      'program',
    () => {
      const cs = catalog.every.programs.filter((p) => p.name === 'Computer Science');
      expect(cs).toHaveLength(1);
      expect(cs[0]!.labels).toEqual(['Computer Science', 'MATH - Computer Science']);
      expect(cs[0]!.group.name).toBe('Mathematics');
    },
  );

  it('open a faculty-wide session to every program of the faculty, and "ALL - All" to every program', () => {
    const faculty = openToOf(['ALL - MATH faculty'], catalog);
    expect(faculty.groups.map((g) => g.slug)).toEqual(['mathematics']);
    const math = catalog.every.programs.filter((p) => p.group.slug === 'mathematics');
    expect(math.length).toBeGreaterThan(20);
    for (const p of catalog.every.programs) expect(isOpenTo(faculty, p), p.name).toBe(p.group.slug === 'mathematics');
    const all = openToOf(['ALL - All'], catalog);
    for (const p of catalog.every.programs) expect(isOpenTo(all, p)).toBe(true);
  });

  it(
    "show Winter 2015's Computer Science students its faculty-wide sessions too (54 named, 21 faculty-wide, 72 in " +
      'all)',
    () => {
      const winter = sessions.filter((s) => s.term.code === '1151');
      expect(winter).toHaveLength(91);
      const named = winter.filter((s) => s.programs.includes('MATH - Computer Science'));
      const facultyWide = winter.filter((s) => s.programs.includes('ALL - MATH faculty'));
      expect([named.length, facultyWide.length]).toEqual([54, 21]);
      const facet = programFacets(winter).find((f) => f.slug === 'computer-science')!;
      expect(facet.sessions.length).toBe(new Set([...named, ...facultyWide]).size);
      expect(facet.sessions.length).toBe(72); // 3 sessions name both
    },
  );

  it('keep a label the list does not know as a program of its own, under "Other programs"', () => {
    const own = programCatalog(site.programs);
    const reach = own.resolve('Underwater Basket Weaving');
    expect(reach.direct.map((p) => [p.slug, p.group.slug])).toEqual([['underwater-basket-weaving', 'other']]);
    expect(own.groups().at(-1)!.slug).toBe('other');
  });
});

describe('edit distance', () => {
  /** Levenshtein distance by its definition (exponential; short strings only): the oracle. */
  function reference(a: string, b: string): number {
    if (!a) return b.length;
    if (!b) return a.length;
    return Math.min(
      reference(a.slice(1), b) + 1,
      reference(a, b.slice(1)) + 1,
      reference(a.slice(1), b.slice(1)) + (a[0] === b[0] ? 0 : 1),
    );
  }

  it('equals the definition on any short strings', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 6 }),
        fc.string({ maxLength: 6 }),
        (a, b) => editDistance(a, b) === reference(a, b),
      ),
      { numRuns: 300 },
    );
  });

  it('picks the nearest candidate, ignoring case', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(closest('eng - sofware', ['ENG - Software', 'ENG - Civil'])).toBe('ENG - Software');
    expect(closest('x', [])).toBeUndefined();
  });
});
