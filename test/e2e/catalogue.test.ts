import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, removeDir, runBuild, tempDir } from '../helpers/build.ts';
import { BASE_PATH, basedSite } from '../helpers/sites.ts';
import { expectAuditedPage, launchBrowser, openPage, pageProblems, serveSite, type ServedSite } from './harness.ts';

// The shared build for a SITE_URL with a path, served below it; what needs no browser (the
// pages without JavaScript, the link crawl) is in test/site-pages.test.ts.
let work: string;
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  work = await tempDir();
  [site, browser] = await Promise.all([serveSite(basedSite(), BASE_PATH), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await removeDir(work);
});

describe('the service directory', () => {
  it('lists all 35 methods, grouped by service, with formats and keys', async () => {
    const page = await openPage(browser, site.url(''));
    expect(await page.locator('h1').count()).toBe(1);
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(35);
    expect(await page.locator('section h3').allTextContents()).toContain('resources (service 229)');
    const row1129 = page.locator('tbody tr', { has: page.locator('a', { hasText: '1129' }) });
    expect(await row1129.textContent()).toContain('key required');
    expect(await page.locator('tbody tr', { hasText: '1171' }).textContent()).toContain('listed only: no data published');
    expect(await page.locator('tbody tr', { hasText: '1123' }).textContent()).toMatch(/Printer list.*no data: withdrawn/);
    expect(await page.locator('tbody tr', { hasText: '1229' }).textContent()).toMatch(/Academic groups.*data published/);
    expect(pageProblems(page)).toEqual([]);
  });

  it('leads from a published method to its reference page and its .json', async () => {
    const page = await openPage(browser, site.url(''));
    await page.locator('tbody a', { hasText: '1103' }).click();
    await page.waitForURL(/methods\/1103\/$/);
    expect(await page.locator('h1').textContent()).toContain('Method 1103');
    expect(await page.locator('main').textContent()).toContain('The start of the real output');
    const [response] = await Promise.all([page.waitForResponse(/methods\.json$/), page.locator('a', { hasText: '/api/methods.json' }).click()]);
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.meta.method_id).toBe(1103);
    expect(body.data).toHaveLength(35);
  });

  it('says plainly that a listed-only method publishes no data', async () => {
    const page = await openPage(browser, site.url('methods/1171/'));
    expect(await page.locator('main').textContent()).toContain('No data is published for this method.');
    expect(await page.locator('main').textContent()).toContain('/courses/{department}/{number}/schedule.{format}');
  });

  it('shows the no-data answer of a method without data, and why (printers: withdrawn)', async () => {
    const page = await openPage(browser, site.url('methods/1123/'));
    const main = (await page.locator('main').textContent())!;
    expect(main).toContain('the data owner withdrew the printer list');
    expect(main).toContain('"status": 204');
  });
});

describe.each([
  ['home', ''],
  ['published method', 'methods/1129/'],
  ['listed-only method', 'methods/1291/'],
  ['404 page', 'no/such/page/'],
])('the %s', (name, sitePath) => {
  it('has no axe-core violations, fits a 375 px phone, and is saved as screenshots', async () => {
    await expectAuditedPage(browser, site.url(sitePath), `catalogue-${name}`);
  });
});

describe('a build with SITE_URL carrying a path', () => {
  it('serves the pages, the stylesheet and the favicon below the base path', async () => {
    const page = await openPage(browser, site.url('methods/1103/'));
    const favicon = await page.evaluate(() => document.querySelector('link[rel=icon]')?.getAttribute('href'));
    expect(favicon).toBe(`${BASE_PATH}favicon.svg`);
    expect(pageProblems(page)).toEqual([]);
  });
});

describe('text from data/', () => {
  it('shows markup, quotes and ampersands as text, never as HTML', async () => {
    const data = path.join(work, 'hostile-data');
    await cp(path.join(ROOT, 'data'), data, { recursive: true });
    const methods = path.join(data, 'methods.csv');
    const hostile = '<script>window.__xss=1</script> "quoted" & </textarea><b>bold</b>';
    await writeFile(methods, (await readFile(methods, 'utf8')).replace('Returns a list of campus employer information sessions', `"${hostile.replace(/"/g, '""')}"`));
    const out = path.join(work, 'hostile-dist');
    const run = await runBuild(out, { DATA_DIR: data });
    expect(run.code, run.stderr).toBe(0);
    const served = await serveSite(out);
    try {
      const page = await openPage(browser, served.url('methods/1129/'));
      expect(await page.locator('main').textContent()).toContain(hostile);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(await page.locator('main b').count()).toBe(0);
    } finally {
      await served.stop();
    }
  });
});
