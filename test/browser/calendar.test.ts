import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSite } from '../helpers/sites.ts';
import {
  ARTIFACTS,
  expectAuditedPage,
  forget,
  keptTab,
  launchBrowser,
  newTab,
  pageProblems,
  type ServedSite,
  serveSite,
  VIEWPORTS,
} from './harness.ts';

// The shared default build, served; what needs no browser (cancelled and TBA sessions, a
// career fair, the pages without JavaScript, weight) is in test/site/site-pages.test.ts.
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite(rootSite()), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('a student finding a session', () => {
  it('goes from the front door to a term, to a month, to a session, to its .ics', async () => {
    const page = await keptTab(browser, site.url(''), VIEWPORTS.phone);
    expect(await page.locator('h1').textContent()).toBe('Employer information sessions');
    await page.locator('main a', { hasText: 'Winter 2014' }).click();
    await page.waitForURL(/infosessions\/terms\/1141\/$/);
    await page.locator('.jumps a', { hasText: 'January 2014' }).click();
    await page.locator('#m2014-01 a', { hasText: 'Month view' }).click();
    await page.waitForURL(/infosessions\/2014\/01\/$/);
    expect(await page.locator('h1').textContent()).toBe('Information sessions, January 2014');
    await page.locator('a', { hasText: 'Palantir Technologies' }).click();
    await page.waitForURL(/infosessions\/2172\/$/);
    const main = (await page.locator('main').textContent())!;
    expect(main).toContain('Mon, Jan 13, 2014, 7:30 PM–9:00 PM (Eastern time)');
    expect(await page.locator('main a[href^="http://www.palantir.com"]').count()).toBeGreaterThan(0);
    expect(await page.locator('.add-calendar a').allTextContents()).toEqual([
      'Google Calendar',
      'Outlook.com',
      '.ics file for Apple Calendar or Outlook',
    ]);
    const [response] = await Promise.all([
      page.waitForResponse(/2172\.ics$/),
      page.evaluate(() => fetch((document.querySelector('.add-calendar a[download]') as HTMLAnchorElement).href)),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await response.text()).toContain('UID:infosession-2172@campus-api-static');
    expect(pageProblems(page)).toEqual([]);
  });

  it('pages from a month to the next one with sessions at both ends of the page, and up to its term', async () => {
    const page = await keptTab(browser, site.url('infosessions/2014/06/'), VIEWPORTS.phone);
    const pagers = page.locator('nav.pager');
    expect(await pagers.count()).toBe(2);
    for (const pager of await pagers.all()) {
      expect(await pager.locator('a.next').getAttribute('href')).toBe('/infosessions/2015/01/');
      expect(await pager.locator('a.up').textContent()).toBe('Spring 2014');
      const box = (await pager.boundingBox())!;
      expect(box.height, 'the pager stays on one line at 375 px').toBeLessThan(60);
    }
    await pagers.last().locator('a.next').click();
    await page.waitForURL(/infosessions\/2015\/01\/$/);
  });

  it('filters a month by program and searches by employer', async () => {
    const page = await keptTab(browser, site.url('infosessions/2014/01/'));
    const all = await page.locator('li.session:visible').count();
    await page.selectOption('select[name=program]', 'computer-science');
    const filtered = await page.locator('li.session:visible').count();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    for (const programs of await page
      .locator('li.session:visible')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.programs))) {
      expect(
        programs!.split(' ').some((p) => ['computer-science', '@mathematics', '@all'].includes(p)),
        programs,
      ).toBe(true);
    }
    await page.selectOption('select[name=program]', '');
    await page.fill('input[name=employer]', 'faceb');
    await page.waitForFunction(() => document.querySelectorAll('li.session:not([hidden])').length < 10);
    const names = await page.locator('li.session:visible a').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    for (const n of names) expect(n.toLowerCase()).toContain('faceb');
    expect(await page.locator('.filter-status').textContent()).toMatch(/^\d+ of \d+ sessions match\.$/);
  });

  it('reaches every session of a month grid by keyboard', async () => {
    const page = await keptTab(browser, site.url('infosessions/2014/01/'));
    const links = await page.locator('.month-grid a').count();
    expect(links).toBeGreaterThan(50);
    // The page records what each Tab focuses (one round trip per key press, not two).
    await page.evaluate(() => {
      const seen: string[] = ((globalThis as unknown as { __focused: string[] }).__focused = []);
      document.addEventListener('focusin', (e) => {
        const a = e.target as HTMLAnchorElement;
        if (a.closest('.month-grid')) seen.push(a.href);
      });
    });
    const seen = () => page.evaluate(() => new Set((globalThis as unknown as { __focused: string[] }).__focused).size);
    for (let i = 0; i < links + 20 && (i < links || (await seen()) < links); i++) await page.keyboard.press('Tab');
    expect(await seen()).toBe(links);
  });
});

