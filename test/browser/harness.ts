import { mkdir, readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { keyStoreFromEnv } from '../../src/server/keys.ts';
import { createSiteServer } from '../../src/server/server.ts';
import { ROOT } from '../helpers/build.ts';
import { DIRECTORY } from '../helpers/directory.ts';
import { close, listen } from '../helpers/http.ts';
import { rootSite } from '../helpers/sites.ts';

/** Where screenshots go: test artifacts, ignored by git. */
export const ARTIFACTS = path.join(ROOT, 'test-results/screenshots');

/** The two widths every page is checked at: a phone and a desktop. */
export const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1280, height: 900 } } as const;

import { launchBrowser } from './browser.ts';

export { launchBrowser };

/** A built site served on 127.0.0.1 by the project's own server. */
export interface ServedSite {
  origin: string;
  /** The URL of a site path below the base path, e.g. `methods/1103/`. */
  url(sitePath: string): string;
  stop(): Promise<void>;
}

/**
 * Serves a built dist/ (built with SITE_URL's base path `basePath`) on an ephemeral port. The server answers by the
 * directory the build published; data/methods.csv's is its fallback (read alone: loading the whole data cost each
 * suite half a CPU-second).
 */
export async function serveSite(distDir: string, basePath = '/'): Promise<ServedSite> {
  const server: Server = createSiteServer({
    distDir,
    directory: DIRECTORY,
    basePath,
    keys: keyStoreFromEnv({}),
    log: () => {},
  });
  const origin = await listen(server);
  return { origin, url: (p) => `${origin}${basePath}${p.replace(/^\//, '')}`, stop: () => close(server) };
}

/**
 * A new page in a context of its own that records what goes wrong (pageProblems: console errors, failed requests;
 * cspViolations), showing nothing yet.
 */
export async function newTab(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  options: { javaScript?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, javaScriptEnabled: options.javaScript ?? true });
  // Records every Content-Security-Policy violation (init scripts run outside the page's CSP).
  await context.addInitScript(() => {
    const seen: string[] = ((globalThis as unknown as { __csp: string[] }).__csp = []);
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  // A request the page itself cancelled by navigating on (a favicon still loading when a link
  // is followed) is no failure; anything else (refused, reset, blocked) is.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED')
      problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  (page as Page & { problems?: string[] }).problems = problems;
  return page;
}

/** Opens a page (newTab) and waits for it to load; fails on any console error or failed request. */
export async function openPage(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  options: { javaScript?: boolean } = {},
): Promise<Page> {
  const page = await newTab(browser, viewport, options);
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response) throw new Error(`no response for ${url}`);
  return page;
}

/**
 * Makes a page that served a test ready for the next: clears what the shown site keeps in its storage (a remembered
 * filter), leaves the document (so that nothing it still reports counts for the next test) and forgets its problems.
 */
export async function forget(page: Page): Promise<void> {
  // A click of the test before may have started a navigation: its page settles first, or the evaluate below could run
  // in a document being replaced ("Execution context was destroyed").
  await page.waitForLoadState();
  await page.evaluate(() => {
    try {
      localStorage.clear();
      sessionStorage.clear();
    } catch {
      // a document without storage (about:blank)
    }
  });
  await page.goto('about:blank');
  pageProblems(page).length = 0;
}

/** The Content-Security-Policy violations a page opened with openPage reported so far. */
export async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (globalThis as unknown as { __csp?: string[] }).__csp ?? ['the recorder did not run']);
}

/** Problems a page logged since it was opened (console errors, failed requests). */
export function pageProblems(page: Page): string[] {
  return (page as Page & { problems?: string[] }).problems ?? [];
}

const axeSource = readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core on the page (WCAG 2 A and AA rules and best practices), or only on the elements `include` selects;
 * returns the violations.
 */
