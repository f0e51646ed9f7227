import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import type { BrowserContext } from 'playwright-core';
import { describe, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';
import { servedRootSite } from './harness.ts';

// A student on a phone opens the pages that used to move under their thumb while loading (a form the script showed
// pushed the list down: layout shift 0.07 to 0.24 in Lighthouse). The page may not move: the layout shift the browser
// itself reports (PerformanceObserver, 'layout-shift') stays under 0.05, with the CPU slowed as Lighthouse's phone is,
// so the script runs well after the first paint. And with JavaScript off, an exam term's every course is still there,
// folded by subject, one tap away.
const suite = servedRootSite();

/** The pages that moved, by kind. */
const PAGES = [
  ['the front door', ''],
  ['a month', 'infosessions/2014/01/'],
  ['a term', 'infosessions/terms/1141/'],
  ['the buildings list', 'buildings/'],
  ['the feeds page', 'infosessions/feeds/'],
  ['the search page', 'infosessions/search/'],
  ['an exam term', 'exams/1139/'],
] as const;

/** An Android phone's user agent (Lighthouse's phone): its subscribe options come in another order. */
const ANDROID =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 Chrome/127 Mobile Safari/537.36';

/** A layout shift as the browser reports it (the Layout Instability API; not yet in TypeScript's DOM types). */
interface Shift {
  value: number;
  hadRecentInput: boolean;
  sources: { node?: Node }[];
}

/** The page's layout shifts not caused by input, each with the start of the elements that moved. */
type Shifts = { value: number; moved: string[] }[];

/** The layout shifts of the page at `at` while it loads in `context`, the CPU 4× slower, to its script's last turn. */
async function shiftsWhileLoading(context: BrowserContext, at: string): Promise<Shifts> {
  await context.addInitScript(() => {
    const shifts: Shifts = [];
    (globalThis as unknown as { __shifts: Shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const shift of list.getEntries() as unknown as Shift[]) {
        if (shift.hadRecentInput) continue;
        const moved = shift.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '?');
        shifts.push({ value: shift.value, moved });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(suite.site.url(at), { waitUntil: 'networkidle' });
  // The script's last turn has run once a task queued after the page's own has.
  await page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  return page.evaluate(() => (globalThis as unknown as { __shifts: Shifts }).__shifts);
}

// Every page on a phone; the front door on Android too, where its counts once changed the wrapping of its choices. The
// tests run side by side, a context each: most of a page's time is the slowed CPU's pauses, not work.
describe.concurrent.each([
  ['a phone', undefined, PAGES],
  ['an Android phone', ANDROID, PAGES.slice(0, 1)],
] as const)('a student on %s, at 375 × 812', (_, userAgent, pages) => {
  it.for(pages)('sees %s stay in place while it loads', async ([, at], { expect }) => {
    // Closed as soon as its shifts are read: Chromium's CPU throttle stops and starts the page's main thread for as
    // long as the page is open, busy or idle. The 9 pages kept open to the suite's end made it 89 CPU-s; closed, 38.
    const context = await suite.browser.newContext({ viewport: { width: 375, height: 812 }, userAgent });
    try {
      const shifts = await shiftsWhileLoading(context, at);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.05);
    } finally {
      await context.close();
    }
  });
});

describe.concurrent('a student without JavaScript on an exam term page', () => {
  it('finds every course of the term under its subject, and CS 135 one tap away', async ({ expect }) => {
    const text = await readFile(path.join(ROOT, 'data/exam-schedule/1139.csv'), 'utf8');
    const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
    const courses = new Set(rows.map((r) => r.course!.trim()));
    const context = await suite.browser.newContext({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
    suite.contexts.push(context);
    const page = await context.newPage();
    await page.goto(suite.site.url('exams/1139/'), { waitUntil: 'load' });
    const listed = await page.locator('details[data-exam-subject] [data-exam-course] h2').allTextContents();
    expect(new Set(listed)).toEqual(courses);
    expect(await page.locator('form[data-exam-finder]').isVisible()).toBe(false);
    const cs135 = page.locator('#exam-CS135');
    expect(await cs135.isVisible()).toBe(false);
    await page.locator('details[data-exam-subject]', { hasText: 'CS 135' }).locator('summary').click();
    expect(await cs135.locator('[data-exam-sitting]').first().isVisible()).toBe(true);
    expect(await cs135.getByRole('link', { name: 'CS 135 exam calendar (.ics)' }).isVisible()).toBe(true);
  });
});
