import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY } from '../helpers/directory.ts';
import { BASE_PATH, basedSite } from '../helpers/sites.ts';
import {
  expectAuditedPage,
  keptTab,
  launchBrowser,
  pageProblems,
  type ServedSite,
  serveSite,
  VIEWPORTS,
} from './harness.ts';

// The shared build for a SITE_URL with a path, served below it; what needs no browser (the
// pages without JavaScript, the link crawl, what the method pages say) is in
// test/site/site-pages.test.ts, text from data/ shown as text in test/machinery/build.test.ts.
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite(basedSite(), BASE_PATH), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('the service directory', () => {
  it('lists every method of the directory, grouped by service, with formats and keys', async () => {
    const page = await keptTab(browser, site.url('api/'));
    expect(await page.locator('h1').count()).toBe(1);
    const rows = page.locator('section tbody tr');
    expect(await rows.count()).toBe(DIRECTORY.length);
    expect(await page.locator('section h3').allTextContents()).toContain('resources (service 229)');
    const row1129 = page.locator('tbody tr', { has: page.locator('a', { hasText: '1129' }) });
    expect(await row1129.textContent()).toContain('key required');
    expect(await page.locator('tbody tr', { hasText: '1171' }).textContent()).toContain(
      'listed only: no data published',
    );
    expect(await page.locator('tbody tr', { hasText: '1123' }).textContent()).toMatch(
      /Printer list.*no data: withdrawn/,
    );
    expect(await page.locator('tbody tr', { hasText: '1229' }).textContent()).toMatch(
      /Academic groups.*data published/,
    );
    expect(pageProblems(page)).toEqual([]);
  });

  it('leads from a published method to its reference page and its .json', async () => {
    const page = await keptTab(browser, site.url('api/'));
    await page.locator('tbody a', { hasText: '1103' }).click();
    await page.waitForURL(/methods\/1103\/$/);
    expect(await page.locator('h1').textContent()).toContain('Method 1103');
    expect(await page.locator('main').textContent()).toContain('The real response');
    const [response] = await Promise.all([
      page.waitForResponse(/methods\.json$/),
      page.getByRole('link', { name: '/api/methods.json', exact: true }).click(),
    ]);
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.meta.method_id).toBe(1103);
    expect(body.data).toHaveLength(DIRECTORY.length);
  });
});

describe('the building pages', () => {
  it('lead from the list to a building, its map link, parts, API file; a session links to its building', async () => {
    const page = await keptTab(browser, site.url('buildings/'));
    expect(await page.locator('h1').textContent()).toBe('Campus buildings');
    await page.locator('nav[aria-label="Buildings by first letter"] a', { hasText: 'R' }).click();
    await page.locator('#letter-r ~ ul a', { hasText: 'Renison University College' }).first().click();
    await page.waitForURL(/buildings\/REN\/$/);
    const main = page.locator('main');
    expect(await main.locator('a', { hasText: 'Show on OpenStreetMap' }).getAttribute('href')).toBe(
      'https://www.openstreetmap.org/?mlat=43.46884&mlon=-80.5474#map=18/43.46884/-80.5474',
    );
    expect(await main.locator('li').allTextContents()).toContain(
      'Renison University College Addition 2 - Chapel · map of Renison University College Addition 2 - Chapel',
    );
    expect(await main.locator('a', { hasText: '/buildings/REN.json' }).getAttribute('href')).toBe(
      `${BASE_PATH}v2/buildings/REN.json?key=YOUR_KEY`,
    );
    expect(pageProblems(page)).toEqual([]);

    // The same kept tab, now on a session page.
    const dc = await keptTab(browser, site.url('infosessions/2739/'));
    await dc.locator('main a', { hasText: 'William G. Davis Computer Research Centre' }).first().click();
    await dc.waitForURL(/buildings\/DC\/$/);
    expect(await dc.locator('h1').textContent()).toBe('William G. Davis Computer Research Centre DC');
    expect(pageProblems(dc)).toEqual([]);
  });
});

describe.each([
  ['method directory', 'api/'],
  ['published method', 'methods/1129/'],
  ['listed-only method', 'methods/1291/'],
  ['404 page', 'no/such/page/'],
  ['building list', 'buildings/'],
  ['building page', 'buildings/REN/'],
])('the %s', (name, sitePath) => {
  it('has no axe-core violations, fits a 375 px phone, and is saved as screenshots', async () => {
    await expectAuditedPage(browser, site.url(sitePath), `catalogue-${name}`);
  });
});

describe('the developer pages on a phone', () => {
  it.each(['api/', 'methods/1129/', 'methods/1103/'])(
    '%s: every table fits 375 px, no path breaks inside a word',
    async (p) => {
      const page = await keptTab(browser, site.url(p), VIEWPORTS.phone);
      const wide = await page
        .locator('main table')
        .evaluateAll(
          (tables) =>
            tables.filter(
              (t) => t.scrollWidth > t.clientWidth + 1 || t.getBoundingClientRect().right > window.innerWidth,
            ).length,
        );
      expect(wide).toBe(0);
      // A path cell as tall as many lines would be one broken letter by letter.
      const lines = await page
        .locator('main td code, main h1 code')
        .evaluateAll((codes) =>
          codes.map((c) =>
            Math.round(c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight || '20')),
          ),
        );
      expect(Math.max(...lines, 0)).toBeLessThanOrEqual(2);
    },
  );

  it('gives the files of a method with a key the placeholder key, so they open under npm start', async () => {
    const page = await keptTab(browser, site.url('methods/1129/'), VIEWPORTS.phone);
    const hrefs = await page
      .locator('main a')
      .evaluateAll((as) =>
        as.map((a) => (a as HTMLAnchorElement).href).filter((h) => /infosessions\.(json|xml)/.test(h)),
      );
    expect(hrefs.length).toBeGreaterThanOrEqual(5);
    for (const href of hrefs) {
      expect(href).toContain('key=YOUR_KEY');
      const response = await page.request.get(href.replace('https://example.github.io', site.origin));
      expect(response.status(), href).toBe(200);
    }
    expect(await page.locator('main').textContent()).toContain(
      'Keys, JSONP and error envelopes need npm start (or the Worker at the edge).',
    );
    expect(await page.locator('main table').last().locator('tbody th').allTextContents()).toEqual([
      '400',
      '401',
      '403',
      '404',
      '405',
      '503',
    ]);
  });
});

describe('a build with SITE_URL carrying a path', () => {
  it('serves the pages, the stylesheet and the favicon below the base path', async () => {
    const page = await keptTab(browser, site.url('methods/1103/'));
    const favicon = await page.evaluate(() => document.querySelector('link[rel=icon]')?.getAttribute('href'));
    expect(favicon).toBe(`${BASE_PATH}favicon.svg`);
    expect(pageProblems(page)).toEqual([]);
  });
});
