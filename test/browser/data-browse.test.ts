import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';
import { BASE_PATH, basedSite } from '../helpers/sites.ts';
import {
  ARTIFACTS,
  cspViolations,
  launchBrowser,
  newTab,
  openPage,
  pageProblems,
  runAxe,
  type ServedSite,
  serveSite,
  VIEWPORTS,
} from './harness.ts';

// A student checks when the Computer Science exams of Fall 2013 were, on the exam schedules' page, and sends the view
// to a friend; a reader without JavaScript walks the whole schedule page by page. What they see is counted here from
// data/exam-schedule/ itself (papaparse), not by the project's reader.

/** One sitting as the CSV holds it: the fields the page shows as they are. */
interface Sitting {
  term: string;
  course: string;
  section: string;
  date: string;
}

/** Every sitting of the exam schedules' CSV files, term by term. */
function sittingsOfData(): Sitting[] {
  const dir = path.join(ROOT, 'data/exam-schedule');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .flatMap((f) => {
      const text = readFileSync(path.join(dir, f), 'utf8');
      const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
      return rows.map((r) => ({ term: f.slice(0, 4), course: r.course!, section: r.section!, date: r.date ?? '' }));
    });
}

/** A sitting as one line of text, to compare sets of them. */
const line = (s: Sitting) => `${s.term} ${s.course} ${s.section} ${s.date}`;

/** The sittings a page's table shows, in its order. */
async function shownSittings(page: Page): Promise<Sitting[]> {
  return page.locator('tbody[data-browse-rows] tr').evaluateAll((trs) =>
    trs.map((tr) => {
      const cell = (label: string) => tr.querySelector(`td[data-label="${label}"]`)?.textContent ?? '';
      return { term: cell('term'), course: cell('course'), section: cell('section'), date: cell('date') };
    }),
  );
}

/** The dates a page's table shows on more than one line (a line a distinct top of the text's boxes). */
function wrappedDates(page: Page): Promise<string[]> {
  return page.locator('tbody[data-browse-rows] td[data-label="date"]').evaluateAll((tds) =>
    tds
      .filter((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1;
      })
      .map((td) => td.textContent ?? ''),
  );
}

/** Chooses a value in one of the page's filters and waits for the address to say so, and for all its rows. */
async function choose(page: Page, name: string, value: string, inUrl: string): Promise<void> {
  await page.locator(`form[data-browse-form] select[name="${name}"]`).selectOption(value);
  await page.waitForURL((u) => u.search.includes(inUrl));
  await page.locator('tbody[data-browse-rows]:not([aria-busy])').waitFor({ state: 'attached' });
}

/** The JSON files a page has fetched so far, in order (Resource Timing). */
function jsonFetched(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((u) => u.endsWith('.json')),
  );
}

