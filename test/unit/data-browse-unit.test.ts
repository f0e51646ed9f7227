import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { browseChunks, CHUNK_ROWS, chunkCount, chunkFile } from '../../src/core/browse/browse-chunks.ts';
import { type BrowseData, rowFile } from '../../src/core/browse/browse-data.ts';
import { firstViewFile } from '../../src/core/browse/browse-first-file.ts';
import {
  type BrowseFirstPage,
  facetFirstPages,
  sortFile,
  sortFirstPages,
} from '../../src/core/browse/browse-first-pages.ts';
import {
  type BrowseRows,
  facetCounts,
  matchingRows,
  PAGE_SIZE,
  pageRows,
  queryString,
  readQuery,
  sortedRows,
} from '../../src/core/browse/browse-query.ts';
import {
  type BrowseShardData,
  browseShards,
  facetsFile,
  facetTotalsFile,
  shardFile,
} from '../../src/core/browse/browse-shards.ts';
import { browseTable, CELL_TEXT_MAX, CHANGED_AT_COLUMN } from '../../src/core/browse/browse-table.ts';
import { FIRST_FETCH_GLOBAL, FIRST_FETCH_SCRIPT, SPEC_META } from '../../src/core/browse/first-fetch-script.ts';
import { rowCount, thousands } from '../../src/core/browse/row-count.ts';
import { tablePageView } from '../../src/core/browse/table-page-parts.ts';
import type { TableSpec } from '../../src/core/datasets/dataset.ts';
import { termExamCourseRecord } from '../../src/core/records/exam-schedule-record.ts';
import { dataPageBodies } from '../../src/integrations/data-page-components.ts';

// The view a URL asks for, over a small table: what a person filtering, searching, sorting and paging gets.

const table: BrowseRows = {
  columns: ['term', 'course', 'date'],
  facets: [{ column: 'term' }, { column: 'course', name: 'subject', word: 'first' }],
  rows: [
    ['1139', 'CS 135', '2013-12-13'],
    ['1139', 'MATH 135', '2013-12-05'],
    ['1141', 'CS 136', '2014-04-12'],
    ['1139', 'CS 246', null],
    ['1139', 'CS 241', '2013-12-10'],
  ],
};

/** The view of a query string, its rows by index in order. */
const view = (qs: string) => {
  const q = readQuery(new URLSearchParams(qs), table);
  return sortedRows(table, matchingRows(table, q), q);
};

