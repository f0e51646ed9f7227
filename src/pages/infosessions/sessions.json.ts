// The sessions the front door's "coming up" script picks from: the feeds' window, as list items.
import { context } from 'virtual:campus/context';
import { upcomingWindow } from '../../core/calendar/pages/upcoming.ts';

/** Renders infosessions/sessions.json. */
export function GET(): Response {
  const { feeds, render } = context;
  return new Response(JSON.stringify(upcomingWindow(feeds.all.sessions, render)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
