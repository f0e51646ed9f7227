import { type Rendering, rendering } from '../../render/output.ts';
import { calendarPaths } from '../../site/paths.ts';
import type { Session } from '../session.ts';
import type { CalendarRenderContext } from './building-link.ts';
import type { ListingPage } from './listing-page.ts';
import { listingPageSources } from './listing-pages.ts';
import { endedAtBuild, type SessionPageView, sessionPageView } from './session-page.ts';

/**
 * One of the calendar's large page sets: a month or term listing (which carries the filter's
 * script) or a session, as its view. The build fills each into the Astro-rendered shell of its
 * kind through its components (src/components/calendar/, src/components/session/); under
 * `astro dev` src/pages/infosessions/[...path].astro renders the same.
 */
export type CalendarPage = { path: string } & (
  | { kind: 'listing'; view: ListingPage }
  | { kind: 'session'; view: SessionPageView }
);

/** A calendar page to make: its kind and folder (`infosessions/2014/01/`), and what it is made of, when asked. */
export type CalendarPageSource = { path: string } & (
  | { kind: 'listing'; parts: Rendering<ListingPage> }
  | { kind: 'session'; parts: Rendering<SessionPageView> }
);

/**
 * Every month (with sessions) and term page, then every session page, each made when asked; session pages name
 * buildings when `ctx.buildings` is given.
 */
export function* calendarPageSources(
  sessions: readonly Session[],
  ctx: CalendarRenderContext,
): Generator<CalendarPageSource> {
  for (const { path, page } of listingPageSources(sessions, ctx)) yield { kind: 'listing', path, parts: page };
  // Exactly what a session page reads of the context: what it is made from names nothing else.
  const own: CalendarRenderContext = { url: ctx.url, basePath: ctx.basePath, buildings: ctx.buildings };
  // A page is made from whether its session had ended at the build, not from the build's time:
  // a new timestamp remakes only the pages of the sessions that ended meanwhile.
  for (const s of sessions) {
    const parts = rendering(sessionPageView, s, own, endedAtBuild(s, ctx));
    yield { kind: 'session', path: calendarPaths.session(s.id), parts };
  }
}

/** Every month (with sessions) and term page, then every session page, one at a time (see calendarPageSources). */
export function* calendarPages(sessions: readonly Session[], ctx: CalendarRenderContext): Generator<CalendarPage> {
  for (const page of calendarPageSources(sessions, ctx))
    yield page.kind === 'session'
      ? { kind: 'session', path: page.path, view: page.parts.make() }
      : { kind: 'listing', path: page.path, view: page.parts.make() };
}