describe('a view of a table, as its URL says', () => {
  it('filters by a column and by a facet of part of one, and sorts with no value last either way', () => {
    expect(view('subject=CS&term=1139&_sort=date')).toEqual([4, 0, 3]);
    expect(view('subject=CS&term=1139&_sort_desc=date')).toEqual([0, 4, 3]);
    expect(view('course=CS%20136')).toEqual([2]);
  });

  it('searches every word anywhere in a row, and ignores names that are no column', () => {
    expect(view('_search=cs%202013')).toEqual([0, 4]);
    expect(view('nothing=1&_sort=nothing')).toEqual([0, 1, 2, 3, 4]);
  });

  // A new user's trial: "CS 135" also found CS 370 and others, whose rooms are DC 1350 and 1351.
  it('finds a number searched as a whole number, not inside a longer one', () => {
    const rooms: BrowseRows = {
      columns: ['course', 'location'],
      facets: [],
      rows: [
        ['CS 135', 'PAC 1,2,3'],
        ['CS 370', 'DC 1350,1351'],
        ['CS 1350', 'MC 135'],
        ['MATH 135', 'M3 1006'],
      ],
    };
    const found = (search: string) => matchingRows(rooms, { filters: [], search });
    expect(found('CS 135')).toEqual([0, 2]);
    expect(found('135')).toEqual([0, 2, 3]);
    expect(found('13')).toEqual([]);
    expect(found('dc 135')).toEqual([]);
    expect(found('cs 13')).toEqual([]);
    expect(found('m3 1006')).toEqual([3]);
    expect(found('pac 1')).toEqual([0]);
  });

  it('writes a view back as the same query string', () => {
    const qs = 'subject=CS&term=1139&_search=cs&_sort_desc=date&_page=2';
    expect(queryString(readQuery(new URLSearchParams(qs), table))).toBe(qs);
  });

  it('counts a facet over the rows of the other filters, most first', () => {
    const q = readQuery(new URLSearchParams('subject=CS&term=1139'), table);
    expect(facetCounts(table, q, table.facets[0]!)).toEqual([
      ['1139', 3],
      ['1141', 1],
    ]);
    expect(facetCounts(table, q, table.facets[1]!)).toEqual([
      ['CS', 3],
      ['MATH', 1],
    ]);
  });

  it('sorts a column of numbers by value, and one holding any other text by its characters', () => {
    const t: BrowseRows = {
      columns: ['n', 't'],
      facets: [],
      rows: [
        ['10', 'b'],
        ['9', 'a'],
        [null, '10'],
        ['-1', '9'],
      ],
    };
    const by = (qs: string) => {
      const q = readQuery(new URLSearchParams(qs), t);
      return sortedRows(t, matchingRows(t, q), q);
    };
    expect(by('_sort=n')).toEqual([3, 1, 0, 2]);
    expect(by('_sort_desc=n')).toEqual([0, 1, 3, 2]);
    expect(by('_sort=t')).toEqual([2, 3, 1, 0]);
  });

  it('sorts some rows of a table, filtered or not, as a table of those rows alone would be sorted', () => {
    // A page sorts the same table again and again (its ranks are made once): each time as a fresh table would be.
    const t: BrowseRows = {
      columns: ['n', 't'],
      facets: [{ column: 't' }],
      rows: Array.from({ length: 60 }, (_, i) => [
        i % 7 === 0 ? null : String((i * 37) % 23),
        i % 5 === 0 ? `${(i * 13) % 9}` : ['b', 'a', 'B', '10', 'a'][i % 5]!,
      ]),
    };
    for (const qs of ['_sort=n', '_sort_desc=n', '_sort=t', '_sort_desc=t', 't=a&_sort=n', '_search=1&_sort=t']) {
      const q = readQuery(new URLSearchParams(qs), t);
      const rows = matchingRows(t, q);
      const alone = { ...t, rows: rows.map((i) => t.rows[i]!) };
      const expected = sortedRows(alone, matchingRows(alone, { filters: [], search: '' }), q).map((k) => rows[k]);
      expect(sortedRows(t, rows, q), qs).toEqual(expected);
    }
    // Rows whose text is all numbers are sorted by value, though their column holds other text too.
    const numbers = matchingRows(t, { filters: [], search: '' }).filter((i) => /^\d+$/.test(t.rows[i]![1]!));
    const values = sortedRows(t, numbers, { sort: { column: 't', desc: false } }).map((i) => Number(t.rows[i]![1]));
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(new Set(values).size).toBeGreaterThan(2);
  });

  it("counts a facet anew for each view, and a caller's changes to the counts are its own", () => {
    const q = readQuery(new URLSearchParams('subject=CS'), table);
    for (let n = 0; n < 2; n++) facetCounts(table, q, table.facets[0]!).unshift(['9999', 0]);
    expect(facetCounts(table, q, table.facets[0]!)).toEqual([
      ['1139', 3],
      ['1141', 1],
    ]);
    expect(facetCounts(table, readQuery(new URLSearchParams('subject=MATH'), table), table.facets[0]!)).toEqual([
      ['1139', 1],
    ]);
  });

  it('pages 100 rows at a time, a page past the end showing the last', () => {
    const rows = Array.from({ length: 250 }, (_, i) => i);
    expect(pageRows(rows, 3)).toEqual({ page: 3, rows: rows.slice(200) });
    expect(pageRows(rows, 9).page).toBe(3);
    expect(pageRows([], 1)).toEqual({ page: 1, rows: [] });
  });
});

