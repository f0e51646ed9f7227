import ICAL from 'ical.js';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EPOCH } from '../helpers/build.ts';
import { BASE_PATH, BASED_SITE_URL, basedSite } from '../helpers/sites.ts';
import { inSubscriberWindow, openSessions, sessionRows, termRows } from '../helpers/student-oracle.ts';
import { launchBrowser, type ServedSite, serveSite } from './harness.ts';

// The student's tasks, end to end, each asserting the outcome: what the student gets, counted
// from the CSV and the program and audience lists (test/helpers/student-oracle.ts), not through
// the code under test. At a phone's 375 × 812 and a desktop's 1280 × 800.
let site: ServedSite;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite(basedSite(), BASE_PATH), launchBrowser()]);
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await site?.stop();
});

const SIZES = [
  ['phone', { width: 375, height: 812 }, true],
  ['desktop', { width: 1280, height: 800 }, false],
] as const;

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 ' +
  '(KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 ' +
  '(KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A browser context of one size (and user agent), clock in the data (2014-01-10); outside addresses answer "ok". */
async function device(
  viewport: { width: number; height: number },
  touch: boolean,
  userAgent?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    hasTouch: touch,
    isMobile: touch,
    ...(userAgent ? { userAgent } : {}),
  });
  contexts.push(context);
  await context.route(/^https:\/\/(calendar\.google\.com|outlook\.(live|office)\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'ok' }),
  );
  return context;
}

async function open(context: BrowserContext, sitePath: string, now = new Date(2014, 0, 10, 9, 0)): Promise<Page> {
  const page = await context.newPage();
  await page.clock.setFixedTime(now);
  await page.goto(site.url(sitePath), { waitUntil: 'load' });
  return page;
}

/** A tap on a phone, a click on a desktop. */
function press(page: Page, selector: string, touch: boolean): Promise<void> {
  const target = page.locator(selector).first();
  return touch ? target.tap() : target.click();
}

/**
 * The UIDs of the feed a subscribe link names (webcal:, Google's cid, Outlook's url), fetched from the served site and
 * parsed with ical.js.
 */
async function feedIds(page: Page, href: string): Promise<string[]> {
  const url = new URL(href, page.url());
  const feed =
    url.protocol === 'webcal:'
      ? href.replace(/^webcal:/, 'https:')
      : (url.searchParams.get('cid')?.replace(/^webcal:/, 'https:') ?? url.searchParams.get('url') ?? url.href);
  // The download link is the served file itself; the others name the feed at the site's address.
  const served =
    url.origin === site.origin
      ? feed
      : feed.startsWith(BASED_SITE_URL)
        ? site.url(feed.slice(BASED_SITE_URL.length))
        : undefined;
  expect(served, feed).toBeDefined();
  const text = await page.evaluate(async (u) => (await fetch(u)).text(), served!);
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal
    .getAllSubcomponents('vevent')
    .map((v) => String(v.getFirstPropertyValue('uid')).replace(/^infosession-(\d+)@.*$/, '$1'));
}

