import { readFileSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { inlineScripts, scriptFiles } from '../../src/core/site/csp-policy.ts';
import { listTree } from '../helpers/build.ts';
import { DIRECTORY } from '../helpers/directory.ts';
import { crawlInternalLinks } from '../helpers/site-crawl.ts';
import { BASE_PATH, basedSite, rootSite } from '../helpers/sites.ts';

// What a visitor gets from the built pages that needs no browser: the HTML as served (what a
// browser without JavaScript shows), its links and its weight. Read from the shared builds of
// the real data; the browser suites (test/browser) keep what needs layout, scripts or axe-core.

/** Every file below a built site, as site paths. */
async function siteFiles(dist: string): Promise<string[]> {
  return listTree(dist);
}

/** The document of a built page (a folder's index.html), parsed by linkedom. */
async function page(dist: string, sitePath: string): Promise<Document> {
  return parseHTML(await readFile(path.join(dist, sitePath, 'index.html'), 'utf8')).document;
}

/** Trimmed text content of the first element matching `selector`, or undefined. */
const text = (doc: Document | Element, selector: string) => doc.querySelector(selector)?.textContent?.trim();

describe('a cancelled session', () => {
  it('is struck through and labelled on its page, without the marker in the name', async () => {
    const doc = await page(rootSite(), 'infosessions/2414/');
    expect(text(doc, 'h1 s')).toBe('The Jonah Group');
    expect(text(doc, 'main')).toContain('This session was cancelled.');
    expect(text(doc, 'h1')).not.toMatch(/cancell?ed/i);
    expect(doc.querySelectorAll('.add-calendar'), 'a cancelled session offers no "Add to calendar"').toHaveLength(0);
    expect(
      (await page(rootSite(), 'infosessions/2116/')).querySelectorAll('.add-calendar a'),
      'as a session that is on does',
    ).toHaveLength(3);
  });

  it('is struck through in its month, as is every other cancelled session of it and no other', async () => {
    const data = JSON.parse(await readFile(rootSite('v2/resources/infosessions.json'), 'utf8')).data as {
      employer: string;
      date: string;
    }[];
    const cancelled = data.filter(
      (r) => r.date.startsWith('February') && r.date.endsWith('2014') && /cancell?ed/i.test(r.employer),
    );
    const doc = await page(rootSite(), 'infosessions/2014/02/');
    const struck = [...doc.querySelectorAll('li.session.cancelled s a')].map((a) => a.textContent!);
    expect(struck).toContain('The Jonah Group');
    expect(struck).toHaveLength(cancelled.length);
    expect(doc.querySelectorAll('li.session s')).toHaveLength(cancelled.length);
    for (const name of struck) expect(name).not.toMatch(/cancel/i);
  });
});

describe('a session without a room or of another kind', () => {
  it('shows a placeholder location as "to be announced"', async () => {
    expect(text(await page(rootSite(), 'infosessions/2116/'), 'main')).toContain('Location to be announced');
  });

  it('labels a career fair as what it is', async () => {
    const doc = await page(rootSite(), 'infosessions/terms/1139/');
    const fair = [...doc.querySelectorAll('li.session')].filter((li) => li.textContent!.includes('P4E Career Fair'));
    expect(fair).toHaveLength(1);
    expect(text(fair[0]!, '.tag.kind')).toBe('career fair');
  });
});

describe('without JavaScript', () => {
  it('lists every session of every month, none hidden, and hides the filter form', async () => {
    const months = (await siteFiles(rootSite())).filter((f) => /^infosessions\/\d{4}\/\d{2}\/index\.html$/.test(f));
    const data = JSON.parse(await readFile(rootSite('v2/resources/infosessions.json'), 'utf8')).data as {
      date: string;
    }[];
    // A page for every month with sessions, none for a month without (the pagers skip those).
    expect(months.length).toBe(new Set(data.map((d) => /^(\w+) \d+, (\d{4})$/.exec(d.date)!.slice(1).join(' '))).size);
    let listed = 0;
    for (const f of months) {
      const doc = await page(rootSite(), path.dirname(f));
      const sessions = [...doc.querySelectorAll('li.session')];
      listed += sessions.length + doc.querySelectorAll('li.all-day').length;
      expect(
        sessions.filter((li) => li.closest('[hidden], .filtered-out')),
        f,
      ).toEqual([]);
      if (sessions.length > 0)
        expect(doc.querySelector('form[data-session-filter]')?.hasAttribute('hidden'), f).toBe(true);
    }
    expect(listed).toBe(data.length);
    expect((await page(rootSite(), 'infosessions/2014/01/')).querySelectorAll('li.session')).toHaveLength(67);
  });

  it('keeps [hidden] elements hidden whatever display a rule gives them', async () => {
    const css = (await siteFiles(rootSite())).filter((f) => f.endsWith('.css'));
    expect(css.length).toBeGreaterThan(0);
    const rules = (await Promise.all(css.map((f) => readFile(rootSite(f), 'utf8')))).join('\n');
    // But for the forms a script shows at start, laid out from the first paint where scripts run (html.js): with
    // JavaScript off (no html.js) those stay hidden too.
    const rule = /\[hidden\](?::not\(([^{]*)\))?\s*\{\s*display:\s*none\s*!important;?\s*\}/.exec(rules);
    expect(rule).not.toBeNull();
    const shownByScripts = (rule![1] ?? '').split(/,(?![^(]*\))/);
    for (const selector of shownByScripts) expect(selector).toMatch(/^\.js[ :]/);
  });

  it('says on the front door that nothing is coming up; names the newest term, its end, its last days', async () => {
    // Built with SOURCE_DATE_EPOCH in 2023: every session of the data (to 2015) had ended.
    const doc = await page(rootSite(), '');
    expect(text(doc, '#coming-up')).toBe('No sessions coming up');
    expect(text(doc, '[data-next] [data-note]')).toBe(
      'Winter 2015, the newest term with sessions, ended on Tue, Mar 17, 2015. Its last sessions:',
    );
    const days = [...doc.querySelectorAll('[data-next] [data-list] > li')] as HTMLElement[];
    expect(days.at(-1)?.dataset.date).toBe('2015-03-17');
    for (const day of days) expect(day.querySelector('h3 .tag.past')?.textContent, day.dataset.date).toBe('Past');
    expect((doc.querySelector('[data-this-week]') as HTMLElement).hidden, 'no "This week" without one').toBe(true);
    const api = [...doc.querySelectorAll('main a')]
      .find((a) => a.textContent === 'the method directory')
      ?.getAttribute('href');
    expect(api).toBe('/api/');
    expect(text(await page(rootSite(), api!), 'h1')).toBe('Campus API v2: method directory');
  });

  it('shows each catalogue page with one h1 and its content', async () => {
    const pages = ['', ...(await readdir(basedSite('methods'))).map((m) => `methods/${m}/`)];
    expect(pages.length).toBe(DIRECTORY.length + 1);
    for (const p of pages) {
      const doc = await page(basedSite(), p);
      expect(doc.querySelectorAll('h1'), p).toHaveLength(1);
      expect(text(doc, 'main')!.length, p).toBeGreaterThan(200);
    }
  });
});

describe("the catalogue's method pages", () => {
  it('say plainly that a listed-only method publishes no data, and where its files would be', async () => {
    const main = text(await page(basedSite(), 'methods/1171/'), 'main');
    expect(main).toContain('No data is published for this method.');
    expect(main).toContain('/courses/{department}/{number}/schedule.{format}');
  });

  it('show the no-data answer of a method without data, and why (printers: withdrawn)', async () => {
    const main = text(await page(basedSite(), 'methods/1123/'), 'main');
    expect(main).toContain('the data owner withdrew the printer list');
    expect(main).toContain('"status":204');
  });
});

describe.each([
  ['a SITE_URL carrying a path', basedSite, BASE_PATH, 'https://example.github.io'],
  ['the default SITE_URL', rootSite, '/', 'http://localhost:3000'],
])('a build for %s', (_, dist, basePath, origin) => {
  it('has no broken internal link, one h1 per page, and every page reached from the front door', async () => {
    const crawl = await crawlInternalLinks(dist(), origin, basePath);
    expect(crawl.pages).toBeGreaterThanOrEqual(DIRECTORY.length + 2);
    expect(crawl.checked).toBeGreaterThan(150);
    expect(crawl.broken).toEqual([]);
    for (const [p, count] of crawl.h1) expect(count, p).toBe(1);
    // Every page is found by following links from the front door (the data sets' tables once were not).
    expect(crawl.unreached).toEqual([]);
  });
});

describe('weight', () => {
  // 71 KB since issue 21 (it was 60 KB): the site's one inline script now holds live counts,
  // remembered filters and links that carry them, the platform's subscribe order, the past marked
  // by the visitor's clock, the building filter and search highlighting; and the audience chips.
  it('keeps the busiest month of the real data under 71 KB of HTML', async () => {
    const months = (await siteFiles(rootSite())).filter((f) => /^infosessions\/\d{4}\/\d{2}\/index\.html$/.test(f));
    const sizes = months.map((f) => ({
      f,
      bytes: statSync(rootSite(f)).size,
      sessions: (readFileSync(rootSite(f), 'utf8').match(/class="session/g) ?? []).length,
    }));
    const busiest = sizes.sort((a, b) => b.sessions - a.sessions)[0]!;
    expect(busiest.sessions).toBeGreaterThan(50);
    // 72.6 KB since the filter folds to one line and offers the closest program (issue 36).
    expect(busiest.bytes).toBeLessThan(76 * 1024);
  });

  // Session pages are most of the site (10,000 of its pages at the bench's size), so each carries
  // only the script its markup uses (src/scripts/session-page.ts: 4.0 KB with the directions link chosen by
  // platform, a median page 8.4 KB), not the listings' (18 KB, which made a median session page 26 KB).
  it("keeps the median session page of the real data under 10 KB, and every one's script under 4.5 KB", async () => {
    const files = (await siteFiles(rootSite())).filter((f) => /^infosessions\/\d+\/index\.html$/.test(f));
    const pages = files.map((f) => readFileSync(rootSite(f), 'utf8'));
    const sessions = pages.filter((html) => html.includes('class="session-page"'));
    expect(sessions.length).toBeGreaterThan(300);
    const sizes = sessions.map((html) => Buffer.byteLength(html)).sort((a, b) => a - b);
    expect(sizes[Math.floor(sizes.length / 2)]).toBeLessThan(10 * 1024);
    for (const html of sessions) {
      expect(scriptFiles(html), 'the CSP allows inline scripts only').toEqual([]);
      // The head's marker that scripts run (html.js: src/layouts/Base.astro), then the page's own.
      const [marker, ...own] = inlineScripts(html);
      expect(marker).toContain("document.documentElement.classList.add('js')");
      expect(own).toHaveLength(1);
      expect(Buffer.byteLength(own[0]!)).toBeLessThan(4.5 * 1024);
    }
  });

  it("keeps the whole site's scripts under 20 KB gzipped", async () => {
    const scripts = new Set<string>();
    for (const f of await siteFiles(rootSite())) {
      if (f.endsWith('.js')) scripts.add(readFileSync(rootSite(f), 'utf8'));
      // Scripts that run: a session page's JSON-LD is data, not code.
      if (f.endsWith('.html'))
        for (const m of readFileSync(rootSite(f), 'utf8').matchAll(
          /<script\b(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
        ))
          if (m[1]!.trim()) scripts.add(m[1]!);
    }
    const gzipped = [...scripts].reduce((n, t) => n + gzipSync(t).length, 0);
    expect(scripts.size).toBeGreaterThan(0);
    expect(gzipped).toBeLessThan(20 * 1024);
  });
});

describe('session counts', () => {
  it('agree on the terms list, front door, each term and month page: holidays are notes, never counted', async () => {
    const page = async (p: string) => parseHTML(await readFile(rootSite(p), 'utf8')).document;
    const count = (text: string | null | undefined) => Number(/(\d+) sessions?/.exec(text ?? '')?.[1]);
    const terms = await page('infosessions/index.html');
    const front = await page('index.html');
    let total = 0;
    const cards = [...terms.querySelectorAll('section.term-card')];
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) {
      const link = card.querySelector('h2 a')!;
      const n = count(card.querySelector('p.muted')!.textContent);
      total += n;
      const termPage = await page(`${link.getAttribute('href')!.replace(/^\//, '')}index.html`);
      expect(count(termPage.querySelector('p.lead')!.textContent), link.textContent!).toBe(n);
      const onFront = [...front.querySelectorAll('li')].find(
        (li) => li.querySelector('a')?.textContent === link.textContent,
      );
      expect(count(onFront?.textContent), `front door: ${link.textContent}`).toBe(n);
      for (const month of card.querySelectorAll('li')) {
        const monthPage = await page(`${month.querySelector('a')!.getAttribute('href')!.replace(/^\//, '')}index.html`);
        const m = Number(/\((\d+)\)/.exec(month.textContent!)![1]);
        expect(count(monthPage.querySelector('p.lead')!.textContent), month.textContent!).toBe(m);
      }
    }
    expect(count(terms.querySelector('p.lead')!.textContent)).toBe(total);
  });
});

describe('the exam pages', () => {
  it('name themselves, not the sessions, and say where the exam schedule comes from', async () => {
    for (const sitePath of ['exams/', 'exams/1139/']) {
      const doc = await page(rootSite(), sitePath);
      expect(text(doc, 'title'), sitePath).toMatch(/^Final exams.* · Campus exams$/);
      expect(text(doc, 'header .brand'), sitePath).toBe('Campus exams');
      expect(doc.querySelector('header .brand')!.getAttribute('href'), sitePath).toBe('/exams/');
      const footer = text(doc, 'footer')!.replace(/\s+/g, ' ');
      expect(footer, sitePath).toMatch(/^The Registrar's Office's final exam schedules, one file per term, from /);
      expect(footer, sitePath).not.toContain('information sessions');
      // Built in 2023 (SOURCE_DATE_EPOCH), the schedules ending in 2019 are older than their source's promise.
      expect(text(doc, '.archive-notice')?.replace(/\s+/g, ' '), sitePath).toMatch(
        /^Not current: the exam schedules here are an archive ending in Fall 2019 /,
      );
      expect(doc.querySelector('footer a')!.getAttribute('href'), sitePath).toBe(
        'https://github.com/uWaterloo/Datasets/tree/9259aca/ExamSchedule',
      );
    }
    // The sessions' pages keep their own name.
    expect(text(await page(rootSite(), 'buildings/PAC/'), 'header .brand')).toBe('Campus info sessions');
  });
});

describe('the site navigation', () => {
  it('leads to every part of the site on every kind of page, and marks the part the page is in', async () => {
    const parts: [string, string][] = [
      ['', 'Sessions'],
      ['infosessions/', 'All terms'],
      ['infosessions/search/', 'Search'],
      ['infosessions/feeds/', 'Feeds'],
      ['exams/', 'Exams'],
      ['exams/1139/', 'Exams'],
      ['buildings/', 'Buildings'],
      ['api/', 'API'],
      ['data/', 'Data'],
      ['infosessions/2014/01/', 'All terms'],
      ['methods/1103/', 'API'],
    ];
    for (const [sitePath, current] of parts) {
      const doc = await page(rootSite(), sitePath);
      const links = [...doc.querySelectorAll('header nav a')];
      expect(
        links.map((a) => a.textContent!.trim()),
        sitePath,
      ).toEqual(['Sessions', 'All terms', 'Search', 'Feeds', 'Exams', 'Buildings', 'API', 'Data']);
      expect(
        links.filter((a) => a.getAttribute('aria-current') === 'page').map((a) => a.textContent!.trim()),
        sitePath,
      ).toEqual([current]);
    }
  });
});
