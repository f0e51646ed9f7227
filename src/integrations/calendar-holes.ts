// Fills the holes of the calendar's single pages (page-holes.ts) in a build: each by the component
// the page renders there under `astro dev`, from the view core makes of the sessions.
import { escape as escapeHtml } from 'html-escaper';
import { sessionsJson } from './calendar-json.ts';
import type { CalendarViews } from './calendar-views.ts';
import { componentRenderer, importComponent, type RenderComponent } from './component-render.ts';
import { HOLE_PATTERN, type HoleName } from './page-holes.ts';

/** The components the holes are rendered with. */
const COMPONENTS = {
  filter: 'FilterForm',
  list: 'FrontList',
  terms: 'TermLinks',
  cards: 'TermCards',
  feeds: 'FeedsBody',
  day: 'DayItem',
} as const;
type Components = Record<keyof typeof COMPONENTS, Awaited<ReturnType<typeof importComponent>>>;

/** Each hole's markup (or, for sessions.json, the file's text), from the views. */
function holeFillers(render: RenderComponent, c: Components): Record<HoleName, (v: CalendarViews) => string> {
  return {
    'front.filter': (v) => render(c.filter, { form: v.front().filter }),
    'front.list': (v) => render(c.list, { list: v.front().list }),
    'front.terms': (v) => render(c.terms, { terms: v.front().terms }),
    'calendar.lead': (v) => escapeHtml(v.index().lead),
    'calendar.terms': (v) => render(c.cards, { terms: v.index().terms, archive: v.index().archive }),
    'feeds.body': (v) => render(c.feeds, { feeds: v.feeds() }),
    'sessions.json': (v) => sessionsJson(v.window(), (day) => render(c.day, { day })),
  };
}

/** Fills every hole of a page's text; undefined when it holds none. */
export type FillHoles = (text: string, views: CalendarViews) => string | undefined;

/** The filler of the calendar pages' holes, its components loaded (once per process). */
export async function calendarHoles(): Promise<FillHoles> {
  const render = await componentRenderer();
  const entries = await Promise.all(
    Object.entries(COMPONENTS).map(
      async ([key, name]) =>
        [key, await importComponent(new URL(`../components/calendar/${name}.astro`, import.meta.url))] as const,
    ),
  );
  const fillers = holeFillers(render, Object.fromEntries(entries) as Components);
  return (text, views) => {
    if (!text.includes('&@HOLE:')) return undefined;
    return text.replace(HOLE_PATTERN, (_, name: string) => {
      const fill = fillers[name as HoleName];
      if (!fill)
        throw new Error(`a page holds the hole "${name}", which src/integrations/calendar-holes.ts does not fill`);
      return fill(views);
    });
  };
}