export async function runAxe(
  page: Page,
  include?: readonly string[],
): Promise<{ id: string; help: string; nodes: string[] }[]> {
  // Evaluated, not added as a script tag: the site's CSP (rightly) refuses inline scripts it does not list. A kept
  // audit tab (keptTab's 'audit') has it already, from its init script: compiled once, not sent to each page.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.evaluate(await axeSource);
  const result = await page.evaluate(async (include) => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; help: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    // resultTypes: only violations are read, so axe details no passes (about a third faster).
    return axe.run(include ? { include: include.map((s) => [s]) } : document, {
      resultTypes: ['violations'],
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
  }, include);
  return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')) }));
}

/** One saved screenshot: where it is, the width and scheme it was taken at, and its bytes. */
export interface Screenshot {
  file: string;
  width: number;
  height: number;
  scheme: 'light' | 'dark';
  png: Buffer;
}

/** What a page looks like to the quality checks at one width: axe violations and sideways overflow. */
export interface PageAudit {
  width: number;
  violations: Awaited<ReturnType<typeof runAxe>>;
  overflow: number;
  /** Content-Security-Policy violations, as the page's event and as the console error Chromium logs. */
  problems: string[];
}

/** Pages kept for reuse, one per browser, purpose and width: a navigation costs less than a new context each time. */
const keptTabs = new WeakMap<Browser, Map<string, Page>>();

/**
 * The browser's kept page for `purpose` at one width (opened with openPage on first use), now showing `url` in the
 * light scheme, made ready first by forget() (what a filter remembers stays with the test that chose it). For tests
 * that need no context of their own: a test that needs one (a fixed clock, touch, another user agent, storage kept
 * across visits) makes it.
 */
export async function keptTab(
  browser: Browser,
  url: string,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
  purpose = 'test',
): Promise<Page> {
  const tabs = keptTabs.get(browser) ?? new Map<string, Page>();
  keptTabs.set(browser, tabs);
  const key = `${purpose} ${viewport.width}x${viewport.height}`;
  const open = tabs.get(key);
  if (!open || open.isClosed()) {
    const page = await newTab(browser, viewport);
    // The audits' tabs run axe-core on every page they show: it comes with each page (runAxe).
    if (purpose === 'audit') await page.context().addInitScript(await axeSource);
    if (!(await page.goto(url, { waitUntil: 'load' }))) throw new Error(`no response for ${url}`);
    tabs.set(key, page);
    return page;
  }
  await forget(open);
  await open.emulateMedia({ colorScheme: 'light' });
  if (!(await open.goto(url, { waitUntil: 'load' }))) throw new Error(`no response for ${url}`);
  return open;
}

/** What an audit runs axe-core on: the whole page, or (for another state of a page kind audited whole) its parts. */
export interface AuditOptions {
  /** Selectors of the parts the state changes: axe runs on them alone (a page kind is audited whole once). */
  axeOn?: readonly string[];
}

/**
 * Loads a page at phone and desktop widths, runs axe-core and measures horizontal overflow at
 * each, and saves full-page screenshots there in the light and the dark scheme under `name`
 * (one page load per width, in a page kept for the audits of that browser); returns the
 * audits and the screenshots.
 */
export async function auditPage(
  browser: Browser,
  url: string,
  name: string,
  options: AuditOptions = {},
): Promise<{ audits: PageAudit[]; screenshots: Screenshot[] }> {
  await mkdir(ARTIFACTS, { recursive: true });
  // The two widths side by side, each in its own kept tab (a context of its own): the waits of one overlap the other.
  const widths = await Promise.all(
    Object.entries(VIEWPORTS).map(([label, viewport]) =>
      auditAtWidth(browser, url, `${name}-${label}`, viewport, options),
    ),
  );
  return { audits: widths.map((w) => w.audit), screenshots: widths.flatMap((w) => w.shots) };
}

/** auditPage at one width: axe, overflow and CSP in the kept audit tab, then its light and dark screenshots. */
async function auditAtWidth(
  browser: Browser,
  url: string,
  name: string,
  viewport: { width: number; height: number },
  options: AuditOptions,
): Promise<{ audit: PageAudit; shots: Screenshot[] }> {
  const page = await keptTab(browser, url, viewport, 'audit');
  const violations = await runAxe(page, options.axeOn);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  const problems = [
    ...(await cspViolations(page)),
    ...pageProblems(page).filter((p) => /Content Security Policy/i.test(p)),
  ];
  const shots: Screenshot[] = [];
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    const file = path.join(ARTIFACTS, `${name}-${scheme}.png`);
    shots.push({ file, ...viewport, scheme, png: await page.screenshot({ path: file, fullPage: true }) });
  }
  return { audit: { width: viewport.width, violations, overflow, problems }, shots };
}

/** The width and height a PNG's header gives, or undefined when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | undefined {
  if (png.length < 24 || !png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return undefined;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/**
 * Audits a page (`auditPage`) and expects what every page of the site owes its visitors: no
 * axe-core violation, no horizontal overflow, no CSP violation at either width, and its four
 * screenshots: PNG files as wide as their viewport, the dark scheme drawn unlike the light.
 */
export async function expectAuditedPage(
  browser: Browser,
  url: string,
  name: string,
  options: AuditOptions = {},
): Promise<void> {
  const { audits, screenshots } = await auditPage(browser, url, name.replace(/\W+/g, '-'), options);
  for (const a of audits) {
    expect(a.violations, `${url} at ${a.width}px`).toEqual([]);
    expect(a.overflow, `horizontal overflow at ${a.width}px`).toBeLessThanOrEqual(0);
    expect(a.problems, `CSP violations of ${url} at ${a.width}px`).toEqual([]);
  }
  expect(screenshots.map((s) => `${s.width} ${s.scheme}`)).toEqual([
    '375 light',
    '375 dark',
    '1280 light',
    '1280 dark',
  ]);
  for (const s of screenshots) {
    const size = pngSize(await readFile(s.file));
    expect(size?.width, `${s.file} is a PNG as wide as its viewport`).toBe(s.width);
    expect(size!.height).toBeGreaterThanOrEqual(s.height);
  }
  for (let i = 0; i < screenshots.length; i += 2)
    expect(
      screenshots[i]!.png.equals(screenshots[i + 1]!.png),
      `${url} looks the same in the dark scheme at ${screenshots[i]!.width}px`,
    ).toBe(false);
}

export { close };

/** A suite's shared build served and one Chromium, with the contexts its tests opened (closed after the suite). */
export interface SuiteBrowser {
  site: ServedSite;
  browser: Browser;
  contexts: BrowserContext[];
}

/** Serves the shared root build and starts Chromium before the suite's tests; closes both, and its contexts, after. */
export function servedRootSite(): SuiteBrowser {
  const suite = { contexts: [] as BrowserContext[] } as SuiteBrowser;
  beforeAll(async () => {
    [suite.site, suite.browser] = await Promise.all([serveSite(rootSite()), launchBrowser()]);
  });
  afterAll(async () => {
    for (const c of suite.contexts) await c.close();
    await suite.browser?.close();
    await suite.site?.stop();
  });
  return suite;
}
