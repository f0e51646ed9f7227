import type { Building } from '../buildings/building.ts';
import { type DirectionsView, directionsView } from '../buildings/directions.ts';
import type { BuildingLookup } from '../buildings/location.ts';
import { mapUrl, parentOf, positionText } from '../buildings/pages.ts';
import { type ArchiveNoticeView, archiveNotice } from '../calendar/pages/archive-notice.ts';
import { sessionCount } from '../calendar/pages/month-page.ts';
import type { Session } from '../calendar/session.ts';
import { sessionEndsAt, sessionTitle, sessionWhen } from '../calendar/session-wording.ts';
import { campusDay } from '../records/campus-clock.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import { isoDate } from '../records/session-time.ts';
import { apiFileHref } from '../render/catalogue.ts';
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

/** A session a building's page lists: its title leading to its page, when, and where in the building. */
export interface HeldSessionView {
  href: string;
  title: string;
  when: string;
  location: string;
  /** When it ends (`data-ends`): the page's script moves a session ahead at the build into the past by this. */
  endsAt: string;
}

/** The sessions part of a building's page: those ahead, the newest past, and how many more the terms' pages list. */
export interface HeldSessionsView {
  ahead: HeldSessionView[];
  past: HeldSessionView[];
  /** How many are past in all (more than listed when the archive holds more than PAST_SESSIONS_SHOWN). */
  pastCount: number;
  /** What the past list's heading says of it: `12 sessions`, `the newest 30 of 200 sessions`. */
  pastHeading: string;
  /** How many sessions held here are past and not listed (`170 sessions`), and where the terms' pages are. */
  earlier: { count: string; termsHref: string } | undefined;
}

/** A part of a building, with its page (when it has a code) and its map (when the data places it). */
export interface BuildingPartView {
  name: string;
  code: string | undefined;
  href: string | undefined;
  map: string | undefined;
}

/** Where a building's page links into the API: its method's page, and its record's file in JSON and XML. */
export interface BuildingApiView {
  methodId: number;
  methodHref: string;
  jsonHref: string;
  /** The JSON file's path below the API's folder: `/buildings/DC.json`. */
  jsonPath: string;
  xmlHref: string;
  keyRequired: boolean;
}

/** What a building's page shows (src/components/buildings/BuildingBody.astro): data only, its texts unescaped. */
export interface BuildingPageView {
  /**
   * The archive notice of the whole data (archiveNotice), on the page of a building that held sessions only: a page
   * with no session to list has nothing the notice speaks of.
   */
  archive?: ArchiveNoticeView | undefined;
  title: string;
  summary: string;
  homeHref: string;
  name: string;
  code: string;
  id: string;
  otherNames: string;
  position: { text: string; map: string } | undefined;
  /** A link that opens the visitor's maps with directions to the building; undefined without a position. */
  directions: DirectionsView | undefined;
  partOf: { name: string; code: string; href: string } | undefined;
  parts: BuildingPartView[];
  held: HeldSessionsView;
  api: BuildingApiView | undefined;
}

/** The sessions part of a building's page as data (see HeldSessionsView). */
function heldView({ ahead, shown, past }: HeldSessions, ctx: BuildingPageContext): HeldSessionsView {
  const item = (s: Session): HeldSessionView => ({
    href: withBase(ctx.basePath, calendarPaths.session(s.id)),
    title: sessionTitle(s),
    when: sessionWhen(s),
    location: s.location,
    endsAt: sessionEndsAt(s),
  });
  const earlier = past > shown.length ? sessionCount(past - shown.length) : undefined;
  return {
    ahead: ahead.map(item),
    past: shown.map(item),
    pastCount: past,
    pastHeading: shown.length < past ? `the newest ${shown.length} of ${sessionCount(past)}` : sessionCount(past),
    earlier:
      earlier === undefined ? undefined : { count: earlier, termsHref: withBase(ctx.basePath, calendarPaths.home) },
  };
}

