import { filterForm } from '../../src/core/calendar/pages/filter-form.ts';
import type { ListingPage } from '../../src/core/calendar/pages/listing-page.ts';
import { dayView, sessionItemView } from '../../src/core/calendar/pages/session-list.ts';
import { firstDays, type UpcomingWindow, type UpcomingWindowView } from '../../src/core/calendar/pages/upcoming.ts';
import type { Session } from '../../src/core/calendar/session.ts';
import type { RenderContext } from '../../src/core/site/address.ts';
import { sessionsJson } from '../../src/integrations/calendar-json.ts';
import { componentRenderer, importComponent } from '../../src/integrations/component-render.ts';
import { listingPageParts } from '../../src/integrations/page-components.ts';

type Ctx = Pick<RenderContext, 'url' | 'basePath'>;

/** The calendar's lists as a build renders them (their components, src/components/calendar/), as markup. */
export interface CalendarMarkup {
  item(s: Session, ctx: Ctx): string;
  items(sessions: readonly Session[], ctx: Ctx): string;
  filter(sessions: readonly Session[], ctx: Ctx): string;
  day(day: { date: Session['date']; sessions: readonly Session[] }, ctx: Ctx, until?: string): string;
  firstDays(sessions: readonly Session[], ctx: Ctx): string;
  /** A month's or term's body. */
  body(page: ListingPage): string;
  /** infosessions/sessions.json as the build writes it, parsed. */
  window(view: UpcomingWindowView): UpcomingWindow;
}

const component = (name: string) =>
  importComponent(new URL(`../../src/components/calendar/${name}.astro`, import.meta.url));

/** Loads the calendar's components and renders its lists from sessions, as the build does. */
export async function calendarMarkup(): Promise<CalendarMarkup> {
  const render = await componentRenderer();
  const [item, form, day] = await Promise.all(['SessionItem', 'FilterForm', 'DayItem'].map(component));
  const listing = await listingPageParts();
  const items = (sessions: readonly Session[], ctx: Ctx) =>
    sessions.map((s) => render(item!, { item: sessionItemView(s, ctx) })).join('');
  return {
    item: (s, ctx) => items([s], ctx),
    items,
    filter: (sessions, ctx) => render(form!, { form: filterForm(sessions, ctx) }),
    day: (d, ctx, until) => render(day!, { day: dayView(d, ctx, until) }),
    firstDays: (sessions, ctx) =>
      firstDays(sessions, ctx)
        .map((d) => render(day!, { day: d }))
        .join(''),
    body: (page) => listing(page).body,
    window: (view) => JSON.parse(sessionsJson(view, (d) => render(day!, { day: d }))) as UpcomingWindow,
  };
}
