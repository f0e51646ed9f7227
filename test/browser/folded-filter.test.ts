import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openSessions, sessionRows } from '../helpers/student-oracle.ts';
import { ARTIFACTS, servedRootSite } from './harness.ts';

// A Computer Science co-op student chose their filter once; this device remembers it. On their
// next visit to a month, the filter is folded to one line, the first session open to them is on the
// first screen, the list holds exactly their sessions (counted from the CSVs), and "Change" opens
// the filter again.
const suite = servedRootSite();

const SIZES = [
  ['phone', { width: 375, height: 812 }, true],
  ['desktop', { width: 1280, height: 800 }, false],
] as const;

/** The January 2014 sessions open to a CS co-op student, from the CSVs. */
const theirs = new Set(openSessions('Computer Science', 'Co-op Students'));
const january = sessionRows.filter((r) => /^January \d+, 2014$/.test(r.date!) && theirs.has(r.id!)).map((r) => r.id!);

async function visit(page: Page, at: string): Promise<void> {
  await page.goto(suite.site.url(at), { waitUntil: 'load' });
}

describe.each(SIZES)('a CS co-op student with a remembered filter on a %s', (name, viewport, touch) => {
  it('sees the filter as one line and their first session on the first screen', async () => {
    const context = await suite.browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
    suite.contexts.push(context);
    const page = await context.newPage();
    await page.clock.setFixedTime(new Date(2014, 0, 10, 9, 0));
    // The first visit: the student chooses, the form stays open while they do.
    await visit(page, 'infosessions/2014/01/');
    await page.selectOption('select[name=program]', 'computer-science');
    await page.locator('input[name=audience][value=co-op-students]').check();
    expect(await page.locator('[data-filter-summary]').isVisible()).toBe(false);
    // The next visit, with no filter in the link: the device remembers it.
    await visit(page, 'infosessions/2014/01/');
    const line = page.locator('[data-filter-summary]');
    await expect.poll(() => line.isVisible()).toBe(true);
    expect(await line.textContent()).toMatch(
      new RegExp(`^Computer Science, Co-op Students: ${january.length} of \\d+ sessions match\\. Change$`),
    );
    expect(await page.locator('select[name=program]').isVisible()).toBe(false);
    const shown = await page
      .locator('li.session:not([hidden]) .what a')
      .evaluateAll((as) => as.map((a) => /infosessions\/(\d+)\/$/.exec(a.getAttribute('href')!)![1]!));
    expect(shown.sort()).toEqual([...january].sort());
    const first = (await page.locator('li.session:not([hidden])').first().boundingBox())!;
    expect(first.y + first.height, 'the first session shows without scrolling').toBeLessThanOrEqual(viewport.height);
    await page.screenshot({ path: `${ARTIFACTS}/folded-filter-${name}.png` });
    // "Change" opens the filter again, as chosen.
    const change = line.locator('button');
    await (touch ? change.tap() : change.click());
    expect(await page.locator('select[name=program]').isVisible()).toBe(true);
    expect(await page.locator('select[name=program]').inputValue()).toBe('computer-science');
    expect(await line.isVisible()).toBe(false);
  });
});