describe('a table from its record description', () => {
  const spec: TableSpec = {
    name: 'courses',
    record: termExamCourseRecord,
    key: ['term', 'course'],
    browse: { rowsOf: 'sections' },
  };
  const sitting = { section: '001', day: 'Friday', date: '2013-12-13', start_time: '12:30 PM', end_time: '3:00 PM' };
  const records = [
    {
      values: { term: '1139', course: 'CS 135', sections: [{ ...sitting, location: 'PAC', notes: 'x'.repeat(200) }] },
      fileKey: '1139',
    },
    { values: { term: '1139', course: 'CS 100', sections: [] }, fileKey: '1139' },
  ];

  it('makes a row of each sitting (one of a course without), long text cut, with no changed_at without times', () => {
    const t = browseTable(spec, records);
    expect(t.columns).toEqual([
      'term',
      'course',
      'section',
      'day',
      'date',
      'start_time',
      'end_time',
      'location',
      'notes',
    ]);
    expect(t.rows.map((r) => r.cells.slice(0, 3))).toEqual([
      ['1139', 'CS 135', '001'],
      ['1139', 'CS 100', null],
    ]);
    expect(t.rows[0]!.cells[8]!.length).toBe(CELL_TEXT_MAX);
  });

  it('marks the columns of short values (a date, a time, a code); the page gives their cells a class', async () => {
    const t = browseTable(spec, records);
    const shortOnes = t.columns.filter((_, j) => t.short?.[j]);
    // CS 135's location is PAC, its notes 200 characters; CS 100 has no sitting (its cells empty count as short).
    expect(shortOnes).toEqual(['term', 'course', 'section', 'day', 'date', 'start_time', 'end_time', 'location']);
    const at = { set: 'exam-schedule', table: 'courses', folder: 'data/exam-schedule/' };
    const view = tablePageView({
      setTitle: 'Exams',
      tables: [at],
      at,
      table: t,
      page: 1,
      basePath: '/x/',
      portal: true,
    });
    const body = (await dataPageBodies()).table(view);
    expect(body).toContain('<th scope="col" class="short-value">date</th>');
    expect(body).toContain('<th scope="col">notes</th>');
    expect(body).toContain('<td data-label="date" class="short-value">2013-12-13</td>');
    expect(body).toMatch(/<td data-label="notes">x+…<\/td>/);
  });

  it("shows each record's last change time when the times are given", () => {
    const t = browseTable(spec, records, { changedAt: (r) => (r === records[0] ? 1386000000 : undefined) });
    expect(t.columns.at(-1)).toBe(CHANGED_AT_COLUMN);
    expect(t.rows.map((r) => r.cells.at(-1))).toEqual(['2013-12-02T16:00:00Z', null]);
  });
});

describe('a page of a table', () => {
  const at = { set: 'watcard', table: 'vendors', folder: 'data/watcard/' };
  const table = { columns: ['vendor_id', 'vendor_name'], facets: [], rows: [{ cells: ['1', '<b>Tim & Co</b>'] }] };
  const view = (portal: boolean) =>
    tablePageView({ setTitle: 'WatCard', tables: [at], at, table, page: 1, basePath: '/x/', portal });

  it('shows the data as text, and links back to the portal only where the site has one', async () => {
    const body = (await dataPageBodies()).table(view(true));
    expect(body).toContain('&lt;b&gt;Tim &amp; Co&lt;/b&gt;');
    expect(body).toContain('<a href="/x/data/">All data sets</a>');
    expect(view(false).body.portalHref).toBeUndefined();
    expect((await dataPageBodies()).table(view(false))).not.toContain('All data sets');
  });
});

describe("a table's shards: a filtered view reads one value's rows", () => {
  const rows = table.rows.map((cells) => ({ cells }));
  const whole = { columns: table.columns, facets: table.facets, rows };
  const shards = browseShards(whole, 'data/exam-schedule/courses.browse.json');
  /** A shard's rows, as its page's script reads them. */
  const shardOf = (value: string) => {
    const file = shards.find((s) => s.path === shardFile('data/exam-schedule/courses.browse.json', 'term', value));
    return JSON.parse(file!.body) as BrowseShardData;
  };

  it('cuts by the first facet, and a view filtering by it shows the same rows from the shard as from the table', () => {
    expect(shards.map((s) => s.path)).toEqual([
      'data/exam-schedule/courses.term/v-1139.json',
      'data/exam-schedule/courses.term/v-1141.json',
    ]);
    const qs = 'subject=CS&term=1139&_sort=date';
    const shard = shardOf('1139');
    const q = readQuery(new URLSearchParams(qs), shard);
    const fromShard = sortedRows(shard, matchingRows(shard, q), q).map((i) => shard.rows[i]);
    expect(fromShard).toEqual(view(qs).map((i) => table.rows[i]));
    expect(shard.totals).toEqual([
      ['1139', 4],
      ['1141', 1],
    ]);
  });

  it("names a value's file safely, and counts every facet over the whole table", () => {
    expect(shardFile('data/x/t.browse.json', 'building', 'TBD*')).toBe('data/x/t.building/x-5442442a.json');
    expect(JSON.parse(facetTotalsFile(whole)).totals[1]).toEqual([
      'subject',
      [
        ['CS', 4],
        ['MATH', 1],
      ],
    ]);
  });

  it('counts the last word of a value for a facet that asks it (the year of a date)', () => {
    const dated = { columns: ['date'], facets: [{ column: 'date', name: 'year', word: 'last' as const }] };
    const data = { ...dated, rows: [['January 8, 2013'], ['May 1, 2014'], ['March 3, 2013']] };
    expect(matchingRows(data, readQuery(new URLSearchParams('year=2013'), data))).toEqual([0, 2]);
  });
});

