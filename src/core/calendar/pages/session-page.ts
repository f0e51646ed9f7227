import type { BuildingLookup } from '../../buildings/location.ts';
import { html, type SafeHtml } from '../../render/html.ts';
import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { longDate, monthLabel, monthSlug } from '../calendar.ts';
import { paragraphs } from '../linkify.ts';
import { clock, isoTime, type Session } from '../session.ts';
import { locationHtml } from './building-link.ts';

/** The page title of a session. */
export function sessionTitle(s: Session): string {
  return `${s.employer}${s.cancelled ? ' (cancelled)' : ''}`;
}

/** The meta description of a session's page. */
export function sessionSummary(s: Session): string {
  return `${s.employer}: ${longDate(s.date)}, ${clock(s.start)}`;
}

/**
 * The main content of a session's page: every field, links made from the description, its .ics,
 * its month and term, its location linked to its building's page. Rendered outside Astro's per-page pipeline (a large archive has a page
 * per session) and set into the site's shell; every value is escaped by `html`.
 */
export function sessionBody(s: Session, ctx: Pick<RenderContext, 'basePath'>, building?: BuildingLookup): SafeHtml {
  const at = (p: string) => withBase(ctx.basePath, p);
  const month = { year: s.date.year, month: s.date.month };
  const about = s.description.trim()
    ? paragraphs(s.description).map((segments) => html`<p>${segments.map((seg) => (seg.href ? html`<a href="${seg.href}">${seg.text}</a>` : seg.text))}</p>`)
    : html`<p class="muted">No description was given.</p>`;
  return html`<h1>${s.cancelled ? html`<s>${s.employer}</s>` : s.employer}${s.kind !== 'session' && html`<span class="muted"> (${s.kind})</span>`}</h1>${
    s.cancelled && html`<p><span class="tag cancel">Cancelled</span> This session was cancelled.</p>`
  }<dl class="facts"><dt>Date</dt><dd><time datetime="${isoDate(s.date)}">${longDate(s.date)}</time></dd><dt>Time</dt><dd><time datetime="${isoTime(s.start)}">${clock(s.start)}</time> to <time datetime="${isoTime(s.end)}">${clock(s.end)}</time> (Eastern time)</dd><dt>Location</dt><dd>${
    locationHtml(s, building, ctx.basePath)
  }</dd><dt>Website</dt><dd>${s.websiteHref ? html`<a href="${s.websiteHref}">${s.website}</a>` : s.website || 'none given'}</dd><dt>Audience</dt><dd>${
    s.audience || 'not given'
  }</dd><dt>Programs</dt><dd>${s.programs.length ? html`<ul class="facts-list">${s.programs.map((p) => html`<li>${p}</li>`)}</ul>` : 'not given'}</dd><dt>Term</dt><dd>${
    s.term.label
  }</dd><dt>Session ID</dt><dd>${s.id}</dd></dl><h2>About</h2>${about}<h2>In your calendar</h2><p><a class="button" href="${at(calendarPaths.sessionFeed(s.id))}" download>Add to calendar (.ics)</a></p><p><a href="${at(
    calendarPaths.month(monthSlug(month)),
  )}">All sessions in ${monthLabel(month)}</a> · <a href="${at(calendarPaths.term(s.term.code))}">All sessions in ${s.term.label}</a></p>`;
}