describe.each(SIZES)('a Computer Science co-op student on a %s', (_, viewport, touch) => {
  it('reaches a subscribe button from / in 3 taps, and its feed holds every session open to them', async () => {
    const page = await open(await device(viewport, touch), '');
    // Taps 1 and 2: open the program's list, pick the program (a native select).
    await page.selectOption('select[name=program]', 'computer-science');
    // Tap 3: the audience, one tap.
    await press(page, 'input[name=audience][value=co-op-students]', touch);
    const button = page.locator('[data-subscribe-slot] .subscribe-options > li').first().locator('a.button');
    await expect.poll(() => button.isVisible()).toBe(true);
    const openToThem = openSessions('Computer Science', 'Co-op Students');
    expect(openToThem.length).toBe(233);
    // The feed holds those of the subscribers' window: the data's last 4 weeks, the shared build being of 2023.
    const held = new Set(sessionRows.filter((r) => inSubscriberWindow(r, EPOCH)).map((r) => r.id));
    const expected = openToThem.filter((id) => held.has(id));
    expect(expected.length).toBeGreaterThan(0);
    for (const link of await page
      .locator('[data-subscribe-slot] a[data-subscribe-link]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('href')!))) {
      expect((await feedIds(page, link)).sort(), link).toEqual([...expected].sort());
    }
  });

  it('keeps a filter chosen on the front door through term, month, next month, navigation, a new visit', async () => {
    const context = await device(viewport, touch);
    const page = await open(context, '');
    await page.selectOption('select[name=program]', 'computer-science');
    await press(page, 'input[name=audience][value=co-op-students]', touch);
    const query = /\?program=computer-science&audience=co-op-students$/;
    await page.waitForURL(query);
    /** The filter is active: chosen in the form and matching what the list shows. */
    const active = async () => {
      expect(await page.locator('select[name=program]').inputValue()).toBe('computer-science');
      expect(await page.locator('input[name=audience][value=co-op-students]').isChecked()).toBe(true);
      await expect.poll(() => page.locator('.filter-status').textContent()).toMatch(/^\d+ of \d+ sessions match\.$/);
    };
    // Front door → a term.
    await press(page, '.front-side a[href*="infosessions/terms/1141/"]', touch);
    await page.waitForURL(/infosessions\/terms\/1141\/\?program=computer-science&audience=co-op-students$/);
    await active();
    // Term → its month.
    await press(page, 'a.aside[href*="infosessions/2014/01/"]', touch);
    await page.waitForURL(/infosessions\/2014\/01\/\?program=computer-science&audience=co-op-students$/);
    await active();
    // Month → the next month.
    await press(page, 'a[rel=next]', touch);
    await page.waitForURL(/infosessions\/2014\/02\/\?program=computer-science&audience=co-op-students$/);
    await active();
    // The navigation: all terms, then the front door.
    await press(page, '.site-nav a[href*="infosessions/?program="]', touch);
    await page.waitForURL(/infosessions\/\?program=computer-science&audience=co-op-students$/);
    await press(page, '.site-nav a[href*="/campus-api/?"]', touch);
    await page.waitForURL(new RegExp(`${BASE_PATH}\\?program=computer-science&audience=co-op-students$`));
    await active();
    // A new visit on this device, by the bare address: restored, and the device says so.
    await page.close();
    const again = await open(context, '');
    await again.waitForURL(query);
    expect(await again.locator('select[name=program]').inputValue()).toBe('computer-science');
    expect(await again.locator('[data-remembered]').isVisible()).toBe(true);
    await again.reload({ waitUntil: 'load' });
    expect(await again.locator('input[name=audience][value=co-op-students]').isChecked()).toBe(true);
    // Forget: the filters go, and the next visit starts bare.
    await press(again, 'button[data-forget]', touch);
    await expect.poll(() => new URL(again.url()).search).toBe('');
    await again.close();
    const bare = await open(context, 'infosessions/2014/01/');
    expect(await bare.locator('select[name=program]').inputValue()).toBe('');
    expect(new URL(bare.url()).search).toBe('');
  });

  // A session page has a script of its own (src/scripts/session-page.ts): what it does must still be done.
  it('opens a session ahead of them from a filtered month, can add it, goes back to the month filtered', async () => {
    const page = await open(await device(viewport, touch), 'infosessions/2014/01/');
    await page.selectOption('select[name=program]', 'computer-science');
    await press(page, 'input[name=audience][value=co-op-students]', touch);
    await page.waitForURL(/\?program=computer-science&audience=co-op-students$/);
    // A session after the clock's Jan 10 (the site was built in 2023, when every session had ended).
    await press(page, '[data-session-group][data-date^="2014-01-2"] li.session:not([hidden]) .what a', touch);
    await page.waitForURL(/infosessions\/\d+\/$/);
    expect(await page.locator('.add-calendar').isVisible(), 'ahead by the student’s clock: can be added').toBe(true);
    expect(await page.locator('[data-if-past]').isVisible(), 'and not called ended').toBe(false);
    // Its month, by the breadcrumb: the link itself names the filter (shared or opened anew, it shows the same).
    const month = page.locator('.crumbs a[href*="infosessions/2014/01/"]');
    expect(await month.getAttribute('href')).toMatch(/\?program=computer-science&audience=co-op-students$/);
    await press(page, '.crumbs a[href*="infosessions/2014/01/"]', touch);
    await page.waitForURL(/infosessions\/2014\/01\/\?program=computer-science&audience=co-op-students$/);
    expect(await page.locator('select[name=program]').inputValue()).toBe('computer-science');
  });
});

// After the data's end (the build's clock too: 2023), the front door lists the newest term's last sessions. Before,
// it listed 12 and the feed beside it held 11; filtered to Computer Science co-op, 9 and 8: the list reached further
// back than the feeds' 4 weeks.
describe.each(SIZES)('a student after the last term, on a %s', (_, viewport, touch) => {
  it.each([
    ['every session', ''],
    ['Computer Science co-op', '?program=computer-science&audience=co-op-students'],
  ])('finds each session the front door lists (%s) in the calendar it subscribes to', async (_, query) => {
    const page = await open(await device(viewport, touch), query, new Date(2016, 5, 1, 12, 0));
    await page.waitForFunction(() => document.querySelector('#coming-up')?.textContent === 'No sessions coming up');
    const listed = await page
      .locator('[data-next] li.session:not([hidden]) .what a')
      .evaluateAll((links) => links.map((a) => new URL(a.getAttribute('href')!, location.href).pathname));
    const ids = listed.map((p) => /\/infosessions\/(\d+)\/$/.exec(p)?.[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every(Boolean), listed.join(' ')).toBe(true);
    // The download link of the block for what the page shows: the chosen filter's, or every session's.
    const download = query
      ? page.locator('[data-subscribe-slot] a[data-subscribe-link]').last()
      : page.locator('.subscribe a[href$="/infosessions.ics"]').first();
    const link = (await download.getAttribute('href'))!;
    expect(link).toMatch(query ? /\/programs\/computer-science\/co-op-students\.ics$/ : /\/infosessions\.ics$/);
    const held = await feedIds(page, link);
    expect(ids.filter((id) => !held.includes(id!))).toEqual([]);
    // And the count the page says is the feed's.
    if (query) expect(await page.locator('.filter-status').textContent()).toMatch(new RegExp(`^${held.length} of `));
  });
});

describe('subscribing on the platform the student has', () => {
  it.each([
    ['Android', ANDROID, 'android'],
    ['an iPhone', IPHONE, 'apple'],
  ])('on %s, shows first an option that works there', async (_, userAgent, first) => {
    const page = await open(
      await device({ width: 375, height: 812 }, true, userAgent),
      'infosessions/feeds/#program-computer-science',
    );
    const options = page.locator('#program-computer-science .subscribe-options > li');
    await expect.poll(() => options.first().isVisible()).toBe(true);
    expect(await options.first().getAttribute('data-platform')).toBe(first);
    const feed = `${BASED_SITE_URL}infosessions/programs/computer-science.ics`;
    if (first === 'android') {
      // Android's calendar opens no webcal: and adds no feed by address: the address to copy, and what to do with it.
      expect(await options.first().locator('input[data-subscribe-link=https]').inputValue()).toBe(feed);
      expect(await options.first().locator('button[data-copy]').isVisible()).toBe(true);
      expect(await options.first().textContent()).toMatch(
        /^On Android, copy this address and add it in Google Calendar on a computer/,
      );
    } else {
      expect(await options.first().locator('a').getAttribute('href')).toBe(feed.replace(/^https:/, 'webcal:'));
      expect(await options.first().textContent()).toContain('Apple Calendar (iPhone, iPad, Mac)');
    }
  });
});

describe.each(SIZES)('a student on Android (%s) subscribing from a short block', (_, viewport, touch) => {
  it.each([
    ['the front door', '', 'infosessions.ics'],
    ['Winter 2014', 'infosessions/terms/1141/', 'infosessions/terms/1141.ics'],
  ])('on %s, first finds Google Calendar, and its feed holds the sessions', async (_, at, feed) => {
    const page = await open(await device(viewport, touch, ANDROID), at);
    const first = page.locator('.subscribe').first().locator('a').first();
    await expect.poll(() => first.getAttribute('data-platform')).toBe('google');
    for (const block of await page.locator('.subscribe').all()) {
      expect(await block.locator('a').first().textContent()).toMatch(/^Google Calendar/);
    }
    const href = (await first.getAttribute('href'))!;
    const webcal = `${BASED_SITE_URL}${feed}`.replace(/^https?:/, 'webcal:');
    expect(href).toBe(`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`);
    // The term's feed holds every session of the term's file, counted from it; the front door's, sessions of the data.
    const ids = (await feedIds(page, href)).sort();
    const rows = at ? termRows('1141') : sessionRows;
    if (at) expect(ids).toEqual(rows.map((r) => r.id!).sort());
    else expect(ids.filter((id) => !rows.some((r) => r.id === id))).toEqual([]);
    expect(ids.length).toBeGreaterThan(0);
  });
});
