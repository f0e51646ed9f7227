// The sessions the front door's "coming up" script picks from: the feeds' window, as list items.
import { context } from 'virtual:campus/context';
import { upcomingWindow } from '../../core/calendar/upcoming.ts';

/** Renders infosessions/sessions.json. */
export function GET(): Response {
  const { feeds, address } = context;
  return new Response(JSON.stringify(upcomingWindow(feeds.all.sessions, address.basePath)), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