// What depends on the visitor's today, on a 375 px phone with the clock fixed: the front door's
// "this week" and what comes after it, and today's mark on month and term pages.
/** The page of the tests below: one for all, its clock set anew before each load. */
let clockTab: Page | undefined;

/** Shows a page at 375 px with the browser's clock fixed at a local date and time (in clockTab, made ready). */
async function openAt(sitePath: string, now: Date): Promise<Page> {
  if (clockTab) await forget(clockTab);
  else clockTab = await newTab(browser, VIEWPORTS.phone);
  await clockTab.clock.setFixedTime(now);
  await clockTab.goto(site.url(sitePath), { waitUntil: 'load' });
  return clockTab;
}

/** The dates of the days a front-door list shows, and how many sessions each. */
async function days(page: Page, list: string): Promise<{ date: string; sessions: number }[]> {
  return page
    .locator(`${list} [data-list] > li`)
    .evaluateAll((els) =>
      els.map((e) => ({ date: (e as HTMLElement).dataset.date!, sessions: e.querySelectorAll('li.session').length })),
    );
}

describe('the front door on a phone', () => {
  it("shows this week's sessions from today to Saturday, today marked, then the next days after the week", async () => {
    const page = await openAt('', new Date(2014, 0, 15, 10, 0)); // Wednesday, January 15, 2014
    await page.waitForFunction(() => document.querySelector('#coming-up')?.textContent === 'After this week');
    expect(await page.locator('#this-week').isVisible()).toBe(true);
    const week = await days(page, '[data-this-week]');
    expect(week.map((d) => d.date)).toEqual(['2014-01-15', '2014-01-16', '2014-01-17']);
    expect(await page.locator('[data-this-week] [data-none]').isVisible()).toBe(false);
    const today = page.locator('[data-this-week] li[aria-current="date"]');
    expect(await today.getAttribute('data-date')).toBe('2014-01-15');
    expect(await today.locator('.today-tag').textContent()).toBe('Today');
    expect(await today.locator('h3').textContent()).toBe('Wed, Jan 15, 2014Today');
    const after = await days(page, '[data-next]');
    expect(after[0]!.date).toBe('2014-01-20');
    const total = after.reduce((n, d) => n + d.sessions, 0);
    expect(total).toBeGreaterThanOrEqual(12);
    expect(total - after.at(-1)!.sessions, 'whole days, no more than needed').toBeLessThan(12);
    expect(await page.locator('[data-note]').isVisible()).toBe(false);
    expect(pageProblems(page)).toEqual([]);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'front-door-2014-01-15-phone.png'), fullPage: true });
  });

  it('filters this week and the next days by program', async () => {
    const page = await openAt('', new Date(2014, 0, 15, 10, 0));
    await page.waitForFunction(() => document.querySelector('#coming-up')?.textContent === 'After this week');
    const all = await page.locator('li.session:visible').count();
    await page.selectOption('select[name=program]', 'computer-science');
    const shown = page.locator('li.session:visible');
    expect(await shown.count()).toBeGreaterThan(0);
    expect(await shown.count()).toBeLessThan(all);
    for (const programs of await shown.evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.programs!))) {
      expect(
        programs.split(' ').some((p) => ['computer-science', '@mathematics', '@all'].includes(p)),
        programs,
      ).toBe(true);
    }
    expect(await page.locator('.filter-status').textContent()).toBe(`${await shown.count()} of ${all} sessions match.`);
  });

  it("says when no session is left this week, and lists next week's", async () => {
    const page = await openAt('', new Date(2014, 0, 18, 12, 0)); // Saturday
    await page.waitForFunction(() => document.querySelector('#coming-up')?.textContent === 'After this week');
    expect(await page.locator('[data-this-week] [data-none]').textContent()).toBe(
      'No more sessions this week; the next is on Mon, Jan 20, 2014, 2 days ahead.',
    );
    expect(await days(page, '[data-this-week]')).toEqual([]);
    expect((await days(page, '[data-next]'))[0]!.date).toBe('2014-01-20');
  });

  it('says nothing is coming up when nothing is after today; names the newest term, its end, last days', async () => {
    const page = await openAt('', new Date(2016, 5, 1, 12, 0));
    await page.waitForFunction(() => document.querySelector('#coming-up')?.textContent === 'No sessions coming up');
    const note = 'Winter 2015, the newest term with sessions, ended on Tue, Mar 17, 2015. Its last sessions:';
    expect(await page.locator('[data-note]').textContent()).toBe(note);
    expect(await page.locator('#this-week').isVisible()).toBe(false);
    const shown = await days(page, '[data-next]');
    expect(shown.at(-1)!.date).toBe('2015-03-17');
    expect(await page.locator('[data-next] [data-session-group] .tag.past').count()).toBe(shown.length);
  });

  it('says plainly that none of the last sessions is for a program that has none, and leads into no list', async () => {
    const page = await openAt('', new Date(2016, 5, 1, 12, 0));
    await page.waitForFunction(() => document.querySelector('#coming-up')?.textContent === 'No sessions coming up');
    // A program none of whose sessions is among the last days: its count says 0 before it is chosen.
    const none = page.locator('select[name=program] option', { hasText: /^Health Informatics \(0\)$/ });
    await page.selectOption('select[name=program]', (await none.getAttribute('value'))!);
    const note =
      'Winter 2015, the newest term with sessions, ended on Tue, Mar 17, 2015. None of its last sessions ' +
      'matches Health Informatics.';
    await expect.poll(async () => (await page.locator('[data-note]').textContent())!.replace(/\s+/g, ' ')).toBe(note);
    expect(await page.locator('[data-next] li.session:visible').count()).toBe(0);
    // With the filter cleared, the note leads into the last sessions again.
    await page.selectOption('select[name=program]', '');
    await expect.poll(() => page.locator('[data-note-lead]').textContent()).toBe('Its last sessions:');
  });
});

