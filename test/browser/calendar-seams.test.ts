import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ICAL from 'ical.js';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';
import { isHoliday, rowDay, sessionRows } from '../helpers/student-oracle.ts';
import { ARTIFACTS, servedRootSite, VIEWPORTS } from './harness.ts';

// The calendar's last seams, as a student on a phone (375 × 812) meets them on the shared build (made in 2023, after
// the data's newest session): an archive that says it is one, by the build's clock without JavaScript and by the
// visitor's with it; and a week with no session, which says when the next one is. Every date is counted from the CSVs.
const suite = servedRootSite();
mkdirSync(ARTIFACTS, { recursive: true });

/** A phone's tab in Toronto, its clock at `now` (else the real one), with or without JavaScript, in a colour scheme. */
async function phone(now?: string, javaScriptEnabled = true, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await suite.browser.newContext({
    viewport: VIEWPORTS.phone,
    timezoneId: 'America/Toronto',
    javaScriptEnabled,
    colorScheme,
  });
  suite.contexts.push(context);
  const page = await context.newPage();
  if (now) await page.clock.setFixedTime(new Date(now));
  return page;
}

/** The ISO days of the CSVs' sessions (holidays left out), in order. */
const days = sessionRows
  .filter((r) => !isHoliday(r))
  .map(rowDay)
  .sort();

/** `Tue, Mar 17, 2015`: a day as a student reads it. */
const spoken = (iso: string) =>
  new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** Every kind of calendar page: front door, all terms, month, term, feeds, building. */
const PAGES = [
  '',
  'infosessions/',
  'infosessions/2014/02/',
  'infosessions/terms/1141/',
  'infosessions/feeds/',
  'buildings/DC/',
];

describe('an archive that says so, on a phone', () => {
  const newest = spoken(days.at(-1)!);

  it.each([
    ['without JavaScript (the build of 2023 is past the data)', undefined, false],
    ["with today's clock", undefined, true],
  ])('tells the student the data ends on its newest session, %s', async (_, now, js) => {
    const page = await phone(now, js);
    for (const p of PAGES) {
      await page.goto(suite.site.url(p), { waitUntil: 'load' });
      const notice = page.locator('[data-archive-notice]');
      await expect.poll(() => notice.isVisible(), { message: p }).toBe(true);
      const text = (await notice.textContent())!.replace(/\s+/g, ' ');
      expect(text, p).toContain(`end on ${newest}`);
      // A building's page offers no subscription: it says none held there is coming up.
      if (p.startsWith('buildings/')) expect(text, p).toContain('none held here is coming up');
      else expect(text, p).toMatch(/Subscribing now adds no future event/);
    }
  });

  it('says nothing of an archive with the clock inside the data', async () => {
    const page = await phone('2014-01-15T12:00:00-05:00');
    for (const p of PAGES) {
      await page.goto(suite.site.url(p), { waitUntil: 'load' });
      await expect.poll(() => page.locator('[data-archive-notice]').isVisible(), { message: p }).toBe(false);
    }
  });
});

/** The texts of the notices a student sees on the page (`p.notice`, shown), spaces folded. */
async function seenNotices(page: Page): Promise<string[]> {
  const texts = await page.locator('p.notice:visible').allTextContents();
  return texts.map((t) => t.replace(/\s+/g, ' ').trim());
}

