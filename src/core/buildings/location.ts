import type { Place } from '../records/place-list.ts';
import { buildingPaths } from '../site/paths.ts';
import type { Building } from './building.ts';

/**
 * What a session page needs of the building or place its location names: code, name, position, and the building's
 * page (site-relative). A named place off campus (data/places/) has no code and no page, and may have an address.
 */
export interface BuildingOfLocation {
  /** The building's code; empty for a place that is in no building of the data. */
  code: string;
  name: string;
  lat: number | null;
  lon: number | null;
  /** The building's page; undefined for a place in no building. */
  page: string | undefined;
  /** The named place (data/places/) the location names, when it names one: `Bombshelter Pub`. */
  place?: string;
  /** The place's street address, when the list has one. */
  address?: string;
}

/** Finds the building a location's text names, if any. */
export type BuildingLookup = (location: string) => BuildingOfLocation | undefined;

/** What the matcher reads of a building: its code, its name and its other names. */
type Named = Pick<Building, 'code' | 'name' | 'alternateNames'>;

/**
 * Whether `location` starts with `code` as a whole word: followed by its end, a space or
 * punctuation, or, when the code ends in a letter, a room number (`TC2218`).
 */
function startsWithCode(location: string, code: string): boolean {
  if (!location.startsWith(code)) return false;
  const next = location.charAt(code.length);
  return next === '' || !/[A-Za-z0-9]/.test(next) || (/[0-9]/.test(next) && /[A-Za-z]$/.test(code));
}

/** Whether `location` starts with `name` (lower case), case aside, as whole words. */
function startsWithName(location: string, name: string): boolean {
  return location.toLowerCase().startsWith(name) && !/[A-Za-z0-9]/.test(location.charAt(name.length));
}

/** The parts of a location written around a separator: `Laurel Room - SCH` → `Laurel Room`, `SCH`. */
const SEPARATOR = /\s*(?:\s-\s*|-\s|,)\s*/;

/** What follows a code to make a room: a number, maybe after a space or a dash (`-1001`, ` 2218A/B`). */
const ROOM = /^[\s-]*\d[\w/]*$/;

/** A last word that is written as a code alone: `Bombshelter SLC`. */
const LAST_WORD = /\s([A-Z][A-Z0-9]+)$/;

/**
 * The building a location's text names, as campus rooms are written, the first way that finds one:
 * 1. it starts with a building's code: "DC 1301" → DC, "MC 2017/2018" → MC, "TC2218" → TC
 *    (codes case for case, the longest first: `STJ-SW` before `STJ`);
 * 2. it starts with a building's name or one of its other names, case aside: "Davis Centre 1301"
 *    → DC, "South Campus Hall - Laurel Room" → SCH (a name two buildings share names neither);
 * 3. a later part, after " - " or ",", is a building: its name or other name whole, or its code
 *    with a room number ("Sedra Student Design Centre, E5-1001" → E5), or alone when the code
 *    has three characters or more ("Laurel Room - SCH"; "Festival Room - South Campus Hall");
 * 4. its last word is a code of three characters or more: "Bombshelter SLC" → SLC.
 * Two-letter codes later in the text need a room number, since they are also provinces, states
 * and time zones ("Washington, DC", "Atlanta GA", "Online - 12:00 PT" name no building), and a
 * later part that merely starts with a name names none ("Zoom - Velocity team call").
 * Undefined when none does ("Fed Hall - Main Space": no building of the data is called so).
 */
export function buildingOf<T extends Named>(location: string, buildings: readonly T[]): T | undefined {
  return buildingMatcher(buildings)(location);
}