let site: ServedSite;
let browser: Browser;
const sittings = sittingsOfData();

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite(basedSite(), BASE_PATH), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('a student browses the exam schedules', () => {
  const expected = sittings.filter((s) => s.term === '1139' && s.course.split(' ')[0] === 'CS');

  it.each(Object.entries(VIEWPORTS))(
    'filters by subject and term, sorts by date, and shares the view (%s)',
    async (label, viewport) => {
      const page = await openPage(browser, site.url('data/exam-schedule/'), viewport);
      await expect.poll(() => page.locator('form[data-browse-form]').isVisible()).toBe(true);
      // Once the page is up, its script loads the schedule's rows ahead: the student's choices then ask for no file.
      const chunks = Math.ceil(sittings.length / 500);
      await expect
        .poll(() => jsonFetched(page).then((urls) => urls.filter((u) => /\.rows\/\d+\.json$/.test(u)).length), {
          timeout: 15_000,
        })
        .toBe(chunks);
      const before = (await jsonFetched(page)).length;
      await choose(page, 'subject', 'CS', 'subject=CS');
      await choose(page, 'term', '1139', 'term=1139');
      await choose(page, '_sort', 'date', '_sort=date');
      expect((await jsonFetched(page)).slice(before)).toEqual([]);
      const shared = page.url();
      const asked = new URL(shared).searchParams;
      expect([...asked].sort()).toEqual([
        ['_sort', 'date'],
        ['subject', 'CS'],
        ['term', '1139'],
      ]);
      const mine = await shownSittings(page);
      expect(mine.map(line).sort()).toEqual(expected.map(line).sort());
      const dates = mine.map((s) => s.date).filter(Boolean);
      expect(dates).toEqual([...dates].sort());

      // A friend opens the shared address in a browser of their own and sees the same rows, in the same order.
      const friend = await newTab(browser, viewport);
      await friend.goto(shared, { waitUntil: 'load' });
      await expect.poll(async () => (await shownSittings(friend)).map(line)).toEqual(mine.map(line));
      expect(await friend.locator('[data-browse-range]').textContent()).toContain(`of ${expected.length} rows`);
      // A date is never broken at its hyphen: at 1280 px a long note (a web address) took the table's width.
      expect(await wrappedDates(friend)).toEqual([]);

      const overflow = await friend.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${viewport.width}px`).toBeLessThanOrEqual(0);
      expect(await runAxe(friend)).toEqual([]);
      expect(await cspViolations(friend)).toEqual([]);
      await friend.screenshot({ path: path.join(ARTIFACTS, `data-exam-schedule-${label}.png`), fullPage: true });
      expect([...pageProblems(page), ...pageProblems(friend)]).toEqual([]);
      await friend.context().close();
      await page.context().close();
    },
  );
});

describe('a reader without JavaScript', () => {
  it('reads the list a page at a time, the filters hidden (the whole walk: data-browse-pages.test.ts)', async () => {
    const page = await openPage(browser, site.url('data/exam-schedule/'), VIEWPORTS.phone, { javaScript: false });
    expect(await page.locator('form[data-browse-form]').isVisible()).toBe(false);
    const all = new Set(sittings.map(line));
    const first = (await shownSittings(page)).map(line);
    expect(first.length).toBe(100);
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(/page\/2\/$/);
    const second = (await shownSittings(page)).map(line);
    expect(new Set([...first, ...second]).size).toBe(200);
    expect([...first, ...second].filter((s) => !all.has(s))).toEqual([]);
    expect(await page.locator('[data-browse-range]').textContent()).toBe(
      `Rows 101–200 of ${sittings.length.toLocaleString('en-US')} rows`,
    );
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });
});

// The views a page shows first from small files (a later page from the first chunks, a sort from its first page made
// ahead, a search from the chunks as they come) end with the rows counted here from data/ itself.
describe('a student opens a shared view of the whole schedule', () => {
  const total = sittings.length.toLocaleString('en-US');

  /** Opens a view of the exam schedules and waits until all its rows are in (the count no longer "at least"). */
  async function openView(query: string): Promise<Page> {
    const page = await openPage(browser, site.url(`data/exam-schedule/?${query}`), VIEWPORTS.phone);
    await expect
      .poll(() => page.locator('[data-browse-range]').textContent(), { timeout: 30_000 })
      .toMatch(/^Rows \d+–\d+ of [\d,]+ rows$/);
    await expect.poll(() => page.locator('form[data-browse-form] button').isEnabled()).toBe(true);
    return page;
  }

  it("pages on from the build's page 2 to page 3 in place, the same rows as the page without JavaScript", async () => {
    const page = await openPage(browser, site.url('data/exam-schedule/page/2/'), VIEWPORTS.phone);
    await expect.poll(() => page.locator('form[data-browse-form] button').isEnabled()).toBe(true);
    await page.locator('a[rel="next"]').click();
    await page.waitForURL((u) => u.search === '?_page=3');
    await expect
      .poll(() => page.locator('[data-browse-range]').textContent(), { timeout: 30_000 })
      .toBe(`Rows 201–300 of ${total} rows`);
    const shown = (await shownSittings(page)).map(line);
    const plain = await openPage(browser, site.url('data/exam-schedule/page/3/'), VIEWPORTS.phone, {
      javaScript: false,
    });
    expect(shown).toEqual((await shownSittings(plain)).map(line));
    const all = new Set(sittings.map(line));
    expect(shown.filter((s) => !all.has(s))).toEqual([]);
    expect([...pageProblems(page), ...pageProblems(plain)]).toEqual([]);
    await plain.context().close();
    await page.context().close();
  });

  it('sorts the whole schedule by date, newest first, no date last', async () => {
    const page = await openView('_sort_desc=date');
    expect(await page.locator('[data-browse-range]').textContent()).toBe(`Rows 1–100 of ${total} rows`);
    const newest = sittings
      .map((s) => s.date)
      .filter(Boolean)
      .sort()
      .reverse()
      .slice(0, 100);
    expect((await shownSittings(page)).map((s) => s.date)).toEqual(newest);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['_sort_desc=date', /\.sort\/v-date\.desc\.json$/],
    ['subject=CS', /\.subject\/v-CS\.json$/],
    ['term=1139&_sort=date', /\.term\/v-1139\.json$/],
    ['subject=CS&_sort=date', /\.subject\/v-CS\.json$/],
    ['_search=biol', /\.rows\/0\.json$/],
  ])('at ?%s asks for its first file from the head, once, and the page script takes that answer', async (q, first) => {
    const page = await newTab(browser, VIEWPORTS.phone);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('.json')) asked.push(new URL(r.url()).pathname);
    });
    await page.goto(site.url(`data/exam-schedule/?${q}`), { waitUntil: 'load' });
    await page.locator('tbody[data-browse-rows]:not([aria-busy])').waitFor({ state: 'attached' });
    // The head script's request is the page's first and was taken by the page script (it leaves none behind).
    expect(asked[0]).toMatch(first);
    const taken = await page.evaluate(() => {
      const global = self as unknown as Record<string, unknown>;
      return 'browseFirst' in global && global.browseFirst === undefined;
    });
    expect(taken).toBe(true);
    expect(asked.filter((u, i) => asked.indexOf(u) !== i)).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it("sorts a small subject's sittings by date from its own first page, the view's every row", async () => {
    const subjects = new Map<string, Sitting[]>();
    for (const s of sittings)
      subjects.set(s.course.split(' ')[0]!, [...(subjects.get(s.course.split(' ')[0]!) ?? []), s]);
    const [subject, mine] = [...subjects].find(([, list]) => list.length > 20 && list.length <= 100)!;
    const page = await openView(`subject=${subject}&_sort_desc=date`);
    expect(await page.locator('[data-browse-range]').textContent()).toBe(
      `Rows 1–${mine.length} of ${mine.length} rows`,
    );
    const shown = await shownSittings(page);
    expect(shown.map(line).sort()).toEqual(mine.map(line).sort());
    const dates = shown.map((s) => s.date).filter(Boolean);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });

  it('searches the whole schedule for a subject and pages on to its second page', async () => {
    const expected = new Set(sittings.filter((s) => s.course.startsWith('BIOL ')).map(line));
    const page = await openView('_search=biol');
    expect(await page.locator('[data-browse-range]').textContent()).toBe(`Rows 1–100 of ${expected.size} rows`);
    const first = (await shownSittings(page)).map(line);
    await page.locator('a[rel="next"]').click();
    await page.waitForURL((u) => u.search.includes('_page=2'));
    await expect.poll(() => page.locator('[data-browse-range]').textContent()).toMatch(/^Rows 101–200 of /);
    const second = (await shownSittings(page)).map(line);
    expect(new Set([...first, ...second]).size).toBe(200);
    expect([...first, ...second].filter((s) => !expected.has(s))).toEqual([]);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });
});

// A developer opens each data set's table (the portal lists them all) and searches it for a word of its first row:
// every table offers the search, and its matches hold the word. A table without facets (buildings, the API's own
// lists, Quest, WatCard) once failed here: its page asked for a facets file the build did not write.
describe('a developer searches every data set’s table', () => {
  const tables = readdirSync(basedSite('data'), { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(basedSite(`data/${e.name}/index.html`)))
    .map((e) => e.name);

  it('finds every table’s pages', () => {
    expect(tables).toEqual(
      expect.arrayContaining(['api', 'buildings', 'courses', 'exam-schedule', 'infosessions', 'quest', 'watcard']),
    );
  });

  it.each(tables)('searches %s for a word of its first row', async (name) => {
    const page = await openPage(browser, site.url(`data/${name}/`), VIEWPORTS.desktop);
    await expect.poll(() => page.locator('form[data-browse-form]').isVisible()).toBe(true);
    const cells = await page
      .locator('tbody[data-browse-rows] tr')
      .first()
      .locator('td:not([data-label="API file"])')
      .allTextContents();
    // A word of three letters or more, else the first cell (the API's versions are numbers).
    const word = /[A-Za-z]{3,}/.exec(cells.join(' '))?.[0] ?? cells[0];
    expect(word, `a word in the first row of ${name}`).toBeTruthy();
    await page.locator('input[name="_search"]').fill(word!);
    await page.locator('form[data-browse-form] button[type="submit"]').click();
    await page.waitForURL((u) => u.searchParams.get('_search') === word);
    // Each row shown holds the word, or a cell cut short (…) that may hold it; the first row is among them.
    const lacking = async () => {
      const rows = await page.locator('tbody[data-browse-rows] tr').allTextContents();
      const hold = (r: string) => r.toLowerCase().includes(word!.toLowerCase()) || r.includes('…');
      return rows.length === 0 ? ['no row'] : rows.filter((r) => !hold(r));
    };
    await expect.poll(lacking, { timeout: 30_000 }).toEqual([]);
    const shown = await page.locator('tbody[data-browse-rows] tr td:first-child').allTextContents();
    expect(shown).toContain(cells[0]);
    expect(await page.locator('[data-browse-status]').textContent()).not.toMatch(/could not/i);
    expect(pageProblems(page)).toEqual([]);
    await page.context().close();
  });
});
