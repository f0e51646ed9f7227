import { type Rendering, rendering } from '../../render/output.ts';
import { calendarPaths } from '../../site/paths.ts';
import type { Session } from '../session.ts';
import type { CalendarRenderContext } from './building-link.ts';
import { listingPageSources } from './listing-pages.ts';
import type { ShellParts } from './page-shell.ts';
import { endedAtBuild, sessionBody, sessionHead, sessionSummary, sessionTitle } from './session-page.ts';

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

/** A calendar page to make: its kind and folder, and its parts, made when asked from what they are made from. */
export interface CalendarPageSource {
  kind: CalendarPage['kind'];
  path: string;
  parts: Rendering<ShellParts>;
}

/** A session page's parts: title, summary, head and body; `ended`: whether it had ended at the build. */
function sessionParts(s: Session, ctx: CalendarRenderContext, ended: boolean): ShellParts {
  return {
    title: sessionTitle(s),
    summary: sessionSummary(s),
    head: sessionHead(s, ctx),
    body: sessionBody(s, ctx, ended),
  };
}

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
    const parts = rendering(sessionParts, s, own, endedAtBuild(s, ctx));
    yield { kind: 'session', path: calendarPaths.session(s.id), parts };
  }
}

/** Every month (with sessions) and term page, then every session page, one at a time (see calendarPageSources). */
export function* calendarPages(sessions: readonly Session[], ctx: CalendarRenderContext): Generator<CalendarPage> {
  for (const page of calendarPageSources(sessions, ctx))
    yield { kind: page.kind, path: page.path, ...page.parts.make() };
}