describe('today on calendar pages', () => {
  it("marks today's day in a month's agenda at 375 px, and no other day", async () => {
    const page = await openAt('infosessions/2014/01/', new Date(2014, 0, 15, 10, 0));
    const today = page.locator('[aria-current="date"]');
    await today.waitFor();
    expect(await today.count()).toBe(1);
    expect(await today.getAttribute('data-date')).toBe('2014-01-15');
    expect(await today.locator('.today-tag').isVisible()).toBe(true);
    expect(await today.locator('h2').textContent()).toContain('Wed, Jan 15, 2014');
    await today.scrollIntoViewIfNeeded();
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS, 'month-today-2014-01-15-phone.png') });
  });

  it('marks today on a term page, and nothing on a month that does not hold today', async () => {
    const term = await openAt('infosessions/terms/1141/', new Date(2014, 1, 4, 8, 0));
    await term.locator('[aria-current="date"]').waitFor();
    expect(await term.locator('.today').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.date))).toEqual([
      '2014-02-04',
    ]);
    const other = await openAt('infosessions/2014/02/', new Date(2014, 0, 15, 10, 0));
    await other.waitForLoadState('load');
    expect(await other.locator('.today, [aria-current="date"]').count()).toBe(0);
  });
});

// Each page kind is audited once: a month (with a holiday, filtered, with nothing matching) and the feeds page (a
// program open) in test/browser/student.test.ts.
describe.each([
  ['front door', ''],
  ['all terms', 'infosessions/'],
  ['term', 'infosessions/terms/1145/'],
  ['session', 'infosessions/2414/'],
])('the %s page', (name, sitePath) => {
  it('has no axe-core violations at phone and desktop widths, and is saved as screenshots', async () => {
    await expectAuditedPage(browser, site.url(sitePath), `calendar-${name}`);
  });
});
