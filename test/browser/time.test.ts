import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, removeDir, runBuild, tempDir } from '../helpers/build.ts';
import { launchBrowser, type ServedSite, serveSite, VIEWPORTS } from './harness.ts';

// Time as a student lives it. The site is built once, early in the data (Sunday, Jan 5, 2014, the day issue 36 names:
// most of its sessions still ahead, as a site built long ago and never rebuilt would be), and read with the visitor's
// clock: inside the data, "this week" lists exactly that week's sessions; on Jan 25 no building page lists a past
// session as coming up; today (2026), no page calls a past session upcoming or offers to add it.
const BUILT = Date.parse('2014-01-05T09:00:00-05:00') / 1000;
/** The build's day in Toronto, as an ISO day. */
const builtDay = () => new Date(BUILT * 1000).toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
let dir: string;
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  dir = await tempDir('campus-time-');
  const [run, b] = await Promise.all([
    runBuild(path.join(dir, 'dist'), { SOURCE_DATE_EPOCH: String(BUILT) }),
    launchBrowser(),
  ]);
  browser = b;
  expect(run.code, run.stderr).toBe(0);
  site = await serveSite(path.join(dir, 'dist'));
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  if (dir) await removeDir(dir);
});

/** A tab in Toronto's time zone at `viewport`, its clock at `now` (or the real one). */
async function tab(
  viewport: { width: number; height: number },
  now?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, timezoneId: 'America/Toronto' });
  const page = await context.newPage();
  if (now) await page.clock.setFixedTime(new Date(now));
  return { context, page };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** Each session row of the CSV files, by term file: id, ISO day, and whether it is an all-day note. */