/** buildingOf with its tables made once, for many locations. */
function buildingMatcher<T extends Named>(buildings: readonly T[]): (location: string) => T | undefined {
  const byCode = buildings.filter((b) => b.code !== '').sort((a, b) => b.code.length - a.code.length);
  const owners = new Map<string, T[]>();
  for (const b of byCode) {
    for (const n of new Set([b.name, ...b.alternateNames].map((x) => x.trim().toLowerCase()).filter((x) => x !== '')))
      owners.set(n, [...(owners.get(n) ?? []), b]);
  }
  const byName = [...owners]
    .filter(([, bs]) => bs.length === 1)
    .map(([n, [b]]) => [n, b!] as const)
    .sort((a, b) => b[0].length - a[0].length);
  const atStart = (text: string): T | undefined =>
    byCode.find((b) => startsWithCode(text, b.code)) ?? byName.find(([n]) => startsWithName(text, n))?.[1];
  const whole = (part: string): T | undefined =>
    byCode.find(
      (b) =>
        startsWithCode(part, b.code) &&
        (ROOM.test(part.slice(b.code.length)) || (part === b.code && b.code.length >= 3)),
    ) ?? byName.find(([n]) => part.toLowerCase() === n)?.[1];
  return (location) => {
    const text = location.trim();
    const [, ...later] = text.split(SEPARATOR);
    const last = LAST_WORD.exec(text)?.[1];
    return (
      atStart(text) ??
      later.map(whole).find((b) => b) ??
      (last && last.length >= 3 ? byCode.find((b) => b.code === last) : undefined)
    );
  };
}

/** Whether a location is a placeholder for "not decided yet". */
export function isPlaceholderLocation(location: string): boolean {
  return /^\s*(?:tbd|tba|to be (?:determined|announced|confirmed))?\s*\**\s*$/i.test(location);
}

/** A name as the place matcher compares it: lower case, words of letters and digits separated by one space. */
export function placeKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/**
 * The place of data/places/ a location names: one of its names as whole words anywhere in the location, case and
 * punctuation aside ("SLC Bombshelter" → Bombshelter Pub, "Fed Hall - Main Space" → Federation Hall), the longest
 * name first.
 */
export function placeMatcher(places: readonly Place[]): (location: string) => Place | undefined {
  const names = places
    .flatMap((p) => [p.name, ...p.aliases].map((n) => [` ${placeKey(n)} `, p] as const))
    .sort((a, b) => b[0].length - a[0].length);
  return (location) => {
    const text = ` ${placeKey(location)} `;
    return names.find(([n]) => text.includes(n))?.[1];
  };
}

/** What the lookup answers for a building (`place` when a named place in it was named). */
function ofBuilding(b: Building, place?: Place): BuildingOfLocation {
  const position = place?.position ?? b.position;
  return {
    code: b.code,
    name: b.name,
    lat: position?.lat ?? null,
    lon: position?.lon ?? null,
    page: buildingPaths.building(b.code),
    ...(place ? { place: place.name } : {}),
  };
}

/** What the lookup answers for a named place in no building of the data. */
function ofPlace(p: Place): BuildingOfLocation {
  const where = { lat: p.position?.lat ?? null, lon: p.position?.lon ?? null };
  return {
    code: '',
    name: p.name,
    ...where,
    page: undefined,
    place: p.name,
    ...(p.address ? { address: p.address } : {}),
  };
}

/**
 * The lookup session and building pages take: the named place a location names (data/places/), in its building when
 * it has one; else the building it names (buildingOf), with its page's site-relative path. Each location looked up
 * once.
 */
export function buildingLookup(buildings: readonly Building[], places: readonly Place[] = []): BuildingLookup {
  const match = buildingMatcher(buildings);
  const placeOf = placeMatcher(places);
  const byCode = new Map(buildings.map((b) => [b.code, b]));
  const seen = new Map<string, BuildingOfLocation | undefined>();
  return (location) => {
    if (seen.has(location)) return seen.get(location);
    const place = placeOf(location);
    const inside = place?.building ? byCode.get(place.building) : undefined;
    const b = place ? undefined : match(location);
    const found = inside ? ofBuilding(inside, place) : place ? ofPlace(place) : b && ofBuilding(b);
    seen.set(location, found);
    return found;
  };
}

/**
 * What the session search indexes beside a location (src/core/calendar/search-index.ts): the code and name of the
 * building it names and the named place, so "DC 1301" finds "Davis Centre 1301" and "fed hall" finds "Federation
 * Hall"; empty for a location that names neither.
 */
export function locationSearchText(lookup: BuildingLookup): (location: string) => string {
  return (location) => {
    const b = lookup(location);
    return b ? [b.code, b.name, b.place ?? ''].join(' ') : '';
  };
}
