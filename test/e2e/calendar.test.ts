import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSite } from '../helpers/sites.ts';
import { ARTIFACTS, expectAuditedPage, launchBrowser, openPage, pageProblems, serveSite, VIEWPORTS, type ServedSite } from './harness.ts';

// The shared default build, served; what needs no browser (cancelled and TBA sessions, the
// pages without JavaScript, weight) is in test/site-pages.test.ts.
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
  it('goes from the front door to a month, to a session, to its .ics', async () => {
    const page = await openPage(browser, site.url('infosessions/'), VIEWPORTS.phone);
    expect(await page.locator('h1').textContent()).toBe('Employer information sessions');
    expect(await page.locator('main').textContent()).toContain('Winter 2015');
    await page.locator('a', { hasText: 'January 2014' }).click();
    await page.waitForURL(/infosessions\/2014\/01\/$/);
    expect(await page.locator('h1').textContent()).toBe('Information sessions, January 2014');
    await page.locator('a', { hasText: 'Palantir Technologies' }).click();
    await page.waitForURL(/infosessions\/2172\/$/);
    const main = (await page.locator('main').textContent())!;
    expect(main).toContain('Monday, January 13, 2014');
    expect(main).toContain('7:30 PM to 9:00 PM');
    expect(await page.locator('main a[href^="http://www.palantir.com"]').count()).toBeGreaterThan(0);
    const [response] = await Promise.all([page.waitForResponse(/2172\.ics$/), page.evaluate(() => fetch((document.querySelector('a[download]') as HTMLAnchorElement).href))]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await response.text()).toContain('UID:infosession-2172@campus-api-static');
    expect(pageProblems(page)).toEqual([]);
  });

  it('filters a month by program and searches by employer', async () => {
    const page = await openPage(browser, site.url('infosessions/2014/01/'));
    const all = await page.locator('li.session:visible').count();
    await page.selectOption('select[name=program]', 'math-computer-science');
    const filtered = await page.locator('li.session:visible').count();
    expect(filtered).toBeGreaterThan(0);
    expect(filtered).toBeLessThan(all);
    for (const programs of await page.locator('li.session:visible').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.programs))) {
      expect(programs!.split(' ')).toContain('math-computer-science');
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
    const page = await openPage(browser, site.url('infosessions/2014/01/'));
    const links = await page.locator('.month-grid a').count();
    expect(links).toBeGreaterThan(50);
    const seen = new Set<string>();
    for (let i = 0; i < links + 20 && seen.size < links; i++) {
      await page.keyboard.press('Tab');
      const href = await page.evaluate(() => (document.activeElement as HTMLAnchorElement | null)?.closest('.month-grid') ? (document.activeElement as HTMLAnchorElement).href : null);
      if (href) seen.add(href);
    }
    expect(seen.size).toBe(links);
  });
});

describe('coming up on the front door', () => {
  it('lists the next sessions from the visitor\'s today as the server renders them, and filters them', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date(2014, 0, 10, 9, 0)); // 2014-01-10, local time
    await page.goto(site.url('infosessions/'), { waitUntil: 'load' });
    await page.waitForFunction(() => document.querySelector('#coming-up')?.textContent === 'Coming up');
    expect(await page.locator('[data-upcoming-note]').textContent()).toBe('The next sessions from today, 2014-01-10.');
    const items = page.locator('[data-upcoming-list] > li.session');
    const shown = await items.evaluateAll((els) => els.map((e) => { const d = (e as HTMLElement).dataset; return { audience: d.audience, programs: d.programs, employer: d.employer, date: e.querySelector('time')!.getAttribute('datetime')! }; }));
    expect(shown).toHaveLength(12);
    expect(shown[0]!.date).toMatch(/^2014-01-10T/);
    for (const s of shown) {
      expect(s.date >= '2014-01-10').toBe(true);
      expect(s.audience, 'every item keeps its data attributes').toMatch(/^[a-z0-9-]+$/);
      expect(s.programs).toBeDefined();
      expect(s.employer).toBeTruthy();
    }
    let matched = 0;
    for (const audience of await page.locator('select[name=audience] option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean))) {
      await page.selectOption('select[name=audience]', audience);
      const expected = shown.filter((s) => s.audience === audience).length;
      expect(await page.locator('[data-upcoming] .filter-status').textContent()).toBe(`${expected} of 12 sessions match.`);
      expect(await page.locator('[data-upcoming-list] > li.session:visible').count()).toBe(expected);
      matched += expected;
    }
    expect(matched, 'some audience of the form is among the sessions shown').toBeGreaterThan(0);
    await page.selectOption('select[name=audience]', '');
    await mkdir(ARTIFACTS, { recursive: true });
    for (const [label, viewport] of Object.entries(VIEWPORTS)) {
      await page.setViewportSize(viewport);
      await page.locator('[data-upcoming]').screenshot({ path: path.join(ARTIFACTS, `calendar-coming-up-2014-01-10-${label}.png`) });
    }
    await context.close();
  });
});

describe.each([
  ['front door', 'infosessions/'],
  ['month', 'infosessions/2014/01/'],
  ['term', 'infosessions/terms/1145/'],
  ['session', 'infosessions/2414/'],
  ['feeds', 'infosessions/feeds/'],
])('the %s page', (name, sitePath) => {
  it('has no axe-core violations at phone and desktop widths, and is saved as screenshots', async () => {
    await expectAuditedPage(browser, site.url(sitePath), `calendar-${name}`);
  });
});
