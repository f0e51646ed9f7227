import { isoDate } from '../../records/session-time.ts';
import { html, SafeHtml } from '../../render/html.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { monthLabel, monthSlug } from '../calendar.ts';
import { dayLabel } from '../format.ts';
import { paragraphs } from '../linkify.ts';
import { placeOf, type Session } from '../session.ts';
import { ENDED, hasEnded, pastSentence, sessionEndsAt, sessionStartsAt, sessionTitle } from '../session-wording.ts';
import { calendarLinks } from './add-to-calendar.ts';
import { buildingNote, type CalendarRenderContext } from './building-link.ts';
import { programAnchor } from './feeds-page.ts';
import { sessionTimes } from './session-list.ts';

export { sessionSummary, sessionTitle } from '../session-wording.ts';

/**
 * Whether a session had ended when the site was built (`ctx.timestamp`, SOURCE_DATE_EPOCH): what
 * its page says without JavaScript. In the browser the page's script decides again by the
 * visitor's clock (src/scripts/past.ts), so a page built long ago still tells the truth.
 */
export function endedAtBuild(s: Session, ctx: Pick<CalendarRenderContext, 'timestamp'>): boolean {
  return ctx.timestamp !== undefined && hasEnded(s, ctx.timestamp);
}

/**
 * "Add to calendar" as three links (no script needed); nothing for a cancelled session or a
 * holiday. Shown while the session is ahead (`data-if-upcoming`): hidden once it has ended.
 */
function addToCalendar(s: Session, ctx: CalendarRenderContext, ended: boolean): SafeHtml | false {
  const links = calendarLinks(s, ctx);
  if (!links) return false;
  const forApple = html`<span class="visually-hidden"> for Apple Calendar or Outlook</span>`;
  return html`<div class="add-calendar" role="group" aria-labelledby="add-calendar-${s.id}"
 data-if-upcoming${ended && html` hidden`}>
<span id="add-calendar-${s.id}" class="label">Add to calendar</span>
<a class="button" href="${links.google}">Google Calendar</a>
<a class="button" href="${links.outlook}">Outlook.com</a>
<a class="button" href="${links.ics}" download>.ics file${forApple}</a>
</div>`;
}

/** The notice of a session that has ended: a badge and the day it took place (`data-if-past`). */
function pastNotice(s: Session, ended: boolean): SafeHtml {
  return html`<p class="notice past" data-if-past${!ended && html` hidden`}>
<span class="tag past">${ENDED}</span> ${pastSentence(s)}
</p>`;
}

/**
 * The main content of a session's page: where it sits (term, month), what, when and where (with
 * the building's map when the build knows it), "Add to calendar" at the top while it is ahead,
 * "Ended" once it is past, the facts the data gives (no filler for those it does not), and the
 * description with its links at a readable measure. Rendered outside Astro's per-page pipeline
 * (a large archive has a page per session) and set into the site's shell; every value is
 * escaped by `html`. `ended`: whether it had ended at the build (see endedAtBuild).
 */
