import { describe, expect, it } from 'vitest';
import config from '../../astro.config.mjs';
import { sessionBodyView } from '../../src/core/calendar/pages/session-page.ts';
import { componentRenderer, importComponent } from '../../src/integrations/component-render.ts';
import { sessionPageParts } from '../../src/integrations/page-components.ts';
import { testSession } from '../helpers/session.ts';

describe("the pages' components rendered outside Astro's pipeline", () => {
  it("compile as Astro's build compiles them: whitespace collapsed (compressHTML)", () => {
    // src/integrations/component-hooks.ts compiles with `compact: true`, which is this setting.
    expect(config.compressHTML).toBe(true);
  });

  it('render a session body from its view, every text escaped', async () => {
    const parts = await sessionPageParts();
    const session = testSession({ employer: '<b>A & B</b>', website: 'x.ca', websiteHref: 'https://x.ca/?a=1&b=2' });
    const body = parts.body(sessionBodyView(session, { url: 'https://example.org/', basePath: '/' }));
    expect(body).toContain('<h1>&lt;b&gt;A &amp; B&lt;/b&gt;</h1>');
    expect(body).toContain('<dt>Website</dt><dd><a href="https://x.ca/?a=1&amp;b=2">x.ca</a></dd>');
    expect(body).not.toContain('<b>');
  });

  it('refuse a component that awaits while it renders', async () => {
    const render = await componentRenderer();
    const awaiting = await importComponent(new URL('../fixtures/components/Awaits.astro', import.meta.url));
    expect(() => render(awaiting, {})).toThrow(/awaits while it renders/);
  });
});
