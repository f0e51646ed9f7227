import type { Building } from '../buildings/building.ts';
import type { BuildingLookup } from '../buildings/location.ts';
import { mapUrl, parentOf, positionText } from '../buildings/pages.ts';
import { sessionCount } from '../calendar/pages/month-page.ts';
import type { ShellParts } from '../calendar/pages/page-shell.ts';
import type { Session } from '../calendar/session.ts';
import { sessionTitle, sessionWhen } from '../calendar/session-wording.ts';
import { campusDay } from '../records/campus-clock.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import { isoDate } from '../records/session-time.ts';
import { apiFileHref } from '../render/catalogue.ts';
import { html, type SafeHtml } from '../render/html.ts';
import { type Rendering, rendering } from '../render/output.ts';
import type { RenderContext } from '../site/address.ts';
import { buildingPaths, calendarPaths, sitePaths, withBase } from '../site/paths.ts';

/** The method whose files a building's page links to: one building's record. */
export const BUILDING_METHOD_ID = 1217;

/** How many past sessions a building page lists, newest first: an archive's busiest room held thousands. */
export const PAST_SESSIONS_SHOWN = 30;

/** What a building's page reads of where the site is served. */
export type BuildingPageContext = Pick<RenderContext, 'basePath'>;

/**
 * The sessions a building's page lists, by the build's day: every one ahead (soonest first), the newest
 * PAST_SESSIONS_SHOWN of those past (newest first), and how many are past in all.
 */
export interface HeldSessions {
  ahead: readonly Session[];
  shown: readonly Session[];
  past: number;
}

/** Sessions held in one building, in time order, split at `today` (`2015-01-07`, the campus's day of the build). */
export function heldSessions(held: readonly Session[], today: string): HeldSessions {
  // In time order: the first session ahead is found by halving, and of those past only the shown are copied (the
  // busiest room of an archive of 100,000 sessions held thousands).
  let lo = 0;
  for (let hi = held.length; lo < hi; ) {
    const mid = (lo + hi) >>> 1;
    if (isoDate(held[mid]!.date) < today) lo = mid + 1;
    else hi = mid;
  }
  return { ahead: held.slice(lo), shown: held.slice(Math.max(0, lo - PAST_SESSIONS_SHOWN), lo).reverse(), past: lo };
}

/** The sessions part of a building's page: those ahead, the newest past, and how many more the terms' pages list. */
function sessionsPart({ ahead, shown, past }: HeldSessions, ctx: BuildingPageContext): SafeHtml {
  if (ahead.length === 0 && past === 0) return html`<p>No information session of the data was held here.</p>`;
  const item = (s: Session) => html`<li>
<a href="${withBase(ctx.basePath, calendarPaths.session(s.id))}">${sessionTitle(s)}</a>
<span class="muted">${sessionWhen(s)} · ${s.location}</span></li>`;
  const terms = withBase(ctx.basePath, calendarPaths.home);
  const earlier =
    past > shown.length &&
    html`<p class="muted">${sessionCount(past - shown.length)} held here before these:
see <a href="${terms}">the terms' pages</a>.</p>`;
  const heading = shown.length < past ? `the newest ${shown.length} of ${sessionCount(past)}` : sessionCount(past);
  return html`${ahead.length > 0 && html`<h3>Coming up</h3><ul class="held">${ahead.map(item)}</ul>`}
${
  past > 0 &&
  html`<h3>Past <span class="muted">(${heading}, newest first)</span></h3>
<ul class="held">${shown.map(item)}</ul>${earlier}`
}`;
}

/** The method entry a building's page links to, as much of it as the page reads. */
type DetailsEntry = Pick<MethodEntry, 'methodId' | 'path' | 'keyRequired'>;

/**
 * One building's page, to fill the buildings' shell: its names, number, position with a map link, the building it is a
 * part of, its parts, the sessions held there, and its files in the API (when the directory has the method).
 */