export function sessionBody(s: Session, ctx: CalendarRenderContext, ended = false): SafeHtml {
  const at = (p: string) => withBase(ctx.basePath, p);
  const month = { year: s.date.year, month: s.date.month };
  const about = s.description.trim()
    ? paragraphs(s.description).map(
        (segments) =>
          html`<p>${segments.map((seg) => (seg.href ? html`<a href="${seg.href}">${seg.text}</a>` : seg.text))}</p>`,
      )
    : html`<p class="muted">The employer gave no description.</p>`;
  // The canonical programs (as the filters and feeds name them), each leading to its feed; a
  // faculty-wide label reads as its faculty. The API keeps the labels as the data wrote them.
  const feeds = at(calendarPaths.feeds);
  const programs = [
    ...s.openTo.programs.map((p) => html`<li><a href="${feeds}#${programAnchor(p.slug)}">${p.name}</a></li>`),
    ...s.openTo.groups.map(
      (g) => html`<li>${g.slug === 'all' ? 'Every program' : `Any program of ${g.fullName}`}</li>`,
    ),
  ];
  const website = s.websiteHref ? html`<a href="${s.websiteHref}">${s.website}</a>` : s.website;
  const facts = [
    s.audience && html`<dt>Audience</dt><dd>${s.audience}</dd>`,
    programs.length > 0 && html`<dt>Programs</dt><dd><ul class="facts-list">${programs}</ul></dd>`,
    s.website && html`<dt>Website</dt><dd>${website}</dd>`,
  ].filter(Boolean);
  const building = !s.locationTbd && buildingNote(s.location, ctx);
  const when = s.allDay ? 'all day' : html`${sessionTimes(s)} <span class="muted">(Eastern time)</span>`;
  const where =
    !(s.allDay && s.locationTbd) && html`<span class="where">${placeOf(s)}${building && html` · ${building}`}</span>`;
  const term = at(calendarPaths.term(s.term.code));
  const kind = s.kind !== 'session' && html` <span class="tag kind">${s.kind}</span>`;
  return html`<nav class="crumbs" aria-label="Breadcrumb"><ol>
<li><a href="${term}">${s.term.label}</a></li>
<li><a href="${at(calendarPaths.month(monthSlug(month)))}">${monthLabel(month)}</a></li>
</ol></nav>
<article class="session-page" data-ends="${sessionEndsAt(s)}">
<h1>${s.cancelled ? html`<s>${s.employer}</s>` : s.employer}${kind}</h1>
${s.cancelled && html`<p class="notice"><span class="tag cancel">Cancelled</span> This session was cancelled.</p>`}
${pastNotice(s, ended)}
<p class="when-where"><span class="when"><time datetime="${isoDate(s.date)}">${dayLabel(s.date)}</time>, ${when}</span>
${where}</p>
${s.allDay && html`<p class="muted">A note in the calendar, not an information session.</p>`}
${addToCalendar(s, ctx, ended)}
${facts.length > 0 && html`<dl class="facts">${facts}</dl>`}
${!(s.allDay && !s.description.trim()) && html`<h2>About</h2><div class="prose">${about}</div>`}
</article>`;
}

/** JSON as the text of a `<script>` element: nothing in it can end the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The first `max` characters of a text, cut at a word, with an ellipsis when cut. */
function excerpt(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

/**
 * What a session's page carries in its head for those who share it: its .ics as the page's
 * calendar (`<link rel="alternate" type="text/calendar">`), Open Graph tags, and a schema.org
 * `Event` as JSON-LD (`eventStatus` cancelled where it was), its text safe inside the script.
 */
export function sessionHead(s: Session, ctx: CalendarRenderContext): SafeHtml {
  const page = new URL(withBase(ctx.basePath, calendarPaths.session(s.id)), ctx.url).href;
  const title = sessionTitle(s);
  const description = excerpt(s.description) || `${title}, ${dayLabel(s.date)}.`;
  const event = {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: title,
    startDate: s.allDay ? isoDate(s.date) : sessionStartsAt(s),
    endDate: s.allDay ? isoDate(s.date) : sessionEndsAt(s),
    eventStatus: `https://schema.org/${s.cancelled ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(s.locationTbd ? {} : { location: { '@type': 'Place', name: placeOf(s), address: placeOf(s) } }),
    ...(s.employer && s.kind !== 'holiday' && !s.allDay
      ? { organizer: { '@type': 'Organization', name: s.employer, ...(s.websiteHref ? { url: s.websiteHref } : {}) } }
      : {}),
    description,
    url: page,
  };
  return html`<link rel="alternate" type="text/calendar" title="${title} (.ics)"
 href="${withBase(ctx.basePath, calendarPaths.sessionFeed(s.id))}">
<meta property="og:type" content="website">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${description}">
<meta property="og:url" content="${page}">
<meta property="og:site_name" content="Campus info sessions">
<script type="application/ld+json">${new SafeHtml(scriptJson(event))}</script>`;
}
