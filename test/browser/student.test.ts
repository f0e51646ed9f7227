import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPOCH } from '../helpers/build.ts';
import { BASE_PATH, BASED_SITE_URL, basedSite } from '../helpers/sites.ts';
import { inSubscriberWindow, isHoliday, openToProgram, sessionRows } from '../helpers/student-oracle.ts';
import { expectAuditedPage, forget, launchBrowser, type ServedSite, serveSite, VIEWPORTS } from './harness.ts';

// A Computer Science student on a 375 px phone, on January 10, 2014 (a fixed clock): subscribing
// to their program, filtering and coming back, searching across terms, meeting a holiday.
/** Where the shared build below a path says it is served: feed addresses use it, whatever host the test uses. */
const SITE_URL = BASED_SITE_URL;
let site: ServedSite;
let browser: Browser;
/** The phone's one page, for every test of this suite (see phone()). */
let tab: Page | undefined;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite(basedSite(), BASE_PATH), launchBrowser()]);
});
afterAll(async () => {
  await tab?.context().close();
  await browser?.close();
  await site?.stop();
});

/**
 * The phone's page, now at `url`: one touch context for the suite, the clock fixed at 2014-01-10 09:00 local time,
 * outside addresses answering "ok" (no network); what a test left in the site's storage (a remembered filter) is
 * cleared before the next one starts.
 */
async function phone(url: string): Promise<Page> {
  if (!tab) {
    const context = await browser.newContext({ viewport: VIEWPORTS.phone, hasTouch: true, isMobile: true });
    await context.route(/^https:\/\/(calendar\.google\.com|outlook\.(live|office)\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/plain', body: 'ok' }),
    );
    tab = await context.newPage();
    await tab.clock.setFixedTime(new Date(2014, 0, 10, 9, 0));
  } else {
    // Back on the site (a test may end on an outside address, or leave a tap's navigation under way), to clear it.
    await tab.goto(site.url('favicon.svg'));
    await forget(tab);
  }
  await tab.goto(url, { waitUntil: 'load' });
  return tab;
}

/** The visible sessions' program tokens. */
function visiblePrograms(page: Page): Promise<string[]> {
  return page
    .locator('li.session:visible')
    .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.programs ?? ''));
}

