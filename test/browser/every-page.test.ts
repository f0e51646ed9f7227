import { readdir, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootSite } from '../helpers/sites.ts';
import { launchBrowser, openPage, type ServedSite, serveSite } from './harness.ts';

// Every page of the built site, at the widths of a small phone, a phone and a tablet: nothing
// wider than the screen, and no axe-core violation. Affordable: three tabs reused; each
// page loaded once and measured at each width by resizing. Each kind of page (a template: its first
// folder and depth) is audited in full by its largest, smallest and first page: all of axe's WCAG 2.1
// A/AA and best-practice rules at 375 px, and at 320 and 768 px the rules a width can change (target
// size, scrollable regions); those tabs load axe by their init script (compiled once, not sent to each
// page). Every other page, which differs from those only in its data, gets the overflow check at each
// width from tabs without axe (parsing axe's 500 KB on each page was most of such a page's time), in a Chromium of
// their own that draws nothing (LAYOUT_ONLY_ARGS, test/browser/browser.ts: the widths are read, not looked at). With
// CAMPUS_TEST_EVERY_PAGE they also get the axe rules their data can break (CONTENT_RULES): that took
// 347 to 360 s in CI, twice the whole suite's budget, so npm test leaves it out.
const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const ALL_RULES = { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] };
const WIDTH_RULES = { type: 'rule', values: ['target-size', 'scrollable-region-focusable'] };
/** The rules whose outcome a page's data can change under one template: ids, names of links and controls, lists. */
const CONTENT_RULES = {
  type: 'rule',
  values: [
    'duplicate-id-aria',
    'link-name',
    'button-name',
    'image-alt',
    'empty-heading',
    'empty-table-header',
    'list',
    'listitem',
    'definition-list',
    'dlitem',
    'landmark-unique',
    'page-has-heading-one',
    'document-title',
  ],
};
const WIDTHS = [320, 375, 768] as const;
/** Whether the pages audited by the overflow check alone get CONTENT_RULES too (a slow opt-in: see above). */
const every = Boolean(process.env.CAMPUS_TEST_EVERY_PAGE);
let site: ServedSite;
let browser: Browser;
/** Where the overflow checks run: a Chromium that lays pages out and draws nothing (no axe: audits draw). */
let layoutBrowser: Browser;

beforeAll(async () => {
  [site, browser, layoutBrowser] = await Promise.all([
    serveSite(rootSite()),
    launchBrowser(),
    launchBrowser({ layoutOnly: true }),
  ]);
});
afterAll(async () => {
  await layoutBrowser?.close();
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

/** axe's violations of `rules` on the page as it is now, one line each. */
function axeViolations(page: Page, rules: typeof ALL_RULES): Promise<string[]> {
  return page.evaluate(async (runOnly) => {
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
}

/**
 * What is wrong with one page at each width: sideways overflow, and axe's violations: all rules when `full`, the
 * content rules at 375 px with CAMPUS_TEST_EVERY_PAGE, none else.
 */
async function audit(page: Page, url: string, full: boolean): Promise<string[]> {
  const problems: string[] = [];
  await page.goto(url, { waitUntil: 'load' });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    if (overflow > 0) problems.push(`${url} at ${width}px: ${overflow}px wider than the screen`);
    const rules = full ? (width === 375 ? ALL_RULES : WIDTH_RULES) : every && width === 375 ? CONTENT_RULES : undefined;
    for (const v of rules ? await axeViolations(page, rules) : []) problems.push(`${url} at ${width}px: ${v}`);
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
 * Of the exam terms' pages (`exams/<term>/`, one template, about 900 sittings each: axe takes some 10 to 30 s a page on
 * one), the first stands for the others here; exam-tasks.test.ts audits another (1139) in full at 375 and 1280 px.
 */
function withOneExamTerm(pages: string[]): string[] {
  const terms = pages.filter((p) => /^exams\/\d+\/?$/.test(p)).sort();
  return pages.filter((p) => !terms.slice(1).includes(p));
}

/**
 * The pages to audit, each with whether in full: each kind of page (its first folder and depth: a session, a month,
 * a building, a method, …) by its largest (where long words, wide tables and many links are likeliest to widen it
 * or crowd its targets), its smallest (an empty list) and its first, in full (27 pages); every other page
 * (about 640) by the overflow check (and the content rules with CAMPUS_TEST_EVERY_PAGE), except a data set's later list
 * pages (isLaterListPage). An ordinary page of each kind is also audited at 375 and 1280 px by the screenshot audits
 * (calendar, catalogue and student suites).
 */
async function pagesToAudit(dir: string): Promise<{ path: string; full: boolean }[]> {
  const pages = withOneExamTerm((await sitePages(dir)).filter((p) => !isLaterListPage(p)));
  const kinds = new Map<string, { path: string; bytes: number }[]>();
  for (const p of pages) {
    const kind = `${p.split('/')[0]}:${p.split('/').length}`;
    const bytes = (await stat(path.join(dir, p, 'index.html'))).size;
    kinds.set(kind, [...(kinds.get(kind) ?? []), { path: p, bytes }]);
  }
  const full = new Set<string>();
  for (const list of kinds.values()) {
    const bySize = [...list].sort((a, b) => a.bytes - b.bytes);
    for (const p of [bySize.at(-1), bySize[0], list[0]]) if (p) full.add(p.path);
  }
  const rest = pages.filter((p) => !full.has(p));
  return [...[...full].map((p) => ({ path: p, full: true })), ...rest.map((p) => ({ path: p, full: false }))];
}

describe('every page of the built site', () => {
  it('fits 320, 375 and 768 px screens and has no axe-core violation', { timeout: 1_800_000 }, async () => {
    const all = (await sitePages(rootSite())).length;
    expect(all).toBeGreaterThan(600);
    const pages = await pagesToAudit(rootSite());
    const started = Date.now();
    let fullDone: number | undefined; // when the first page past the full audits was taken: how long they took
    const queue = [...pages].reverse(); // the full audits first: each tab takes the next page when it is done
    const problems: string[] = [];
    const script = await axeSource;
    const tab = async () => {
      const axeTab = await openPage(browser, site.url(''), { width: 375, height: 800 });
      await axeTab.context().addInitScript(script);
      let plainTab: Page | undefined; // opened at the first page that needs no axe
      for (let p = queue.pop(); p !== undefined; p = queue.pop()) {
        const needsAxe = p.full || every;
        fullDone ??= p.full ? undefined : Date.now();
        if (!needsAxe) plainTab ??= await openPage(layoutBrowser, site.url(''), { width: 375, height: 800 });
        problems.push(...(await audit(needsAxe ? axeTab : (plainTab as Page), site.url(p.path), p.full)));
      }
    };
    await Promise.all([tab(), tab(), tab()]);
    console.log(
      `audited ${pages.length} of ${all} pages (${pages.filter((p) => p.full).length} in full) ` +
        `× ${WIDTHS.length} widths ` +
        `in ${((Date.now() - started) / 1000).toFixed(0)} s, ` +
        `the full audits ${(((fullDone ?? Date.now()) - started) / 1000).toFixed(0)} s of it`,
    );
    expect(problems).toEqual([]);
  });
});