export function buildingPageParts(
  b: Building,
  parent: Building | null,
  details: DetailsEntry | null,
  held: HeldSessions,
  ctx: BuildingPageContext,
): ShellParts {
  const pageOf = (code: string) => withBase(ctx.basePath, buildingPaths.building(code));
  const position = b.position
    ? html`${positionText(b.position)} · <a href="${mapUrl(b.position)}">Show on OpenStreetMap</a>`
    : 'not in the data';
  const partOf =
    parent && html`<dt>Part of</dt><dd><a href="${pageOf(parent.code)}">${parent.name} (${parent.code})</a></dd>`;
  const parts =
    b.parts.length === 0
      ? html`<p>The data lists no parts of this building.</p>`
      : html`<ul class="facts-list"> ${b.parts.map(
          (p) =>
            html`<li>${p.code ? html`<a href="${pageOf(p.code)}">${p.name} (${p.code})</a>` : p.name}${
              p.position &&
              html` · <a href="${mapUrl(p.position)}">map<span class="visually-hidden"> of ${p.name}</span></a>`
            }</li>`,
        )} </ul>`;
  const api =
    details &&
    html`<h2>In the API</h2> <p>
Method <a href="${withBase(ctx.basePath, sitePaths.method(details.methodId))}">${details.methodId}</a>:
<a href="${apiFileHref(details, 'json', [b.code], ctx)}"> ${sitePaths
      .apiFile(details, 'json', [b.code])
      .slice(sitePaths.api.length - 1)}</a> ·
<a href="${apiFileHref(details, 'xml', [b.code], ctx)}">xml</a>${
      details.keyRequired && ' (with your key in place of YOUR_KEY under npm start)'
    }.
</p>`;
  const others = b.alternateNames.length > 0 ? b.alternateNames.join(', ') : 'none';
  const facts = html`<dl class="facts"> <dt>Code</dt><dd>${b.code}</dd> <dt>Building number</dt><dd>${b.id}</dd> \
<dt>Other names</dt><dd>${others}</dd> <dt>Position</dt><dd>${position}</dd> ${partOf} </dl>`;
  const home = withBase(ctx.basePath, buildingPaths.home);
  const body = html`<p><a href="${home}">All buildings</a></p> <h1>${b.name} <code>${b.code}</code></h1> ${facts} \
<h2>Parts</h2> ${parts}<h2>Information sessions here</h2> ${sessionsPart(held, ctx)}  ${api}`;
  return {
    title: `${b.name} (${b.code})`,
    summary: `${b.name}, campus building ${b.code}: names, parts and where it is.`,
    head: html``,
    body,
  };
}

/** A building's page: its folder and its parts. */
export interface BuildingPage extends ShellParts {
  path: string;
  code: string;
}

/** A building's page to make: its folder, and its parts, made when asked from what they are made from. */
export interface BuildingPageSource {
  path: string;
  code: string;
  parts: Rendering<ShellParts>;
}

/**
 * Every building's page, made when asked. A page is made from its building, the building it is part of, the method
 * entry it links to, and the sessions it lists as the build's day splits them (not the build's time: a new timestamp
 * remakes only the pages whose lists it changes). `sessions` in time order; `lookup` matches their locations to
 * buildings, as the session pages do.
 */
export function* buildingPageSources(
  buildings: readonly Building[],
  sessions: readonly Session[],
  lookup: BuildingLookup,
  directory: readonly MethodEntry[],
  render: Pick<RenderContext, 'basePath' | 'timestamp'>,
): Generator<BuildingPageSource> {
  const heldIn = new Map<string, Session[]>();
  for (const s of sessions) {
    const b = s.allDay || s.locationTbd ? undefined : lookup(s.location);
    if (!b) continue;
    const list = heldIn.get(b.code);
    if (list) list.push(s);
    else heldIn.set(b.code, [s]);
  }
  const entry = directory.find((e) => e.methodId === BUILDING_METHOD_ID);
  const details = entry ? { methodId: entry.methodId, path: entry.path, keyRequired: entry.keyRequired } : null;
  const today = campusDay(render.timestamp);
  const ctx: BuildingPageContext = { basePath: render.basePath };
  for (const b of buildings) {
    const held = heldSessions(heldIn.get(b.code) ?? [], today);
    const parts = rendering(buildingPageParts, b, parentOf(b, buildings) ?? null, details, held, ctx);
    yield { path: buildingPaths.building(b.code), code: b.code, parts };
  }
}

/** Every building's page, one at a time (see buildingPageSources). */
export function* buildingPages(...args: Parameters<typeof buildingPageSources>): Generator<BuildingPage> {
  for (const page of buildingPageSources(...args)) yield { path: page.path, code: page.code, ...page.parts.make() };
}
