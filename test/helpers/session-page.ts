import type { CalendarRenderContext } from '../../src/core/calendar/pages/building-link.ts';
import { sessionBodyView, sessionHeadView } from '../../src/core/calendar/pages/session-page.ts';
import type { Session } from '../../src/core/calendar/session.ts';
import { type SessionPageParts, sessionPageParts } from '../../src/integrations/page-components.ts';

/** A session page's parts as a build renders them (its components, src/components/session/), as markup. */
export interface RenderedSessionPage {
  body(s: Session, ctx: CalendarRenderContext, ended?: boolean): string;
  head(s: Session, ctx: CalendarRenderContext): string;
  /** The components themselves, rendering a view. */
  view: SessionPageParts;
}

/** Loads the session page's components and renders its head and body from a session, as the build does. */
export async function renderedSessionPage(): Promise<RenderedSessionPage> {
  const parts = await sessionPageParts();
  return {
    body: (s, ctx, ended = false) => parts.body(sessionBodyView(s, ctx, ended)),
    head: (s, ctx) => parts.head(sessionHeadView(s, ctx)),
    view: parts,
  };
}
