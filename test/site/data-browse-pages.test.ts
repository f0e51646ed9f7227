import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseHTML } from 'linkedom';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { CHUNK_ROWS } from '../../src/core/browse/browse-chunks.ts';
import { ROOT } from '../helpers/build.ts';
import { BASE_PATH, basedSite } from '../helpers/sites.ts';

// A reader without JavaScript walks a data set's list from its first page by the "Next" links, in the built site:
// the pages together hold every record of data/ once (counted here with papaparse and JSON.parse, not the project's
// readers).

/** A built page's table and pager, by its path (parsing whole pages made the walk of 197 pages a minute). */
function builtPage(sitePath: string): Document {
  const page = readFileSync(basedSite(path.join(sitePath, 'index.html')), 'utf8');
  const start = page.indexOf('<table class="stack"');
  const end = page.indexOf('</nav>', start);
  expect(start > 0 && end > start).toBe(true);
  return parseHTML(`<!doctype html><html><body>${page.slice(start, end + 6)}</body></html>`).document;
}

/** Every row of a table's list, read page by page from `start` by the rel=next links, each as its cells by column. */
function walkedRows(start: string): { rows: Record<string, string>[]; pages: number } {
  const rows: Record<string, string>[] = [];
  let at: string | undefined = start;
  let pages = 0;
  while (at !== undefined) {
    const doc = builtPage(at);
    pages += 1;
    for (const tr of doc.querySelectorAll('tbody[data-browse-rows] tr')) {
      const cells = [...tr.querySelectorAll('td')].map((td) => [td.getAttribute('data-label')!, td.textContent!]);
      rows.push(Object.fromEntries(cells));
    }
    const next = doc.querySelector('a[rel="next"]')?.getAttribute('href');
    expect(next === null || next === undefined || next.startsWith(BASE_PATH)).toBe(true);
    at = next ? next.slice(BASE_PATH.length) : undefined;
  }
  return { rows, pages };
}

/** The CSV files of a data folder, parsed with their headers, in name order, with each file's base name. */
function csvRows(folder: string): { file: string; row: Record<string, string> }[] {
  const dir = path.join(ROOT, 'data', folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .flatMap((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
      return parsed.map((row) => ({ file: f.replace(/\.csv$/, ''), row }));
    });
}

describe('the paged lists without JavaScript', () => {
  it('hold every sitting of the exam schedules once', () => {
    const expected = csvRows('exam-schedule').map(
      ({ file, row }) => `${file} ${row.course} ${row.section} ${row.date}`,
    );
    const { rows, pages } = walkedRows('data/exam-schedule/');
    expect(pages).toBe(Math.ceil(expected.length / 100));
    // A course's sittings follow each other (its record's), so the order is the records', not the lines'.
    expect(rows.map((r) => `${r.term} ${r.course} ${r.section} ${r.date}`).sort()).toEqual(expected.sort());
  });

  it('hold every WatCard vendor once, each linked to nothing but its data set (no file per vendor)', () => {
    const dir = path.join(ROOT, 'data/watcard');
    const file = readdirSync(dir).find((f) => f.endsWith('.json'))!;
    const vendors = Object.values(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as object) as {
      vendor_id: number;
    }[];
    const { rows } = walkedRows('data/watcard/');
    expect(rows.map((r) => Number(r.vendor_id)).sort((a, b) => a - b)).toEqual(
      vendors.map((v) => v.vendor_id).sort((a, b) => a - b),
    );
  });

  it('link each building to its own API file', () => {
    const codes = csvRows('buildings').map(({ row }) => row.building_code);
    const { rows } = walkedRows('data/buildings/');
    const doc = builtPage('data/buildings/');
    const first = doc.querySelector('tbody[data-browse-rows] tr a')?.getAttribute('href');
    // The method asks for a key: the link says where it goes (apiFileHref, as every page's links to it).
    expect(first).toBe(`${BASE_PATH}v2/buildings/${rows[0]!.building_code}.json?key=YOUR_KEY`);
    expect(new Set(rows.map((r) => r.building_code))).toEqual(new Set(codes.filter(Boolean)));
  });
});

describe("the files a table page's script reads", () => {
  /** A built JSON file of the data pages, parsed. */
  const builtJson = <T>(sitePath: string) => JSON.parse(readFileSync(basedSite(sitePath), 'utf8')) as T;

  it('hold every sitting of the exam schedules once in the chunks the page names, in the paged list order', () => {
    const page = readFileSync(basedSite('data/exam-schedule/index.html'), 'utf8');
    const chunks = Number(/data-chunks="(\d+)"/.exec(page)?.[1]);
    const expected = csvRows('exam-schedule').map(({ file, row }) => `${file} ${row.course} ${row.section}`);
    expect(chunks).toBe(Math.ceil(expected.length / CHUNK_ROWS));
    const files = Array.from({ length: chunks }, (_, k) =>
      builtJson<{ columns: string[]; rows: (string | null)[][] }>(`data/exam-schedule/courses.rows/${k}.json`),
    );
    const rows = files.flatMap((f) => f.rows.map((r) => r.map((c) => c ?? '')));
    expect(rows.map((r) => `${r[0]} ${r[1]} ${r[2]}`).sort()).toEqual(expected.sort());
    const { columns } = files[0]!;
    expect(rows).toEqual(walkedRows('data/exam-schedule/').rows.map((r) => columns.map((c) => r[c])));
  });

  it('give the first page of the schedule sorted by date and of one subject, with their counts from data/', () => {
    const sittings = csvRows('exam-schedule');
    const sorted = builtJson<{ rows: string[][]; count: number }>('data/exam-schedule/courses.sort/v-date.asc.json');
    const dates = sittings.map(({ row }) => row.date!).filter(Boolean);
    expect(sorted.count).toBe(sittings.length);
    expect(sorted.rows.map((r) => r[4])).toEqual(dates.sort().slice(0, 100));
    const cs = builtJson<{ rows: string[][]; count: number }>('data/exam-schedule/courses.subject/v-CS.json');
    expect(cs.count).toBe(sittings.filter(({ row }) => row.course!.startsWith('CS ')).length);
    expect(cs.rows.every((r) => r[1]!.startsWith('CS '))).toBe(true);
  });

  it("name the page's table in its head, for a head script the CSP allows, on every page of every table", () => {
    const headers = readFileSync(basedSite('_headers'), 'utf8');
    const script = (page: string) => [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const pages = readdirSync(basedSite('data'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('index.html') && f !== 'index.html')
      .map((f) => readFileSync(basedSite(path.join('data', f)), 'utf8'));
    expect(pages.length).toBeGreaterThan(20);
    for (const page of pages) {
      const meta = /<meta name="browse-table" content="([^"]*)">/.exec(page)?.[1]?.replaceAll('&quot;', '"');
      const spec = JSON.parse(meta!) as { rows: string; chunks: number; columns: string[]; facets: string[] };
      expect(page).toContain(`data-browse="${spec.rows}" data-chunks="${spec.chunks}"`);
      const facets = [...page.matchAll(/<select name="([^_"][^"]*)">/g)].map((m) => m[1]);
      expect(spec.facets).toEqual(facets);
      const head = script(page.slice(0, page.indexOf('</head>'))).find((s) => s.includes('browse-table'))!;
      const hash = createHash('sha256').update(head, 'utf8').digest('base64');
      expect(headers).toContain(`'sha256-${hash}'`);
    }
  });
});
