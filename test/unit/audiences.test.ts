// The audience list (data/audiences/), the counts every page shows, the feeds finder's matching
// and the subscribe block's platform order: unit tests beside the browser's task tests.
import { describe, expect, it } from 'vitest';
import { audienceCatalog } from '../../src/core/calendar/audiences.ts';
import { audienceFacets, chronological, countSessions, realSessions } from '../../src/core/calendar/calendar.ts';
import { subscriptionFeeds } from '../../src/core/calendar/feeds.ts';
import { filterQuery, filtersOf, keepsFilters } from '../../src/core/calendar/filter-state.ts';
import { abbreviates, findMatches, findText } from '../../src/core/calendar/finder.ts';
import { programCatalog } from '../../src/core/calendar/programs.ts';
import { readSessions } from '../../src/core/calendar/session.ts';
import { readDataFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { platformOf, SUBSCRIBE_ORDER } from '../../src/scripts/platform.ts';
import { realDataReport, realSite } from '../helpers/real-data.ts';
import { audiencesOf, isHoliday, sessionRows } from '../helpers/student-oracle.ts';

const site = realSite();
const catalog = programCatalog(site.programs);
const audiences = audienceCatalog(site.audiences);
const sessions = chronological(readSessions(site, catalog, audiences));
const HEADER = 'id,employer,date,start_time,end_time,location,website,audience,programs,description';

/** Reads an in-memory data folder: one session with audience `label`, and the given audience list. */
function check(label: string, list: string) {
  const files = [
    { rel: 'audiences/audiences.csv', bytes: Buffer.from(list) },
    {
      rel: 'infosessions/1141.csv',
      bytes: Buffer.from(`${HEADER}\n1,A,"January 7, 2014",11:30 AM,1:30 PM,TC,,${label},x,\n`),
    },
  ];
  return readDataFiles(files, (r) => `data/${r}`, DATASETS);
}

describe('the audience list (data/audiences/)', () => {
  it('knows every label the real data writes', () => {
    const report = realDataReport();
    expect(report.findings.list.filter((f) => f.rule === 'audience-label' || f.rule === 'audience-list')).toEqual([]);
    expect(audiences.list.map((a) => a.name)).toEqual([
      'Co-op Students',
      'Graduating Students',
      '3rd and 4th year Students',
    ]);
  });

  it.each([
    ['Co-op and Graduating Students', ['co-op-students', 'graduating-students']],
    ['co-op  and graduating students', ['co-op-students', 'graduating-students']],
    ['Students', ['co-op-students', 'graduating-students', '3rd-and-4th-year-students']],
    ['Co-op Students', ['co-op-students']],
    // Year-restricted: its own audience, not the co-op or graduating filter's (docs/calendar.md).
    ['3rd and 4th year Students', ['3rd-and-4th-year-students']],
    ['', []],
  ])('opens a session labelled "%s" to %j', (label, slugs) => {
    expect(
      audienceCatalog(site.audiences)
        .resolve(label)
        .map((a) => a.slug),
    ).toEqual(slugs);
  });

  it('says one error only, not a warning of the session, when a label opens to no audience', () => {
    const report = check(
      'Graduating Students',
      'label,audiences\nCo-op Students,Co-op Students\nGraduating Students,\n',
    );
    expect(report.findings.list.map((f) => `${f.file}:${f.line}:${f.column}: ${f.severity} ${f.rule}`)).toEqual([
      'data/audiences/audiences.csv:3:21: error audience-list',
    ]);
  });

  it('makes an unknown label an audience of its own, and the check names the closest known label at its place', () => {
    const own = audienceCatalog(site.audiences);
    expect(own.resolve('Alumni').map((a) => a.name)).toEqual(['Alumni']);
    expect(own.list.at(-1)!.name).toBe('Alumni');
    const report = check(
      'Co-op Studnets',
      'label,audiences\nCo-op Students,Co-op Students\nGraduating Students,Graduating Students\n',
    );
    expect(report.findings.list).toEqual([
      {
        severity: 'warning',
        file: 'data/infosessions/1141.csv',
        line: 2,
        column: 44,
        rule: 'audience-label',
        message:
          'audience "Co-op Studnets" is not in data/audiences/audiences.csv; ' +
          'the closest known label is "Co-op Students". Write a known label, ' +
          'or add this one to data/audiences/audiences.csv with the audiences it opens the session to.',
      },
    ]);
  });

  it.each([
    ['a label twice', 'label,audiences\nA,A\na,A\n', '3:1', 'already listed on line 2'],
    ['no audience', 'label,audiences\nA,\n', '2:3', 'write the audiences'],
    ['ALL with another', 'label,audiences\nA,ALL|B\n', '2:3', 'write it alone'],
  ])('reports %s', (_, list, at, words) => {
    const found = check('A', list).findings.list.filter((f) => f.rule === 'audience-list');
    expect(found.map((f) => `${f.line}:${f.column}`)).toEqual([at]);
    expect(found[0]!.message).toContain(words);
  });

  it('is what the filters count: each audience the sessions open to it, as read apart from the code', () => {
    const real = realSessions(sessions);
    for (const f of audienceFacets(real)) {
      const name = audiences.list.find((a) => a.slug === f.slug)!.name;
      expect(countSessions(f.sessions), name).toBe(
        sessionRows.filter((r) => !isHoliday(r) && audiencesOf(r.audience!).includes(name)).length,
      );
    }
  });
});

describe('counts', () => {
  it('never count a holiday, and every feed and page counts with one function', () => {
    // Built on 2014-01-05: the window runs from 2013-12-08 to 2015-01-06 (feed-window.ts), counted from the rows.
    const feeds = subscriptionFeeds(sessions, catalog, audiences, Date.UTC(2014, 0, 5, 17) / 1000);
    const inWindow = sessionRows.filter((r) => {
      const day = new Date(`${r.date} 12:00 UTC`).toISOString().slice(0, 10);
      return day >= '2013-12-08' && day < '2015-01-06';
    });
    expect(feeds.all.sessions.length).toBe(inWindow.length);
    expect(countSessions(feeds.all.sessions)).toBe(inWindow.filter((r) => !isHoliday(r)).length);
    expect(countSessions(feeds.terms.find((t) => t.path.endsWith('1139.ics'))!.sessions)).toBe(116);
    expect(countSessions(sessions)).toBe(sessionRows.filter((r) => !isHoliday(r)).length);
  });
});

describe('the feeds finder', () => {
  const programs = catalog.every.programs;
  const find = (query: string) =>
    programs
      .filter((p) => findMatches(findText([p.name, p.group.name, ...p.labels], p.abbreviations), query))
      .map((p) => p.name);

  it.each([
    ['cs', ['Computer Science']],
    ['CS', ['Computer Science']],
    ['SE', ['Software Engineering']],
    ['ECE', ['Computer Engineering', 'Electrical Engineering']],
    ['AFM', ['Accounting & Financial Management']],
    ['comp sci', ['Computer Science', 'Scientific Computation']],
    ['computer science', ['Computer Science']],
  ])('finds "%s" as students type it', (query, names) => {
    expect(find(query).sort()).toEqual(names.sort());
  });

  it('takes abbreviations from the data, not code: Quest subjects name programs by their words', () => {
    expect(
      abbreviates({ code: 'AFM', name: 'Accounting and Financial Managment' }, 'Accounting & Financial Management'),
    ).toBe(true);
    expect(abbreviates({ code: 'ECE', name: 'Electrical and Computer Engineering' }, 'Computer Engineering')).toBe(
      true,
    );
    expect(abbreviates({ code: 'BIOL', name: 'Biology' }, 'Geology & Hydrogeology')).toBe(false);
    expect(abbreviates({ code: 'GEOL', name: 'Geology' }, 'Biology')).toBe(false);
    expect(catalog.groups().find((g) => g.slug === 'mathematics')!.abbreviations).toEqual(
      expect.arrayContaining(['math', 'mat']),
    );
  });
});

describe('filters that follow', () => {
  it.each([
    ['', true],
    ['infosessions/', true],
    ['infosessions/terms/1151/', true],
    ['infosessions/2014/01/', true],
    ['infosessions/feeds/', true],
    ['infosessions/2116/', false],
    ['infosessions/search/', false],
    ['api/', false],
  ])('carries the filters to "%s": %s', (sitePath, keeps) => {
    expect(keepsFilters(sitePath)).toBe(keeps);
  });

  it('writes and reads them as a query', () => {
    const state = { program: 'computer-science', audience: 'co-op-students' };
    expect(filterQuery(state)).toBe('?program=computer-science&audience=co-op-students');
    expect(filtersOf(filterQuery(state))).toEqual(state);
    expect(filterQuery({})).toBe('');
  });
});

describe('the subscribe options by platform', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 ' +
        '(KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
      'android',
      'android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 ' +
        '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'apple',
      'apple',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 ' +
        '(KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'apple',
      'apple',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      'windows',
      'outlook',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      'other',
      'google',
    ],
  ])('puts first what works on %s', (ua, platform, first) => {
    expect(platformOf(ua)).toBe(platform);
    expect(SUBSCRIBE_ORDER[platformOf(ua)][0]).toBe(first);
    expect([...SUBSCRIBE_ORDER[platformOf(ua)]].sort()).toEqual([
      'android',
      'apple',
      'download',
      'google',
      'office',
      'outlook',
    ]);
  });
});
