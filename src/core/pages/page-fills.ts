import { countSessions, monthLabel, monthSlug, monthsWithin, termsWithin } from '../calendar/calendar.ts';
import type { SubscriptionFeeds } from '../calendar/feeds.ts';
import { dayLabel } from '../calendar/format.ts';
import { feedsPageBody } from '../calendar/pages/feeds-page.ts';
import { filterForm } from '../calendar/pages/filter-form.ts';
import { sessionCount } from '../calendar/pages/month-page.ts';
import { frontList, upcomingWindow } from '../calendar/pages/upcoming.ts';
import type { Session } from '../calendar/session.ts';
import { type PortalSource, type PortalSummary, portalBody } from '../portal/portal-page.ts';
import type { PublishedMethod } from '../records/method-entry.ts';
import { apiFileHref, outputExcerpt } from '../render/catalogue.ts';
import { html } from '../render/html.ts';
import type { RenderContext } from '../site/address.ts';
import { calendarPaths, withBase } from '../site/paths.ts';

/** What the page fills are made from: a build's context has it all. */
export interface FillSource {
  /** The sessions in time order. */
  sessions: readonly Session[];
  feeds: SubscriptionFeeds;
  published: readonly PublishedMethod[];
  render: RenderContext;
  /** The data read (the portal's counts, the methods each set feeds). */
  site: PortalSource['site'];
  /** The portal's files (their sizes and digests) and each set's last change: the build's; none under `astro dev`. */
  portal?: PortalSummary;
}

/**
 * What every fill marker starts with. A raw `&` followed by `@`: Astro escapes every `&` of the
 * text it is given (to `&amp;` in text, `&#38;` in attributes), so no text of the data, whatever
 * it holds, can put a marker into a page; only the pages' own `set:html={fill(…)}` can.
 */
export const FILL_START = '&@FILL:';

/**
 * The marker of fill `name` (with an argument, such as a method ID) that a page renders in a build, as raw markup
 * (`set:html`).
 */
export function fillMarker(name: string, arg: string | number = ''): string {
  return `${FILL_START}${name}:${arg}@@`;
}

/** Every fill marker in a text, with its name and argument. */
const FILL_PATTERN = /&@FILL:([\w.-]+):([\w.-]*)@@/g;

/** The terms of a source's sessions, newest first (computed once per source). */
const termsOf = new WeakMap<FillSource, ReturnType<typeof termsWithin>>();
function terms(source: FillSource): ReturnType<typeof termsWithin> {
  let found = termsOf.get(source);
  if (!found) termsOf.set(source, (found = termsWithin(source.sessions)));
  return found;
}

/** The newest term with sessions and the day of its last session. */
function newest(source: FillSource): { label: string; last: string } | undefined {
  const t = terms(source)[0];
  return t && { label: t.term.label, last: dayLabel(t.sessions.at(-1)!.date) };
}

/** The front door's list as the build sees it (frontList), made once per source. */
const frontOf = new WeakMap<FillSource, ReturnType<typeof frontList>>();
function front(source: FillSource): ReturnType<typeof frontList> {
  let found = frontOf.get(source);
  if (!found) frontOf.set(source, (found = frontList(source.feeds.newestTerms, newest(source), source.render)));
  return found;
}

/**
 * The values a method's placeholders take, each linked to its JSON file (with the placeholder
 * key where the method needs one): a developer reads the codes that exist instead of guessing.
 */
function methodValues(m: PublishedMethod, render: RenderContext): string {
  const names = m.entry.parameters.filter((p) => p !== 'format');
  if (names.length === 0 || m.files.length === 0) return '';
  const values = m.files.map(
    (f) => html`<li><a href="${apiFileHref(m.entry, 'json', f.params, render)}">${f.params.join(' / ')}</a></li>`,
  );
  return html`<details class="values"><summary>The ${m.files.length} values of ${names.join(' and ')}</summary>
<ul class="value-list">${values}</ul></details>`.value;
}

/** Text shown muted beside a link: a count. */
const muted = (text: string) => html`<span class="muted">${text}</span>`;

/** A link to a term's page. */
function termLink(source: FillSource, t: ReturnType<typeof termsWithin>[number]) {
  return html`<a href="${withBase(source.render.basePath, calendarPaths.term(t.term.code))}">${t.term.label}</a>`;
}

/** The published method with this ID (a page names it by the fill's argument). */
function method(source: FillSource, arg: string): PublishedMethod {
  const found = source.published.find((p) => String(p.entry.methodId) === arg);
  if (!found) throw new Error(`no method ${arg} with output to fill a page with`);
  return found;
}