describe('the files a view reads before all its rows are in', () => {
  /** A table of 1,234 sittings over three terms and four subjects, some without a date. */
  const many = Array.from({ length: 1234 }, (_, i) => [
    ['1139', '1141', '1145'][i % 3]!,
    `${['CS', 'MATH', 'STAT', 'PHYS'][i % 4]} ${100 + (i % 7)}`,
    i % 11 === 0 ? null : `2013-12-${String(1 + (i % 28)).padStart(2, '0')}`,
  ]);
  const big = { columns: table.columns, facets: table.facets, rows: many };
  const whole = { ...big, rows: many.map((cells, i) => ({ cells, link: `/v2/x/${i % 5}.json` })) };
  const rowsFile = 'data/exam-schedule/courses.browse.json';
  /** A file of the given list, parsed. */
  const parsed = <T>(files: { path: string; body: string }[], path: string) =>
    JSON.parse(files.find((f) => f.path === path)!.body) as T;

  it('cuts the rows into chunks of 500 that together hold every row, each with its API file, in order', () => {
    const chunks = browseChunks(whole, rowsFile);
    expect(chunks.map((c) => c.path)).toEqual([0, 1, 2].map((k) => chunkFile(rowsFile, k)));
    expect(chunkFile(rowsFile, 2)).toBe('data/exam-schedule/courses.rows/2.json');
    const rows = chunks.flatMap((c) => {
      const data = JSON.parse(c.body) as BrowseData;
      return data.rows.map((cells, i) => [...cells, rowFile(data, i)]);
    });
    expect(rows).toEqual(whole.rows.map((r) => [...r.cells, r.link]));
    expect(browseChunks({ ...whole, rows: [] }, rowsFile)).toHaveLength(1);
  });

  it.each([
    ['date', false],
    ['date', true],
    ['course', false],
  ] as const)('holds the first page of the table sorted by %s (descending: %s), and the count', (column, desc) => {
    const page = parsed<BrowseFirstPage>(sortFirstPages(whole, rowsFile), sortFile(rowsFile, column, desc));
    const q = readQuery(new URLSearchParams(`${desc ? '_sort_desc' : '_sort'}=${column}`), big);
    const expected = sortedRows(big, matchingRows(big, q), q).slice(0, PAGE_SIZE);
    expect(page.rows).toEqual(expected.map((i) => many[i]));
    expect(page.count).toBe(many.length);
  });

  it('holds the first page of each value of every facet but the first, whose shards hold all the rows', () => {
    const pages = facetFirstPages(whole, rowsFile);
    expect(pages.map((p) => p.path).sort()).toEqual(
      ['CS', 'MATH', 'PHYS', 'STAT'].map((v) => `data/exam-schedule/courses.subject/v-${v}.json`),
    );
    const page = parsed<BrowseFirstPage>(pages, shardFile(rowsFile, 'subject', 'STAT'));
    const stat = many.filter((r) => r[1]!.startsWith('STAT '));
    expect(page.rows).toEqual(stat.slice(0, PAGE_SIZE));
    expect(page.count).toBe(stat.length);
  });
});