async function sessionRows(): Promise<{ file: string; id: string; iso: string; holiday: boolean }[]> {
  const out: { file: string; id: string; iso: string; holiday: boolean }[] = [];
  const folder = path.join(ROOT, 'data/infosessions');
  for (const f of (await readdir(folder)).filter((n) => n.endsWith('.csv'))) {
    const rows = Papa.parse<Record<string, string>>(await readFile(path.join(folder, f), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    for (const r of rows) {
      const [, month, day, year] = /^(\w+) (\d+), (\d{4})$/.exec(r.date!.trim())!;
      const iso = `${year}-${String(MONTHS.indexOf(month!) + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
      const holiday =
        /holiday|thanksgiving|reading week/i.test(r.employer!) || r.start_time!.trim() === r.end_time!.trim();
      out.push({ file: f, id: r.id!, iso, holiday });
    }
  }
  return out;
}

/**
 * The ids of the sessions the CSV files hold from `from` to `to` (ISO days), all-day notes and holidays left out: read
 * here, without the code under test.
 */
async function sessionsBetween(from: string, to: string): Promise<string[]> {
  return (await sessionRows())
    .filter((r) => r.iso >= from && r.iso <= to && !r.holiday)
    .map((r) => r.id)
    .sort();
}

/**
 * The session pages a browser walks: those likeliest to go wrong, each term's first and last, and every session of
 * the first two days with sessions from the build's day on (the first the build called upcoming). Every other session
 * page differs from these in its data alone, and pastSessionPageProblems checks that data on all of them (walking all
 * 363 in a browser, one navigation each, took over 180 s at CI's load).
 */
async function sessionPagesToWalk(all: readonly string[]): Promise<string[]> {
  const rows = (await sessionRows()).filter((r) => all.includes(r.id));
  const chosen = new Set<string>();
  for (const file of new Set(rows.map((r) => r.file))) {
    const term = rows.filter((r) => r.file === file).sort((a, b) => (a.iso < b.iso ? -1 : a.iso > b.iso ? 1 : 0));
    chosen.add(term[0]!.id);
    chosen.add(term.at(-1)!.id);
  }
  // The first two days with sessions from the build's day on (the first the build called upcoming).
  const days = [...new Set(rows.map((r) => r.iso).filter((iso) => iso >= builtDay()))].sort().slice(0, 2);
  for (const r of rows) if (days.includes(r.iso)) chosen.add(r.id);
  return [...chosen];
}

/** The inline module scripts of a page's markup: what decides, by the visitor's clock, what a session page shows. */
const moduleScripts = (html: string) =>
  [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n');

/**
 * What would let a session page call its session upcoming today, for each page the browser does not walk: a script
 * other than the walked pages' (`script`), no past notice for it to show, an add-to-calendar group it cannot hide, or
 * an end (`data-ends`) that is not the CSV's day of the session, or not before now.
 */
async function pastSessionPageProblems(ids: readonly string[], script: string): Promise<string[]> {
  const days = new Map((await sessionRows()).map((r) => [r.id, r.iso]));
  const problems: string[] = [];
  for (const id of ids) {
    const html = await readFile(path.join(dir, 'dist/infosessions', id, 'index.html'), 'utf8');
    const ends = /<[^>]* data-ends="([^"]+)"/.exec(html)?.[1] ?? '';
    if (moduleScripts(html) !== script) problems.push(`${id}: not the walked pages' script`);
    if (!/<p [^>]*data-if-past[ >]/.test(html)) problems.push(`${id}: no past notice`);
    const add = /<div class="add-calendar"[^>]*>/.exec(html)?.[0]; // a page built after its session has none
    if (add && !/ data-if-upcoming[ >]/.test(add)) problems.push(`${id}: an add group its script cannot hide`);
    if (!(Date.parse(ends) < Date.now())) problems.push(`${id}: ends ${ends || 'nowhere'}, not before now`);
    if (ends.slice(0, 10) !== days.get(id)) problems.push(`${id}: ends ${ends}, the CSV says ${days.get(id)}`);
  }
  return problems;
}

/** The session ids a list links to. */
async function listed(page: Page, selector: string): Promise<string[]> {
  const hrefs = await page
    .locator(`${selector} li.session a`)
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  return hrefs.map((h) => /infosessions\/(\d+)\/$/.exec(h)![1]!).sort();
}

describe('with the clock inside the data', () => {
  it.each(Object.entries(VIEWPORTS))(
    "lists exactly this week's sessions on the front door, the first on the first screen (%s)",
    async (_, viewport) => {
      // Wednesday, Jan 15, 2014: the week runs to Saturday, Jan 18.
      const { context, page } = await tab(viewport, '2014-01-15T12:00:00-05:00');
      await page.goto(site.url(''), { waitUntil: 'load' });
      const week = page.locator('[data-this-week]');
      await expect.poll(() => week.isVisible()).toBe(true);
      expect(await week.locator('h2').textContent()).toBe('This week');
      expect(await listed(page, '[data-this-week]')).toEqual(await sessionsBetween('2014-01-15', '2014-01-18'));
      expect(await page.locator('#coming-up').textContent()).toBe('After this week');
      const first = (await page.locator('[data-this-week] li.session').first().boundingBox())!;
      expect(first.y + first.height, 'the first session shows without scrolling').toBeLessThanOrEqual(viewport.height);
      await context.close();
    },
  );
});

describe("with today's clock, on a site built in 2014", () => {
  it('offers "Add to calendar" on a page built before its session only without the visitor\'s clock', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url('infosessions/2172/'));
    expect(await page.locator('.add-calendar').isVisible(), 'the page as built (session ahead)').toBe(true);
    // The front door as built on Jan 5, 2014: what comes up from that day, no "This week" without a script.
    const firstAhead = (await sessionRows())
      .filter((r) => !r.holiday && r.iso >= builtDay())
      .map((r) => r.iso)
      .sort()[0];
    expect(firstAhead).toBe('2014-01-07'); // by the CSVs: nothing from Jan 1 to 6
    await page.goto(site.url(''));
    expect(await page.locator('#coming-up').textContent()).toBe('Coming up in Winter 2014');
    expect(await page.locator('[data-next] [data-list] > li').first().getAttribute('data-date')).toBe(firstAhead);
    expect(await page.locator('[data-this-week]').isVisible()).toBe(false);
    await context.close();
  });

  it('calls no past session upcoming and offers none to add, on any session page or list', async () => {
    const { context, page } = await tab(VIEWPORTS.phone);
    await page.goto(site.url(''), { waitUntil: 'load' });
    await expect.poll(() => page.locator('#coming-up').textContent()).toBe('No sessions coming up');
    expect(await page.locator('[data-this-week]').isVisible()).toBe(false);
    expect(await page.locator('[data-next] [data-note]').textContent()).toMatch(
      /^Winter 2015, the newest term with sessions, ended on /,
    );
    for (const day of await page.locator('[data-next] [data-session-group]').all())
      expect(await day.locator('.tag.past').textContent()).toBe('Past');
    // Session pages: the folders with an .ics beside them (years are folders too).
    const names = await readdir(path.join(dir, 'dist/infosessions'));
    const ids = names.filter((n) => /^\d+$/.test(n) && names.includes(`${n}.ics`));
    expect(ids.length).toBeGreaterThan(300);
    const walked = await sessionPagesToWalk(ids);
    expect(walked.length).toBeGreaterThan(8);
    const script = moduleScripts(await readFile(path.join(dir, 'dist/infosessions', walked[0]!, 'index.html'), 'utf8'));
    expect(script).toContain('data-if-past');
    expect(await pastSessionPageProblems(ids, script)).toEqual([]);
    for (const id of walked) {
      await page.goto(site.url(`infosessions/${id}/`), { waitUntil: 'domcontentloaded' });
      expect(await page.locator('.add-calendar').isVisible(), id).toBe(false);
      expect(await page.locator('[data-if-past]').isVisible(), id).toBe(true);
    }
    for (const p of ['infosessions/2014/02/', 'infosessions/terms/1141/']) {
      await page.goto(site.url(p), { waitUntil: 'load' });
      const days = page.locator('[data-session-group][data-date]');
      expect(await days.count()).toBeGreaterThan(5);
      // The page's script marks the past in turns after the load.
      await expect
        .poll(() => page.locator('[data-session-group][data-date]:not(.past)').count(), { message: p })
        .toBe(0);
    }
    await context.close();
  });
});

describe("a building's page by the visitor's clock, on a site built on Jan 5, 2014", () => {
  /** The sessions of the CSVs held in a building, by a plain reading of the location: its code or name first. */
  async function heldIn(pattern: RegExp): Promise<Map<string, string>> {
    const rows = new Map<string, string>();
    const folder = path.join(ROOT, 'data/infosessions');
    for (const f of (await readdir(folder)).filter((n) => n.endsWith('.csv'))) {
      const text = await readFile(path.join(folder, f), 'utf8');
      for (const r of Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data)
        if (pattern.test(r.location!.trim())) rows.set(r.id!, r.date!);
    }
    return rows;
  }
  const ids = async (page: Page, part: string) =>
    (
      await page.locator(`[data-held-${part}]:visible li a`).evaluateAll((as) => as.map((a) => a.getAttribute('href')))
    ).map((h) => /(\d+)\/$/.exec(h!)![1]!);

  it.each([
    ['DC', /^(DC\b|Davis Centre)/],
    ['TC', /^(TC|Tatham)/],
    ['SCH', /^(SCH|South Campus Hall|Festival Room|Laurel Room|Laruel Room)|- SCH$/],
    ['FED', /^Feds? Hall/],
  ])('lists on /buildings/%s/ no session before Jan 25 as coming up, and loses none', async (code, pattern) => {
    const { context, page } = await tab(VIEWPORTS.phone, '2014-01-25T12:00:00-05:00');
    await page.goto(site.url(`buildings/${code}/`), { waitUntil: 'load' });
    const held = await heldIn(pattern);
    const day = (id: string) => new Date(`${held.get(id)} 12:00 UTC`).toISOString().slice(0, 10);
    // The page's script runs its steps in turns after the load: wait until it has moved what ended by Jan 25.
    await expect
      .poll(async () => (await ids(page, 'ahead')).filter((id) => day(id) < '2014-01-25'), {
        message: `${code}: past sessions under "Coming up"`,
      })
      .toEqual([]);
    const ahead = await ids(page, 'ahead');
    const past = await ids(page, 'past');
    const between = [...held.keys()].filter((id) => day(id) >= builtDay() && day(id) < '2014-01-25');
    // The build called these upcoming; they took place by Jan 25 (the issue counted DC 14, TC 21, SCH 11).
    if (code !== 'FED') expect(between.length, `${code}: upcoming at the build, past by Jan 25`).toBeGreaterThan(10);
    expect(
      ahead.filter((id) => day(id) < '2014-01-25'),
      `${code}: past sessions under "Coming up"`,
    ).toEqual([]);
    expect(ahead.sort()).toEqual([...held.keys()].filter((id) => day(id) > '2014-01-25').sort());
    expect(past.every((id) => day(id) <= '2014-01-25')).toBe(true);
    if (held.size <= 30) expect(ahead.length + past.length, code).toBe(held.size); // FED: all 15 listed
    await context.close();
  });
});