/**
 * Every part of an Astro page made from the sessions or the methods' records, by name, as
 * markup (or, for sessions.json, the file's text). In a build the pages render a marker and the
 * build fills it in, so what Astro renders depends only on the page context (page-context.ts);
 * under `astro dev` the pages render the part itself.
 */
const PAGE_FILLS: Readonly<Record<string, (source: FillSource, arg: string) => string>> = {
  // The front door (src/pages/index.astro).
  'front.filter': (s) => filterForm(s.feeds.newestTerms, s.render).value,
  'front.heading': (s) => html`${front(s).heading}`.value,
  'front.note': (s) => html`<p class="muted" data-note${front(s).note ? '' : html` hidden`}>${front(s).note}</p>`.value,
  'front.first-days': (s) => front(s).days.value,
  'front.terms': (s) =>
    terms(s)
      .map((t) => html`<li>${termLink(s, t)} ${muted(sessionCount(countSessions(t.sessions)))}</li>`.value)
      .join(''),
  // Every term and month (src/pages/infosessions/index.astro).
  'calendar.lead': (s) =>
    html`${sessionCount(countSessions(s.sessions))} in ${terms(s).length} ${
      terms(s).length === 1 ? 'term' : 'terms'
    }, newest first.`.value,
  'calendar.terms': (s) =>
    terms(s)
      .map((t) => {
        const at = (target: string) => withBase(s.render.basePath, target);
        const months = monthsWithin(t.sessions).filter((m) => m.sessions.length > 0);
        const heading = html`<h2 id="term-${t.term.code}">${termLink(s, t)}</h2>`;
        const span = `${dayLabel(t.sessions[0]!.date)} to ${dayLabel(t.sessions.at(-1)!.date)}`;
        const links = months.map(
          (m) =>
            html`<li><a href="${at(calendarPaths.month(monthSlug(m)))}">${monthLabel(m)}</a> ${muted(
              `(${countSessions(m.sessions)})`,
            )}</li>`,
        );
        const count = html`<p class="muted">${sessionCount(countSessions(t.sessions))}, ${span}</p>`;
        const list = html`<ul class="link-list inline"> ${links} </ul>`;
        const card = html`${heading} ${count} ${list}`;
        return html`<section aria-labelledby="term-${t.term.code}" class="term-card"> ${card} </section>`.value;
      })
      .join(''),
  // The data portal (src/pages/data/index.astro).
  'portal.body': (s) => portalBody(s).value,
  // The feeds page and the front door's script's window.
  'feeds.body': (s) => feedsPageBody(s.feeds, s.render).value,
  'sessions.json': (s) => JSON.stringify(upcomingWindow(s.feeds.newestTerms, s.render, newest(s))),
  // A method's page (src/pages/methods/[id].astro): its file count and the start of its output.
  'method.files': (s, id) => String(method(s, id).files.length),
  'method.values': (s, id) => methodValues(method(s, id), s.render),
  'method.today': (s, id) => html` (${outputExcerpt(method(s, id), s.render)?.total ?? 0} today)`.value,
  'method.excerpt': (s, id) => {
    const m = method(s, id);
    const e = outputExcerpt(m, s.render);
    if (!e) return '';
    const fixed = m.entry.parameters.every((p) => p === 'format');
    const data = m.noData === undefined && m.files.length > 0;
    const what = data
      ? e.total === 1 && m.shape === 'object'
        ? `The envelope of ${fixed ? 'the file' : 'the first file'}, as JSON and as XML.`
        : `The envelope with the first ${e.shown} of ${e.total} records${fixed ? '' : ' of the first file'}, ` +
          'as JSON and as XML.'
      : 'The no-data envelope the file holds, as JSON and as XML.';
    const heading = html`<h2>${data ? 'The start of the real output' : 'The real output'}</h2>`;
    const json = html`<h3>JSON</h3> <pre tabindex="0"><code>${e.json}</code></pre>`;
    const xml = html`<h3>XML</h3> <pre tabindex="0"><code>${e.xml}</code></pre>`;
    return html` ${heading} <p>${what}</p> ${json} ${xml} `.value;
  },
};

/** Fill `name` of a page, made from the source; throws on a name no page fill has. */
export function pageFill(source: FillSource, name: string, arg: string | number = ''): string {
  const make = PAGE_FILLS[name];
  if (!make) throw new Error(`a page asks for the fill "${name}", which src/core/pages/page-fills.ts does not make`);
  return make(source, String(arg));
}

/** A page's text with every fill marker replaced by its fill; undefined when it holds none. */
export function fillPage(text: string, source: FillSource): string | undefined {
  if (!text.includes(FILL_START)) return undefined;
  return text.replace(FILL_PATTERN, (_, name: string, arg: string) => pageFill(source, name, arg));
}