describe("a table page's first request: the head script asks for the file the module reads first", () => {
  const rowsFile = '/x/data/exam-schedule/courses.browse.json';
  const columns = ['term', 'course', 'date', 'room "A" & <b>'];
  // Three chunks of rows: every view's first file is made (chunks, shards of the first facet, first pages ahead).
  const rows = Array.from({ length: CHUNK_ROWS * 2 + 10 }, (_, i) => ({
    cells: [
      i % 3 ? '1139' : '1141',
      `${['CS', 'MATH', 'ÉCO'][i % 3]} ${100 + (i % 50)}`,
      `2013-12-${10 + (i % 9)}`,
      'MC',
    ],
  }));
  const whole = { columns, facets: table.facets, rows };
  const spec = { rows: rowsFile, chunks: chunkCount(rows.length), columns, facets: ['term', 'subject'] };
  const made = new Set(
    [browseChunks, browseShards, sortFirstPages, facetFirstPages].flatMap((f) => f(whole, rowsFile).map((p) => p.path)),
  );
  made.add(facetsFile(rowsFile));
  const addresses = [
    '',
    '?',
    '?_sort=date',
    '?_sort_desc=date',
    '?_sort=date&_sort_desc=course',
    '?_sort=nothing',
    `?_sort=${encodeURIComponent(columns[3]!)}`,
    '?term=1139',
    '?term=1139&_sort=date',
    '?term=1139&subject=CS&_page=2',
    '?subject=CS',
    '?subject=%C3%89CO',
    '?subject=CS&_sort=date',
    '?subject=CS&_page=2',
    '?subject=CS&_page=1',
    '?subject=CS&_page=x',
    '?subject=CS&_page=0',
    '?subject=CS&_search=%20',
    '?subject=CS&term=1141',
    '?subject=&_sort=date',
    '?course=CS%20135',
    '?_search=mc',
    '?_page=3',
    '?other=1',
    '?subject=NONE',
  ];
  // A value no row holds has no file: the module then reads the chunks, as it does without the head script.
  const unmade = new Set(['?subject=NONE']);

  /** Runs the head script as a page would at an address; gives the file it asked for, and what it left the module. */
  function headScript(search: string, pageSpec = spec) {
    const asked: string[] = [];
    const page: Record<string, unknown> = {
      document: {
        querySelector: (s: string) =>
          s === `meta[name="${SPEC_META}"]` ? { content: JSON.stringify(pageSpec) } : null,
      },
      location: { search },
      fetch: (url: string) => (asked.push(url), Promise.resolve(url)),
      URLSearchParams,
      TextEncoder,
    };
    page.self = page;
    runInNewContext(FIRST_FETCH_SCRIPT, page);
    return { asked, left: page[FIRST_FETCH_GLOBAL] as [string, Promise<unknown>] | undefined };
  }

  it.each(addresses)('asks once for the same file as firstViewFile at %j, a file the build makes', (search) => {
    const { asked, left } = headScript(search);
    expect(asked).toEqual([firstViewFile(spec, search)]);
    expect(left?.[0]).toBe(asked[0]);
    expect(made.has(asked[0]!)).toBe(!unmade.has(search));
  });

  it("asks for the view's first page made ahead, else the shard, else a later facet's value page, else chunk 0", () => {
    const stem = '/x/data/exam-schedule/courses';
    expect(firstViewFile(spec, '?_sort_desc=date')).toBe(`${stem}.sort/v-date.desc.json`);
    expect(firstViewFile(spec, '?subject=%C3%89CO')).toBe(`${stem}.subject/x-c389434f.json`);
    expect(firstViewFile(spec, '?term=1139&_sort=date')).toBe(`${stem}.term/v-1139.json`);
    expect(firstViewFile(spec, '?subject=CS&_sort=date')).toBe(`${stem}.subject/v-CS.json`);
    expect(firstViewFile(spec, '?subject=CS&term=1141&_search=x')).toBe(`${stem}.term/v-1141.json`);
    expect(firstViewFile(spec, '?_search=mc')).toBe(`${stem}.rows/0.json`);
    expect(firstViewFile(spec, '')).toBe(`${stem}.facets.json`);
  });

  it('asks for the rows themselves when the table is one chunk (it has no first pages)', () => {
    const one = { ...spec, chunks: 1 };
    for (const search of addresses) expect(headScript(search, one).asked).toEqual([firstViewFile(one, search)]);
    expect(firstViewFile(one, '?_sort=date')).toBe('/x/data/exam-schedule/courses.rows/0.json');
  });

  it('leaves the page to its module when the head holds no table', () => {
    const page = { document: { querySelector: () => null }, location: { search: '?_sort=date' }, fetch: () => 1 };
    expect(() => runInNewContext(FIRST_FETCH_SCRIPT, page)).not.toThrow();
    expect(FIRST_FETCH_GLOBAL in page).toBe(false);
  });

  it("tells the head script of the table in the page's head, as text", async () => {
    const at = { set: 'exam-schedule', table: 'courses', folder: 'data/exam-schedule/' };
    const view = tablePageView({
      setTitle: 'Exams',
      tables: [at],
      at,
      table: whole,
      page: 1,
      basePath: '/x/',
      portal: true,
    });
    const head = (await dataPageBodies()).tableHead(view);
    const content = head.match(/<meta name="browse-table" content="([^"]*)">/)?.[1];
    expect(content).toContain('&quot;');
    expect(JSON.parse(content!.replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<'))).toEqual(
      spec,
    );
  });
});

describe("a count's thousands, written by hand as toLocaleString('en-US') writes them", () => {
  const counts = [
    0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10_000, 12_345, 100_000, 999_999, 1_000_000, 1_234_567_890,
  ];
  it.each(counts)('%i', (n) => {
    expect(thousands(n)).toBe(n.toLocaleString('en-US'));
    expect(rowCount(n)).toBe(`${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`);
  });
});
