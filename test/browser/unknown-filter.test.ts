import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { isHoliday, openToProgram, sessionRows } from '../helpers/student-oracle.ts';
import { ARTIFACTS, servedRootSite } from './harness.ts';

// A student opens a link a friend shared from an older calendar, whose program the calendar now
// names otherwise (`math-computer-science`), or mistyped: the page says so, offers the closest
// program, and one tap shows that program's sessions, counted from the CSVs.
const suite = servedRootSite();

const SIZES = [
  ['phone', { width: 375, height: 812 }, true],
  ['desktop', { width: 1280, height: 800 }, false],
] as const;

async function open(viewport: { width: number; height: number }, touch: boolean, at: string): Promise<Page> {
  const context = await suite.browser.newContext({ viewport, hasTouch: touch, isMobile: touch });
  suite.contexts.push(context);
  const page = await context.newPage();
  await page.clock.setFixedTime(new Date(2014, 0, 10, 9, 0));
  await page.goto(suite.site.url(at), { waitUntil: 'load' });
  return page;
}

/** The sessions of January 2014 open to Computer Science (any audience), from the CSVs. */
const januaryForCs = sessionRows
  .filter((r) => r.date!.startsWith('January') && r.date!.endsWith('2014') && !isHoliday(r))
  .filter((r) => openToProgram(r.programs!, 'Computer Science'));

describe.each(SIZES)('a student on a %s following a shared link with an unknown program', (name, viewport, touch) => {
  it.each([
    ['an old label', 'math-computer-science'],
    ['a typo', 'compter-science'],
  ])('with %s, is told so and reaches Computer Science in one tap', async (_, wanted) => {
    const page = await open(viewport, touch, `infosessions/2014/01/?program=${wanted}`);
    const notice = page.locator('[data-filter-unknown]');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain(`the program “${wanted}”, which this calendar does not have`);
    const offer = notice.locator('button');
    expect(await offer.textContent()).toBe('Show Computer Science');
    if (wanted === 'math-computer-science') await page.screenshot({ path: `${ARTIFACTS}/unknown-filter-${name}.png` });
    await (touch ? offer.tap() : offer.click());
    await page.waitForURL(/\?program=computer-science$/);
    expect(await notice.isVisible()).toBe(false);
    const shown = await page
      .locator('li.session:not([hidden]) .what a')
      .evaluateAll((as) => as.map((a) => /infosessions\/(\d+)\/$/.exec(a.getAttribute('href')!)![1]!));
    expect(shown.sort()).toEqual(januaryForCs.map((r) => r.id!).sort());
    expect(shown.length).toBeGreaterThan(10);
  });

  it('sees the same on the front door', async () => {
    const page = await open(viewport, touch, '?program=math-computer-science');
    const notice = page.locator('[data-filter-unknown]');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.locator('button').textContent()).toBe('Show Computer Science');
  });
});
