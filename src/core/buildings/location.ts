import { buildingPaths } from '../site/paths.ts';
import type { Building } from './building.ts';

/** What a session page needs of the building its location names: code, name, position, and its page (site-relative). */
export interface BuildingOfLocation {
  code: string;
  name: string;
  lat: number | null;
  lon: number | null;
  page: string;
}

/** Finds the building a location's text names, if any. */
export type BuildingLookup = (location: string) => BuildingOfLocation | undefined;

/**
 * Whether `location` starts with `code` as a whole word: followed by its end, a space or
 * punctuation, or, when the code ends in a letter, a room number (`TC2218`).
 */
function startsWithCode(location: string, code: string): boolean {
  if (!location.startsWith(code)) return false;
  const next = location.charAt(code.length);
  return next === '' || !/[A-Za-z0-9]/.test(next) || (/[0-9]/.test(next) && /[A-Za-z]$/.test(code));
}

/**
 * The building a location's text starts with, by its code, as campus rooms are written:
 * "DC 1301" → DC, "MC 2017/2018" → MC, "SCH - Laurel Room" → SCH, "TC2218" → TC. Codes are
 * matched case for case, the longest first (`STJ-SW` before `STJ`); undefined when none matches.
 */
export function buildingOf<T extends Pick<Building, 'code'>>(location: string, buildings: readonly T[]): T | undefined {
  const text = location.trimStart();
  let found: T | undefined;
  for (const b of buildings) {
    if (b.code !== '' && (!found || b.code.length > found.code.length) && startsWithCode(text, b.code)) found = b;
  }
  return found;
}

/** The lookup session pages take: the building a location starts with, with its page's site-relative path. */
export function buildingLookup(buildings: readonly Building[]): BuildingLookup {
  return (location) => {
    const b = buildingOf(location, buildings);
    return b && { code: b.code, name: b.name, lat: b.position?.lat ?? null, lon: b.position?.lon ?? null, page: buildingPaths.building(b.code) };
  };
}