/** WCAG's contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map((v) => {
        const x = Number(v) / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('the archive notice, said once and calmly', () => {
  // A month and a term of the archive: every session on them has ended, and so has the whole archive.
  const LISTS = ['infosessions/2014/02/', 'infosessions/terms/1141/'];

  it.each([
    ["with today's clock", true],
    ['without JavaScript', false],
  ])('says once that the sessions have ended on a month and a term, %s', async (_, js) => {
    const page = await phone(undefined, js);
    for (const p of LISTS) {
      await page.goto(suite.site.url(p), { waitUntil: 'load' });
      await expect.poll(() => page.locator('[data-archive-notice]').isVisible(), { message: p }).toBe(true);
      const seen = await seenNotices(page);
      expect(seen, p).toHaveLength(1);
      expect(seen[0], p).toContain(`end on ${spoken(days.at(-1)!)}`);
    }
  });

  it("says the page's sessions have ended, once, when the archive goes on after them", async () => {
    // March 10, 2014: February's sessions are over, the archive's newest is a year ahead.
    const page = await phone('2014-03-10T12:00:00-04:00');
    await page.goto(suite.site.url(LISTS[0]!), { waitUntil: 'load' });
    await expect.poll(() => page.locator('[data-all-past]').isVisible()).toBe(true);
    expect(await seenNotices(page)).toEqual(['Past Every session on this page has ended.']);
  });

  it.each(['light', 'dark'] as const)(
    'reads as information, not as the error red, with AA contrast (%s scheme)',
    async (scheme) => {
      const page = await phone(undefined, true, scheme);
      await page.goto(suite.site.url(LISTS[0]!), { waitUntil: 'load' });
      const notice = page.locator('[data-archive-notice]');
      await expect.poll(() => notice.isVisible()).toBe(true);
      const look = await notice.evaluate((el) => {
        const probe = (v: string) => {
          const s = document.createElement('span');
          s.style.color = `var(${v})`;
          document.body.append(s);
          const c = getComputedStyle(s).color;
          s.remove();
          return c;
        };
        const cs = getComputedStyle(el);
        return { border: cs.borderLeftColor, fg: cs.color, bg: cs.backgroundColor, red: probe('--cancel') };
      });
      expect(look.border).not.toBe(look.red);
      expect(contrast(look.fg, look.bg)).toBeGreaterThanOrEqual(4.5);
      await notice.screenshot({ path: path.join(ARTIFACTS, `archive-notice-${scheme}.png`) });
    },
  );
});

describe('a week without sessions, on the front door', () => {
  it('says when the next session is, and how many weeks ahead', async () => {
    // Wednesday, Aug 13, 2014: the week runs to Saturday, Aug 16; the CSVs' next session is months ahead.
    const next = days.find((d) => d > '2014-08-16')!;
    const weeks = Math.floor((Date.parse(next) - Date.parse('2014-08-13')) / (7 * 86_400_000));
    expect(weeks).toBeGreaterThan(8);
    const page = await phone('2014-08-13T12:00:00-04:00');
    await page.goto(suite.site.url(''), { waitUntil: 'load' });
    const none = page.locator('[data-this-week] [data-none]');
    await expect.poll(() => none.isVisible()).toBe(true);
    expect(await none.textContent()).toBe(
      `No more sessions this week; the next is on ${spoken(next)}, ${weeks} weeks ahead.`,
    );
    expect(await page.locator('#coming-up').textContent()).toBe('After this week');
    expect(await page.locator('[data-next] [data-list] > li').first().getAttribute('data-date')).toBe(next);
  });

  it('prints no "After this week" heading when nothing follows the week', async () => {
    // Monday of the data's last week: its last sessions are this week, and nothing after.
    const last = days.at(-1)!;
    const monday = new Date(`${last}T12:00:00Z`);
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const page = await phone(`${monday.toISOString().slice(0, 10)}T09:00:00-04:00`);
    await page.goto(suite.site.url(''), { waitUntil: 'load' });
    await expect.poll(() => page.locator('[data-this-week]').isVisible()).toBe(true);
    expect(await page.locator('[data-this-week] li.session').count()).toBeGreaterThan(0);
    expect(await page.locator('#coming-up').isVisible()).toBe(false);
  });
});

describe('without JavaScript, on a phone', () => {
  /** The programs of data/programs/programs.csv (its `program` column), read apart from the code under test. */
  const programs = new Set(
    Papa.parse<Record<string, string>>(readFileSync(path.join(ROOT, 'data/programs/programs.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    })
      .data.map((r) => r.program!.trim())
      .filter(Boolean),
  );

  it("offers no dead filter on the front door, and links every program's sessions and feed", async () => {
    const page = await phone(undefined, false);
    await page.goto(suite.site.url(''));
    expect(await page.locator('form[data-session-filter]').isVisible()).toBe(false);
    const links = page.locator('[data-program-links]');
    expect(await links.isVisible()).toBe(true);
    const listed = await links.locator('li').evaluateAll((lis) =>
      lis.map((li) => {
        const [entry, feed] = [...li.querySelectorAll('a')];
        return { label: entry!.textContent!, entry: entry!.getAttribute('href')!, feed: feed!.getAttribute('href')! };
      }),
    );
    expect(new Set(listed.map((l) => l.label))).toEqual(programs);
    // Each entry is an anchor of the feeds page, and each feed answers and parses with ical.js.
    await page.goto(suite.site.url('infosessions/feeds/'));
    const ids = new Set(await page.locator('[id]').evaluateAll((es) => es.map((e) => e.id)));
    for (const l of listed) {
      expect(l.entry.split('#')[0], l.label).toBe('/infosessions/feeds/');
      expect(ids.has(decodeURIComponent(l.entry.split('#')[1]!)), l.label).toBe(true);
      const res = await page.request.get(suite.site.url(l.feed.slice(1)));
      expect(res.status(), l.feed).toBe(200);
      expect(new ICAL.Component(ICAL.parse(await res.text())).name, l.feed).toBe('vcalendar');
    }
  });

  it.each(['infosessions/2014/02/', 'infosessions/terms/1141/'])(
    "shows no filter on %s, and says where each program's sessions are",
    async (p) => {
      const page = await phone(undefined, false);
      await page.goto(suite.site.url(p));
      expect(await page.locator('form[data-session-filter]').isVisible()).toBe(false);
      const links = page.locator('[data-program-links]');
      expect(await links.isVisible()).toBe(true);
      expect(await links.locator('a[href="/infosessions/feeds/"]').count()).toBe(1);
    },
  );

  it('shows no such note where JavaScript runs', async () => {
    const page = await phone();
    await page.goto(suite.site.url(''), { waitUntil: 'load' });
    await expect.poll(() => page.locator('form[data-session-filter]').isVisible()).toBe(true);
    expect(await page.locator('[data-program-links]').isVisible()).toBe(false);
  });
});