describe('a Computer Science student', () => {
  it('subscribes to their program from the site root in three taps', async () => {
    const page = await phone(site.url(''));
    // Exactly three taps, each below (a counter of them could not fail).
    // Tap 1: the root's link to the calendar feeds.
    await page.locator(`a[href$="infosessions/feeds/"]`).first().tap();
    await page.waitForURL(/infosessions\/feeds\/$/);
    // Tap 2: their program, under Mathematics.
    await page.locator('#faculty-mathematics summary', { hasText: /^Computer Science/ }).tap();
    const block = page.locator('#program-computer-science .subscribe-block');
    await expect.poll(() => block.isVisible()).toBe(true);
    const feedUrl = `${SITE_URL}infosessions/programs/computer-science.ics`;
    expect(await block.locator('[data-subscribe-link=webcal]').getAttribute('href')).toBe(
      feedUrl.replace(/^https:/, 'webcal:'),
    );
    expect(await block.locator('input[data-subscribe-link=https]').inputValue()).toBe(feedUrl);
    expect(await block.locator('[data-subscribe-link=outlook]').getAttribute('href')).toContain(
      `addfromweb?url=${encodeURIComponent(feedUrl)}`,
    );
    // Tap 3: Google Calendar's add-by-URL page (Android's Chrome does not open webcal:).
    const [request] = await Promise.all([
      page.waitForRequest(/calendar\.google\.com/),
      block.locator('[data-subscribe-link=google]').tap(),
    ]);
    expect(new URL(request.url()).searchParams.get('cid')).toBe(feedUrl.replace(/^https:/, 'webcal:'));
    await page.waitForURL(/^https:\/\/calendar\.google\.com\//);
    // The feed holds every session open to CS (named in any term, faculty-wide, or for every program) of the
    // subscribers' window: 249 in all, of which the data's last 4 weeks (the shared build being of 2023).
    const feed = await readFile(basedSite('infosessions/programs/computer-science.ics'), 'utf8');
    const open = sessionRows.filter((r) => !isHoliday(r) && openToProgram(r.programs!, 'Computer Science'));
    expect(open).toHaveLength(249);
    expect(feed.match(/BEGIN:VEVENT/g)).toHaveLength(open.filter((r) => inSubscriberWindow(r, EPOCH)).length);
  });

  it("subscribes from the front door's program filter in 3 taps: select, program, Google Calendar", async () => {
    const page = await phone(site.url(''));
    // taps 1 and 2: open the select, pick the program
    await page.selectOption('select[name=program]', 'computer-science');
    await page.waitForURL(/\?program=computer-science$/);
    const block = page.locator('[data-subscribe-slot] .subscribe-block');
    await expect.poll(() => block.isVisible()).toBe(true);
    expect(await block.locator('strong[data-subscribe-name]').textContent()).toBe('Computer Science');
    const feedUrl = `${SITE_URL}infosessions/programs/computer-science.ics`;
    const [request] = await Promise.all([
      page.waitForRequest(/calendar\.google\.com/),
      block.locator('[data-subscribe-link=google]').tap(),
    ]); // tap 3
    expect(new URL(request.url()).searchParams.get('cid')).toBe(feedUrl.replace(/^https:/, 'webcal:'));
    await page.waitForURL(/^https:\/\/calendar\.google\.com\//);
  });

  it('finds the program by typing part of its name on the feeds page, and copies its address', async () => {
    const page = await phone(site.url('infosessions/feeds/'));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.origin });
    await page.locator('input[name=find]').fill('computer sci');
    await expect.poll(() => page.locator('[data-feed-item]:visible').count()).toBe(1);
    const item = page.locator('#program-computer-science');
    expect(await item.locator('details').getAttribute('open')).toBe('');
    await item.locator('button[data-copy]').tap();
    await expect.poll(() => item.locator('button[data-copy]').textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${SITE_URL}infosessions/programs/computer-science.ics`,
    );
  });

  it('keeps the filters through a reload and the next month, shares them by URL, and clears them', async () => {
    const page = await phone(site.url('infosessions/2014/01/'));
    const all = await page.locator('li.session').count();
    await page.selectOption('select[name=program]', 'computer-science');
    await page.locator('input[name=audience][value=co-op-students]').tap();
    await page.waitForURL(/\?program=computer-science&audience=co-op-students$/);
    const shown = await page.locator('li.session:visible').count();
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(all);
    // "Subscribe to exactly this": the program's feed for this audience.
    const webcal = await page.locator('[data-subscribe-slot] [data-subscribe-link=webcal]').getAttribute('href');
    expect(webcal).toBe(
      `webcal://example.github.io/campus-api/infosessions/programs/computer-science/co-op-students.ics`,
    );
    expect(
      await page.evaluate(
        async (p) => (await fetch(p)).status,
        site.url('infosessions/programs/computer-science/co-op-students.ics'),
      ),
    ).toBe(200);
    expect(await page.locator('[data-subscribe-slot] strong[data-subscribe-name]').textContent()).toBe(
      'Computer Science, Co-op Students',
    );

    await page.reload({ waitUntil: 'load' });
    expect(await page.locator('select[name=program]').inputValue()).toBe('computer-science');
    expect(await page.locator('input[name=audience][value=co-op-students]').isChecked()).toBe(true);
    expect(await page.locator('li.session:visible').count()).toBe(shown);

    await page.locator('a[rel=next]').first().tap();
    await page.waitForURL(/infosessions\/2014\/02\/\?program=computer-science&audience=co-op-students$/);
    expect(await page.locator('select[name=program]').inputValue()).toBe('computer-science');
    for (const tokens of await visiblePrograms(page))
      expect(
        tokens.split(' ').some((t) => ['computer-science', '@mathematics', '@all'].includes(t)),
        tokens,
      ).toBe(true);
    for (const a of await page
      .locator('li.session:visible')
      .evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.audience!)))
      expect(a.split(' ')).toContain('co-op-students');
    // Both pagers (top and end of the page) carry the filters, site-relative as the server wrote them.
    const prevs = await page.locator('a[rel=prev]').evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(prevs).toEqual([
      '/campus-api/infosessions/2014/01/?program=computer-science&audience=co-op-students',
      '/campus-api/infosessions/2014/01/?program=computer-science&audience=co-op-students',
    ]);

    // The link brought the filter, so it is folded to one line: "Change" opens it.
    await page.locator('[data-filter-change]').tap();
    // Nothing matches: say so, and offer the way back.
    await page.locator('input[name=employer]').fill('zzzz');
    await expect
      .poll(() => page.locator('.filter-status').textContent())
      .toMatch(/^No sessions here match Computer Science, Co-op Students, “zzzz”\./);
    expect(await page.locator('li.session:visible').count()).toBe(0);
    await page.locator('button[data-clear]').tap();
    await expect.poll(() => page.locator('li.session:visible').count()).toBe(await page.locator('li.session').count());
    expect(new URL(page.url()).search).toBe('');
    expect(await page.locator('[data-subscribe-slot]').isVisible()).toBe(false);
  });

  it('searches across every term by employer and words', async () => {
    const page = await phone(site.url('infosessions/2014/01/'));
    await page.locator('input[name=employer]').fill('google');
    await page.locator('a[data-search-all]', { hasText: 'Search all terms for “google”' }).tap();
    await page.waitForURL(/infosessions\/search\/\?q=google$/);
    await expect
      .poll(() => page.locator('[data-search-status]').textContent())
      .toMatch(/^\d+ sessions? with “google”, newest first\.$/);
    const dates = await page
      .locator('[data-search-results] time')
      .evaluateAll((els) => els.map((e) => e.getAttribute('datetime')!));
    expect(new Set(dates.map((d) => d.slice(0, 4))).size, 'results from more than one year').toBeGreaterThan(1);
    expect(dates).toEqual(dates.toSorted().reverse());
    await page.locator('input[name=q]').fill('machine learning');
    await page.locator('input[name=q]').press('Enter');
    await page.waitForURL(/\?q=machine%20learning$/);
    await expect.poll(() => page.locator('[data-search-status]').textContent()).toMatch(/with “machine learning”/);
    await page.locator('[data-search-results] a').first().tap();
    await page.waitForURL(/infosessions\/\d+\/$/);
  });

  // A new user's trial: "CS" found nothing and "computer science" one session, with a hint to check the spelling.
  it('searching for a program, is told that programs are not searched and led to its sessions and feed', async () => {
    const page = await phone(site.url('infosessions/search/?q=CS'));
    await expect
      .poll(() => page.locator('[data-search-status]').textContent())
      .toMatch(/^No session in any term has “CS”\. .* Programs are not searched: see above for their sessions\.$/);
    const note = page.locator('[data-search-programs]');
    expect(await note.isVisible()).toBe(true);
    await note.locator('a', { hasText: 'its feed' }).tap();
    await page.waitForURL(/infosessions\/feeds\/$/);
    expect(await page.locator('[id="program-computer-science"]').count()).toBe(1);
    await page.goBack();
    await page.locator('[data-search-programs] a', { hasText: 'a term or a month' }).tap();
    await page.waitForURL(/infosessions\/$/);
    expect(await page.locator('h1').textContent()).toBe('All information sessions');
  });

  it('meets a holiday as an all-day note, not a session, and not counted', async () => {
    const page = await phone(site.url('infosessions/2013/10/'));
    const note = page.locator('li.all-day', { hasText: 'Canadian Thanksgiving' });
    expect(await note.count()).toBe(1);
    expect(await note.locator('time').textContent()).toBe('All day');
    expect(await page.locator('li.session', { hasText: 'Thanksgiving' }).count()).toBe(0);
    const sessions = await page.locator('li.session').count();
    expect(await page.locator('main').textContent()).toContain(`${sessions} sessions, in Fall 2013.`);
    expect(sessions).toBe(29);
  });
});

// A page kind is audited whole once: the month by its page with the holiday (the calendar's month, term and other
// pages in test/browser/calendar.test.ts); the same month filtered, and with nothing matching, is saved as
// screenshots and audited for overflow and CSP whole, and by axe-core in the filters the state changes
// (form.filters: status, subscribe block, clear button).
describe.each([
  ['feeds page with Computer Science open', 'infosessions/feeds/#program-computer-science', undefined],
  [
    'month filtered to CS co-op',
    'infosessions/2014/01/?program=computer-science&audience=co-op-students',
    ['form.filters'],
  ],
  ['month with nothing matching', 'infosessions/2014/01/?program=computer-science&employer=zzzz', ['form.filters']],
  ['search across terms', 'infosessions/search/?q=google', undefined],
  ['month with the holiday', 'infosessions/2013/10/', undefined],
] as const)('the %s', (name, sitePath, axeOn) => {
  it('has no axe-core violations at phone and desktop widths, and is saved as screenshots', async () => {
    await expectAuditedPage(browser, site.url(sitePath), `student-${name}`, axeOn ? { axeOn } : {});
  });
});
