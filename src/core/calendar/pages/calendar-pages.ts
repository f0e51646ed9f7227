import type { BuildingLookup } from '../../buildings/location.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths } from '../../site/paths.ts';
import type { Session } from '../session.ts';
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

/** Every month and term page, then every session page (its location linked to its building by `building`), one at a time. */
export function* calendarPages(sessions: readonly Session[], ctx: Pick<RenderContext, 'url' | 'basePath'>, building?: BuildingLookup): Generator<CalendarPage> {
  for (const page of listingPages(sessions, ctx)) yield { kind: 'listing', ...page };
  for (const s of sessions) {
    yield { kind: 'session', path: calendarPaths.session(s.id), title: sessionTitle(s), summary: sessionSummary(s), body: sessionBody(s, ctx, building) };
  }
}
