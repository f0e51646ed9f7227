import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSite } from '../helpers/sites.ts';
import { launchBrowser, openPage, type ServedSite, serveSite } from './harness.ts';

// Every page of the built site, at the widths of a small phone, a phone and a tablet: nothing
// wider than the screen, and no axe-core violation. Affordable: one browser, two tabs reused;
// each page loaded once and measured at each width by resizing; axe injected once per page,
// all its WCAG 2.1 A/AA and best-practice rules at 375 px, and at 320 and 768 px the rules a
// width can change (target size, scrollable regions).
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ALL_RULES = { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] };
const WIDTH_RULES = { type: 'rule', values: ['target-size', 'scrollable-region-focusable'] };
const WIDTHS = [320, 375, 768] as const;
let site: ServedSite;
let browser: Browser;

beforeAll(async () => {
  [site, browser] = await Promise.all([serveSite(rootSite()), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** Every HTML page of the build, as site paths below the base (`methods/1217/`). */
async function sitePages(dir: string, rel = ''): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    const p = path.posix.join(rel, e.name);
    if (e.isDirectory()) out.push(...(await sitePages(dir, p)));
    else if (e.name === 'index.html') out.push(rel ? `${rel}/` : '');
  }
  return out;
}

/** What is wrong with one page at each width: sideways overflow and axe's violations. */
async function audit(page: Page, url: string): Promise<string[]> {
  const problems: string[] = [];
  await page.goto(url, { waitUntil: 'load' });
  await page.evaluate(await axeSource);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) problems.push(`${url} at ${width}px: ${overflow}px wider than the screen`);
    const rules = width === 375 ? ALL_RULES : WIDTH_RULES;
    const violations = await page.evaluate(async (runOnly) => {
      type Axe = {
        run: (c: unknown, o: unknown) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
      };
      const { violations } = await (globalThis as unknown as { axe: Axe }).axe.run(document, {
        resultTypes: ['violations'],
        runOnly,
      });
      return violations.map(
        (v) =>
          `${v.id} at ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
      );
    }, rules);
    for (const v of violations) problems.push(`${url} at ${width}px: ${v}`);
  }
  return problems;
}

/**
 * A data set's paged list (`data/<set>/page/N/`, 100 rows a page, hundreds of pages of one template): its second
 * page stands for the others, which differ only in their rows (each table's first page is its own page).
 */
function isLaterListPage(page: string): boolean {
  const n = /\/page\/(\d+)\/?$/.exec(page)?.[1];
  return page.startsWith('data/') && n !== undefined && Number(n) > 2;
}

/**
 * Of the exam terms' pages (`exams/<term>/`, one template, about 900 sittings each: axe takes some 20 s a width on
 * one), the first two stand for the others.
 */
function withTwoExamTerms(pages: string[]): string[] {
  const terms = pages.filter((p) => /^exams\/\d+\/?$/.test(p)).sort();
  return pages.filter((p) => !terms.slice(2).includes(p));
}

/**
 * Every page when CAMPUS_TEST_EVERY_PAGE is set (CI sets it: about 680 pages, minutes; of the data sets' paged
 * lists, the first two pages of each table: isLaterListPage); else, so
 * that `npm test` answers in reasonable time, each kind of page (its first folder and depth:
 * a session, a month, a building, a method, …) by its largest, where long words, wide tables
 * and many links are likeliest to widen it or crowd its targets. An ordinary page of each kind
 * is audited at 375 and 1280 px by the screenshot audits (calendar, catalogue and student suites).
 */
async function pagesToAudit(dir: string): Promise<string[]> {
  const pages = await sitePages(dir);
  if (process.env.CAMPUS_TEST_EVERY_PAGE) return withTwoExamTerms(pages.filter((p) => !isLaterListPage(p)));
  const kinds = new Map<string, { path: string; bytes: number }[]>();
  for (const p of pages) {
    const kind = `${p.split('/')[0]}:${p.split('/').length}`;
    const bytes = (await stat(path.join(dir, p, 'index.html'))).size;
    kinds.set(kind, [...(kinds.get(kind) ?? []), { path: p, bytes }]);
  }
  return [...kinds.values()].map((list) => list.reduce((a, b) => (b.bytes > a.bytes ? b : a)).path);
}

describe('every page of the built site', () => {
  it('fits 320, 375 and 768 px screens and has no axe-core violation', { timeout: 1_800_000 }, async () => {
    const all = (await sitePages(rootSite())).length;
    expect(all).toBeGreaterThan(600);
    const pages = await pagesToAudit(rootSite());
    const started = Date.now();
    const queue = pages.map((p) => site.url(p));
    const problems: string[] = [];
    const tab = async () => {
      const page = await openPage(browser, site.url(''), { width: 375, height: 800 });
      for (let url = queue.pop(); url !== undefined; url = queue.pop()) problems.push(...(await audit(page, url)));
    };
    await Promise.all([tab(), tab()]);
    console.log(
      `audited ${pages.length} of ${all} pages × ${WIDTHS.length} widths ` +
        `in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    );
    expect(problems).toEqual([]);
  });
});