/** The method entry a building's page links to, as much of it as the page reads. */
type DetailsEntry = Pick<MethodEntry, 'methodId' | 'path' | 'keyRequired'>;

/** Where a building's page links into the API (see BuildingApiView). */
function apiView(details: DetailsEntry, code: string, ctx: BuildingPageContext): BuildingApiView {
  return {
    methodId: details.methodId,
    methodHref: withBase(ctx.basePath, sitePaths.method(details.methodId)),
    jsonHref: apiFileHref(details, 'json', [code], ctx),
    jsonPath: sitePaths.apiFile(details, 'json', [code]).slice(sitePaths.api.length - 1),
    xmlHref: apiFileHref(details, 'xml', [code], ctx),
    keyRequired: details.keyRequired === true,
  };
}

/**
 * One building's page as data: its names, number, position with a map link, the building it is a part of, its parts,
 * the sessions held there, and its files in the API (when the directory has the method).
 */
export function buildingPageView(
  b: Building,
  parent: Building | null,
  details: DetailsEntry | null,
  held: HeldSessions,
  ctx: BuildingPageContext,
  archive?: ArchiveNoticeView,
): BuildingPageView {
  const pageOf = (code: string) => withBase(ctx.basePath, buildingPaths.building(code));
  return {
    archive: held.ahead.length + held.past > 0 ? archive : undefined,
    title: `${b.name} (${b.code})`,
    summary: `${b.name}, campus building ${b.code}: names, parts and where it is.`,
    homeHref: withBase(ctx.basePath, buildingPaths.home),
    name: b.name,
    code: b.code,
    id: b.id,
    otherNames: b.alternateNames.length > 0 ? b.alternateNames.join(', ') : 'none',
    position: b.position ? { text: positionText(b.position), map: mapUrl(b.position) } : undefined,
    directions: b.position
      ? directionsView({ label: b.name, lat: b.position.lat, lon: b.position.lon, address: '' })
      : undefined,
    partOf: parent ? { name: parent.name, code: parent.code, href: pageOf(parent.code) } : undefined,
    parts: b.parts.map((p) => ({
      name: p.name,
      code: p.code || undefined,
      href: p.code ? pageOf(p.code) : undefined,
      map: p.position ? mapUrl(p.position) : undefined,
    })),
    held: heldView(held, ctx),
    api: details ? apiView(details, b.code, ctx) : undefined,
  };
}

/** A building's page: its folder, its code and its view. */
export interface BuildingPage {
  path: string;
  code: string;
  view: BuildingPageView;
}

/** A building's page to make: its folder, and its view, made when asked from what it is made from. */
export interface BuildingPageSource {
  path: string;
  code: string;
  parts: Rendering<BuildingPageView>;
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
    if (!b?.code) continue; // a place in no building of the data
    const list = heldIn.get(b.code);
    if (list) list.push(s);
    else heldIn.set(b.code, [s]);
  }
  const entry = directory.find((e) => e.methodId === BUILDING_METHOD_ID);
  const details = entry ? { methodId: entry.methodId, path: entry.path, keyRequired: entry.keyRequired } : null;
  const today = campusDay(render.timestamp);
  const ctx: BuildingPageContext = { basePath: render.basePath };
  const archive = archiveNotice(sessions, render.timestamp);
  for (const b of buildings) {
    const held = heldSessions(heldIn.get(b.code) ?? [], today);
    const parts = rendering(buildingPageView, b, parentOf(b, buildings) ?? null, details, held, ctx, archive);
    yield { path: buildingPaths.building(b.code), code: b.code, parts };
  }
}

/** Every building's page, one at a time (see buildingPageSources). */
export function* buildingPages(...args: Parameters<typeof buildingPageSources>): Generator<BuildingPage> {
  for (const page of buildingPageSources(...args)) yield { path: page.path, code: page.code, view: page.parts.make() };
}
