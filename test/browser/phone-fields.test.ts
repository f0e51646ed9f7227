import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSite } from '../helpers/sites.ts';
import { ARTIFACTS, launchBrowser, type ServedSite, serveSite } from './harness.ts';

// A Computer Science student on a small phone (360–414 px wide) and on a laptop picks their
// program: the Program box shows it whole ("Computer Science (N)", not "Computer Scier"), and the
// employer box its whole hint. A field's text is measured with the field's own font (canvas) against
// the room the field gives it, its padding, border and a select's arrow taken off.
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite(rootSite()), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The width a select's arrow takes in Chromium, at most. */
const ARROW = 24;

/** The text a field shows (a select's chosen option, an input's hint), the width it needs and the width it has. */
function fieldRoom(page: Page, selector: string) {
  return page.locator(selector).evaluate((el: HTMLSelectElement | HTMLInputElement, arrow: number) => {
    const style = getComputedStyle(el);
    const canvas = document.createElement('canvas').getContext('2d')!;
    canvas.font = style.font;
    const text = el instanceof HTMLSelectElement ? el.options[el.selectedIndex]!.text : el.placeholder;
    const px = (v: string) => Number.parseFloat(v) || 0;
    const frame =
      px(style.paddingLeft) + px(style.paddingRight) + px(style.borderLeftWidth) + px(style.borderRightWidth);
    return {
      text,
      need: canvas.measureText(text).width + frame + (el instanceof HTMLSelectElement ? arrow : 0),
      have: el.getBoundingClientRect().width,
    };
  }, ARROW);
}

const SIZES = [
  { width: 360, height: 740 },
  { width: 375, height: 812 },
  { width: 414, height: 896 },
  { width: 1280, height: 800 },
];
const PAGES = ['', 'infosessions/2014/01/', 'infosessions/terms/1141/'];

describe.each(SIZES)('a Computer Science student at $width × $height', (viewport) => {
  it.each(PAGES)('reads the program they chose and the employer hint whole on /%s', async (at) => {
    const context = await browser.newContext({
      viewport,
      isMobile: viewport.width < 600,
      hasTouch: viewport.width < 600,
    });
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date(2014, 0, 10, 9, 0));
    await page.goto(site.url(at), { waitUntil: 'load' });
    const select = page.locator('select[name=program]');
    await expect.poll(() => select.isVisible()).toBe(true);
    // Every program's count, "All programs (N)" included, fits before one is chosen.
    const all = await fieldRoom(page, 'select[name=program]');
    expect(all.need, all.text).toBeLessThanOrEqual(all.have);
    await select.selectOption('computer-science');
    const chosen = await fieldRoom(page, 'select[name=program]');
    expect(chosen.text).toMatch(/^Computer Science \(\d+\)$/);
    expect(chosen.need, chosen.text).toBeLessThanOrEqual(chosen.have);
    const employer = await fieldRoom(page, 'input[name=employer]');
    expect(employer.need, employer.text).toBeLessThanOrEqual(employer.have);
    if (viewport.width === 360 && at === '') await page.screenshot({ path: `${ARTIFACTS}/phone-fields-360.png` });
    await context.close();
  });
});
