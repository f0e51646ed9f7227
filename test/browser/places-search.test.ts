// A student looking for where a session is and how to get there, and searching with a slip of the finger, on a phone
// and a computer. Each count is made here from the CSVs (papaparse, test/helpers/student-oracle.ts), not by the code
// under test.
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_PATH, basedSite } from '../helpers/sites.ts';
import { audiencesOf, isHoliday, sessionRows } from '../helpers/student-oracle.ts';
import {
  ARTIFACTS,
  cspViolations,
  launchBrowser,
  newTab,
  pageProblems,
  type ServedSite,
  serveSite,
  VIEWPORTS,
} from './harness.ts';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125 Mobile';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile';
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite(basedSite(), BASE_PATH), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A page of the site with a user agent (the platform the directions link is for). */
async function open(url: string, userAgent?: string, viewport = VIEWPORTS.phone): Promise<Page> {
  const context = await browser.newContext({ viewport, ...(userAgent ? { userAgent } : {}) });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

const rows = sessionRows.filter((r) => !isHoliday(r));
const has = (text: string, word: string) => new RegExp(`\\b${word}\\b`, 'i').test(text);

describe('a student on their way to Federation Hall', () => {
  it('finds every Fed Hall session on its building page, and a directions link for their phone', async () => {
    const fed = rows.filter((r) => /^feds? hall/i.test(r.location!.trim()));
    expect(fed.length).toBe(15);
    const android = await open(site.url('buildings/FED/'), ANDROID);
    const listed = await android.locator('[data-held-sessions] li a').count();
    expect(listed).toBe(fed.length);
    const directions = android.locator('a[data-directions]').first();
    expect(await directions.getAttribute('href')).toMatch(
      /^geo:43\.47324689,-80\.54864126\?q=.*\(Federation%20Hall\)$/,
    );
    await android.screenshot({ path: path.join(ARTIFACTS, 'building-fed-375.png'), fullPage: true });
    await android.context().close();
    const iphone = await open(site.url(`infosessions/${fed[0]!.id}/`), IPHONE);
    expect(await iphone.locator('.where a[data-directions]').getAttribute('href')).toMatch(
      /^https:\/\/maps\.apple\.com\/\?daddr=43\.47324689%2C-80\.54864126&q=Federation%20Hall$/,
    );
    expect(await iphone.locator('.where a', { hasText: 'Federation Hall' }).first().getAttribute('href')).toBe(
      `${BASE_PATH}buildings/FED/`,
    );
    await iphone.screenshot({ path: path.join(ARTIFACTS, 'session-fed-375.png'), fullPage: true });
    await iphone.context().close();
  });

  it('gets Google Maps without JavaScript, and on a computer', async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(site.url('buildings/SLC/'), { waitUntil: 'load' });
    expect(await page.locator('a[data-directions]').first().getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=43.471601%2C-80.545455',
    );
    await context.close();
  });
});

describe.each(Object.entries(VIEWPORTS))('searching across terms on a %s', (_, viewport) => {
  /** The number of sessions the search page says it found for `q`. */
  async function found(q: string): Promise<{ count: number; status: string }> {
    const page = await newTab(browser, viewport);
    await page.goto(site.url(`infosessions/search/?q=${encodeURIComponent(q)}`), { waitUntil: 'load' });
    await expect.poll(() => page.locator('[data-search-status]').textContent()).toMatch(/newest first\.$|^No session/);
    const status = (await page.locator('[data-search-status]').textContent())!;
    expect(pageProblems(page)).toEqual([]);
    expect(await cspViolations(page)).toEqual([]);
    await page.context().close();
    return { count: Number(/^(\d+)/.exec(status)?.[1] ?? 0), status };
  }

  it('forgives one typo: "gogle" finds every Google session, and says it read "google"', async () => {
    const google = rows.filter((r) => has(`${r.employer} ${r.description}`, 'google')).length;
    const { count, status } = await found('gogle');
    expect(count).toBe(google);
    expect(status).toContain('(“gogle” as “google”)');
  });

  it('finds a room however it is written: "DC 1301"', async () => {
    const inRoom = rows.filter((r) => /^(DC\b|Davis Centre)/i.test(r.location!.trim()) && has(r.location!, '1301'));
    expect((await found('DC 1301')).count).toBe(inRoom.length);
  });

  it('finds an employer for an audience: "facebook co-op"', async () => {
    const open = rows.filter(
      (r) => has(`${r.employer} ${r.description}`, 'facebook') && audiencesOf(r.audience!).includes('Co-op Students'),
    );
    expect((await found('facebook co-op')).count).toBe(open.length);
  });
});
