import { html, type SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { monthLabel, monthSlug, monthsWithin, termsWithin } from '../calendar.ts';
import type { Session } from '../session.ts';
import { filterForm } from './filter-form.ts';
import { sessionItems } from './session-list.ts';
import { UPCOMING_SHOWN } from './upcoming.ts';

/**
 * The data-dependent parts of the calendar's front door (infosessions/): the build fills them
 * into the page Astro renders around them, so a data change need not run Astro again.
 */
export interface FrontDoorParts {
  /** The lead paragraph: how many sessions in how many terms. */
  lead: SafeHtml;
  /** The text of the "coming up" heading. */
  heading: SafeHtml;
  /** The filter form and the list of the newest term's first sessions. */
  upcoming: SafeHtml;
  /** The terms and months, each linked, with their counts. */
  index: SafeHtml;
}

/** The front door's parts for `sessions` (in time order). */
export function frontDoorParts(sessions: readonly Session[], ctx: Pick<RenderContext, 'basePath'>): FrontDoorParts {
  const terms = termsWithin(sessions);
  const months = monthsWithin(sessions).filter((m) => m.sessions.length > 0);
  const newest = terms[0];
  const upcoming = newest?.sessions.slice(0, UPCOMING_SHOWN) ?? [];
  const link = (p: string) => withBase(ctx.basePath, p);
  return {
    lead: html`<p class="lead">${sessions.length} sessions in ${terms.length} terms. Browse by month or term, filter by audience or program, or subscribe in your own calendar.</p>`,
    heading: html`${newest ? `Coming up: the start of ${newest.term.label}` : 'Coming up'}`,
    upcoming: html`${filterForm(upcoming)}<ul class="sessions" data-upcoming-list>${sessionItems(upcoming, ctx, { showDate: true })}</ul>`,
    index: html`<h2>Terms</h2><ul class="facts-list">${terms.map(
      (t) => html`<li><a href="${link(calendarPaths.term(t.term.code))}">${t.term.label}</a> (${t.sessions.length} sessions, term ${t.term.code})</li>`,
    )}</ul><h2>Months</h2><ul class="facts-list">${months.toReversed().map((m) => html`<li><a href="${link(calendarPaths.month(monthSlug(m)))}">${monthLabel(m)}</a> (${m.sessions.length})</li>`)}</ul>`,
  };
}
