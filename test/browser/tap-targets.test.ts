// The site's navigation on a phone: every link a target of 24 × 24 px at least (WCAG 2.5.8, Target Size (Minimum)).
// A new user's trial measured the header's links at 19 px tall at 375 px ("API" 25 × 19, "Data" 38 × 19).
import { describe, expect, it } from 'vitest';
import { openPage, servedRootSite, VIEWPORTS } from './harness.ts';

const suite = servedRootSite();

/** The pages of each kind of header: the sessions', the catalogue's, the data portal's, the exams'. */
const PAGES = ['', 'infosessions/search/', 'api/', 'data/', 'exams/'];

describe.each(Object.entries(VIEWPORTS))('the navigation (%s)', (_, viewport) => {
  it.each(PAGES)('at /%s has no link smaller than 24 × 24 px', async (at) => {
    const page = await openPage(suite.browser, suite.site.url(at), viewport);
    try {
      const links = await page.locator('header a').evaluateAll((els) =>
        els.map((a) => {
          const box = a.getBoundingClientRect();
          return { text: a.textContent?.trim(), width: Math.round(box.width), height: Math.round(box.height) };
        }),
      );
      expect(links.length).toBeGreaterThan(3);
      expect(links.filter((l) => l.width < 24 || l.height < 24)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
