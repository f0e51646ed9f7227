import { calendarPaths } from '../../site/paths.ts';
import type { Session } from '../session.ts';
import type { CalendarRenderContext } from './building-link.ts';
import { listingPages } from './listing-pages.ts';
import type { ShellParts } from './page-shell.ts';
import { sessionBody, sessionSummary, sessionTitle } from './session-page.ts';

/**
 * One of the calendar's large page sets: a month or term listing (which carries the filter's
 * script) or a session. The build fills each into the Astro-rendered shell of its kind;
 * under `astro dev` src/pages/infosessions/[...path].astro renders the same parts.
 */
export interface CalendarPage extends ShellParts {
  kind: 'listing' | 'session';
  /** Site-relative folder of the page: `infosessions/2014/01/`. */
  path: string;
}

/** Every month (with sessions) and term page, then every session page, one at a time; session pages name buildings when `ctx.buildings` is given. */
export function* calendarPages(sessions: readonly Session[], ctx: CalendarRenderContext): Generator<CalendarPage> {
  for (const page of listingPages(sessions, ctx)) yield { kind: 'listing', ...page };
  for (const s of sessions) {
    yield { kind: 'session', path: calendarPaths.session(s.id), title: sessionTitle(s), summary: sessionSummary(s), body: sessionBody(s, ctx) };
  }
}
