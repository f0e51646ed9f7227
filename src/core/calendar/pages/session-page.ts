import { html, type SafeHtml } from '../../render/html.ts';
import { isoDate } from '../../records/session-time.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { monthLabel, monthSlug } from '../calendar.ts';
import { dayLabel, timeRange } from '../format.ts';
import { paragraphs } from '../linkify.ts';
import { placeOf, type Session } from '../session.ts';
import { calendarLinks } from './add-to-calendar.ts';
import { programAnchor } from './feeds-page.ts';
import { buildingNote, type CalendarRenderContext } from './building-link.ts';
import { sessionTimes } from './session-list.ts';

/** The page title of a session. */
export function sessionTitle(s: Session): string {
  return `${s.employer}${s.cancelled ? ' (cancelled)' : ''}`;
}

/** The meta description of a session's page: `Palantir Technologies: Mon, Jan 13, 2014, 7:30 PM–9:00 PM` (a holiday: `…, all day`). */
export function sessionSummary(s: Session): string {
  return `${s.employer}: ${dayLabel(s.date)}, ${s.allDay ? 'all day' : timeRange(s.start, s.end)}`;
}

/** "Add to calendar" as three links (no script needed); nothing for a cancelled session or a holiday. */
function addToCalendar(s: Session, ctx: CalendarRenderContext): SafeHtml | false {
  const links = calendarLinks(s, ctx);
  return (
    !!links &&
    html`<div class="add-calendar" role="group" aria-labelledby="add-calendar-${s.id}"><span id="add-calendar-${s.id}" class="label">Add to calendar</span><a class="button" href="${links.google}">Google Calendar</a><a class="button" href="${links.outlook}">Outlook.com</a><a class="button" href="${links.ics}" download>.ics file<span class="visually-hidden"> for Apple Calendar or Outlook</span></a></div>`
  );
}

/**
 * The main content of a session's page: where it sits (term, month), what, when and where (with
 * the building's map when the build knows it), "Add to calendar" at the top, the facts the data
 * gives (no filler for those it does not), and the description with its links at a readable
 * measure. Rendered outside Astro's per-page pipeline (a large archive has a page per session)
 * and set into the site's shell; every value is escaped by `html`.
 */
export function sessionBody(s: Session, ctx: CalendarRenderContext): SafeHtml {
  const at = (p: string) => withBase(ctx.basePath, p);
  const month = { year: s.date.year, month: s.date.month };
  const about = s.description.trim()
    ? paragraphs(s.description).map((segments) => html`<p>${segments.map((seg) => (seg.href ? html`<a href="${seg.href}">${seg.text}</a>` : seg.text))}</p>`)
    : html`<p class="muted">The employer gave no description.</p>`;
  // The canonical programs (as the filters and feeds name them), each leading to its feed; a
  // faculty-wide label reads as its faculty. The API keeps the labels as the data wrote them.
  const feeds = at(calendarPaths.feeds);
  const programs = [
    ...s.openTo.programs.map((p) => html`<li><a href="${feeds}#${programAnchor(p.slug)}">${p.name}</a></li>`),
    ...s.openTo.groups.map((g) => html`<li>${g.slug === 'all' ? 'Every program' : `Any program of ${g.fullName}`}</li>`),
  ];
  const facts = [
    s.audience && html`<dt>Audience</dt><dd>${s.audience}</dd>`,
    programs.length > 0 && html`<dt>Programs</dt><dd><ul class="facts-list">${programs}</ul></dd>`,
    s.website && html`<dt>Website</dt><dd>${s.websiteHref ? html`<a href="${s.websiteHref}">${s.website}</a>` : s.website}</dd>`,
  ].filter(Boolean);
  const building = !s.locationTbd && buildingNote(s.location, ctx);
  return html`<nav class="crumbs" aria-label="Breadcrumb"><ol><li><a href="${at(calendarPaths.term(s.term.code))}">${s.term.label}</a></li><li><a href="${at(calendarPaths.month(monthSlug(month)))}">${monthLabel(month)}</a></li></ol></nav><article class="session-page"><h1>${
    s.cancelled ? html`<s>${s.employer}</s>` : s.employer
  }${s.kind !== 'session' && html` <span class="tag kind">${s.kind}</span>`}</h1>${
    s.cancelled && html`<p class="notice"><span class="tag cancel">Cancelled</span> This session was cancelled.</p>`
  }<p class="when-where"><span class="when"><time datetime="${isoDate(s.date)}">${dayLabel(s.date)}</time>, ${
    s.allDay ? 'all day' : html`${sessionTimes(s)} <span class="muted">(Eastern time)</span>`
  }</span>${!(s.allDay && s.locationTbd) && html`<span class="where">${placeOf(s)}${building && html` · ${building}`}</span>`}</p>${
    s.allDay && html`<p class="muted">A note in the calendar, not an information session.</p>`
  }${addToCalendar(s, ctx)}${facts.length > 0 && html`<dl class="facts">${facts}</dl>`}${!(s.allDay && !s.description.trim()) && html`<h2>About</h2><div class="prose">${about}</div>`}</article>`;
}
