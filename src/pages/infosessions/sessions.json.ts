// The sessions the front door's "coming up" script picks from: the feeds' window, each day as the
// front door lists it (src/components/calendar/DayItem.astro). Under `astro dev` rendered here; in a
// build a hole the build fills with the same component (src/integrations/calendar-holes.ts).

import { calendarViews } from 'virtual:campus/context';
import { experimental_AstroContainer } from 'astro/container';
// @ts-expect-error: tsc has no types for .astro modules (Vite compiles them; `astro check` types them).
import DayItem from '../../components/calendar/DayItem.astro';
import { sessionsJson } from '../../integrations/calendar-json.ts';
import { holeMarker } from '../../integrations/page-holes.ts';

/** Renders infosessions/sessions.json. */
export async function GET(): Promise<Response> {
  const views = calendarViews();
  let text = holeMarker('sessions.json');
  if (views) {
    const container = await experimental_AstroContainer.create();
    const days = new Map<object, string>();
    for (const d of views.window().days) {
      days.set(d.day, await container.renderToString(DayItem, { props: { day: d.day } }));
    }
    text = sessionsJson(views.window(), (day) => days.get(day)!);
  }
  return new Response(text, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
