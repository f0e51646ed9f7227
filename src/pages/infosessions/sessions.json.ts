// The sessions the front door's "coming up" script picks from: the feeds' window, as list items
// (src/core/calendar/pages/upcoming.ts), filled in by the build (src/core/pages/page-fills.ts).
import { fill } from 'virtual:campus/context';

/** Renders infosessions/sessions.json. */
export function GET(): Response {
  return new Response(fill('sessions.json'), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
