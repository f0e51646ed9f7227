import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSite } from '../helpers/sites.ts';
import { ARTIFACTS, launchBrowser, runAxe, type ServedSite, serveSite, VIEWPORTS } from './harness.ts';

// A developer on a method's page copies a sample and tries the method, on a phone and on a desktop: the copied text is
// the sample's, and "Try it" shows the status, the headers and the body the site serves for the method's file.

let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite(rootSite()), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A method page in a context of its own that may use the clipboard. */
async function methodPage(methodId: number, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await page.goto(site.url(`methods/${methodId}/`), { waitUntil: 'load' });
  return page;
}

describe.each([
  [1213, 'Building list'],
  [1217, 'Building details'],
])('method %i (%s)', (methodId) => {
  it.each(Object.entries(VIEWPORTS))('copies the Python sample and tries the method at %s width', async (label, vp) => {
    const page = await methodPage(methodId, vp);
    try {
      const sample = page.locator('[data-sample=python]');
      const code = await sample.locator('pre code').textContent();
      expect(code).toContain('urllib.request.urlopen(');
      await sample.getByRole('button', { name: /Copy/ }).click();
      await expect.poll(() => sample.locator('[data-copied]').textContent()).toBe('Copied');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      // Shown as it is copied: each line of the program one line on the screen, its indents kept (not wrapped).
      const lineHeight = await sample.locator('pre code').evaluate((c) => parseFloat(getComputedStyle(c).lineHeight));
      const height = await sample.locator('pre code').evaluate((c) => c.getBoundingClientRect().height);
      expect(Math.round(height / lineHeight)).toBe(code!.split('\n').length);

      const href = await page.locator('[data-try-it]').getAttribute('data-try-it');
      const served = await (await fetch(`${site.origin}${href}`)).text();
      await page.getByRole('button', { name: 'Try it', exact: true }).click();
      const output = page.locator('[data-try-output]');
      await expect.poll(() => output.locator('[data-try-status]').getAttribute('data-try-status')).toBe('200');
      expect(await output.locator('dt').allTextContents()).toContain('content-type');
      // The body as served (its start, when it is longer than "Try it" shows).
      const body = (await output.locator('pre code').textContent())!.replace(/\n…$/, '');
      expect(body.length).toBeGreaterThan(100);
      expect(served.startsWith(body)).toBe(true);
      expect(JSON.parse(served).meta.method_id).toBe(methodId);

      expect(await runAxe(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      expect(overflow, `overflow at ${vp.width}px`).toBeLessThanOrEqual(0);
      await mkdir(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS, `method-${methodId}-try-it-${label}.png`), fullPage: true });
    } finally {
      await page.context().close();
    }
  });
});

describe('without JavaScript', () => {
  it('shows the samples as text, with no dead buttons and no "Try it"', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    try {
      await page.goto(site.url('methods/1217/'), { waitUntil: 'load' });
      expect(await page.locator('[data-sample] pre').count()).toBe(3);
      expect(await page.locator('[data-sample] pre').first().isVisible()).toBe(true);
      expect(await page.getByRole('button').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
