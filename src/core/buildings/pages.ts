import type { Building, Position } from './building.ts';

/** A group of the building list: the buildings whose code starts with one letter (digits together), sorted by code. */
export interface BuildingGroup {
  label: string;
  /** The id of its heading, for the letter index's links. */
  id: string;
  buildings: Building[];
}

/**
 * The building list's groups, by the first character of the code: A to Z, then 0–9 for codes that start with a digit.
 */
export function buildingGroups(buildings: readonly Building[]): BuildingGroup[] {
  const groups = new Map<string, Building[]>();
  for (const b of [...buildings].sort((x, y) => (x.code < y.code ? -1 : x.code > y.code ? 1 : 0))) {
    const first = b.code.charAt(0).toUpperCase();
    const label = /[A-Z]/.test(first) ? first : '0–9';
    groups.set(label, [...(groups.get(label) ?? []), b]);
  }
  return [...groups]
    .sort(([a], [b]) => (a === '0–9' ? 1 : b === '0–9' ? -1 : a < b ? -1 : 1))
    .map(([label, list]) => ({
      label,
      id: `letter-${label === '0–9' ? 'digits' : label.toLowerCase()}`,
      buildings: list,
    }));
}

/** A position as people read it: `43.472761° N, 80.542164° W`. */
export function positionText(p: Position): string {
  return `${Math.abs(p.lat)}° ${p.lat < 0 ? 'S' : 'N'}, ${Math.abs(p.lon)}° ${p.lon < 0 ? 'W' : 'E'}`;
}

/** A link to the position on OpenStreetMap (a marker at zoom 18): a plain link, no script or tiles on our pages. */
export function mapUrl(p: Position): string {
  return `https://www.openstreetmap.org/?mlat=${p.lat}&mlon=${p.lon}#map=18/${p.lat}/${p.lon}`;
}

/** What a building's page shows besides the building: the building it is a part of, when the data has it. */
export function parentOf(building: Building, all: readonly Building[]): Building | undefined {
  return building.parentCode === null ? undefined : all.find((b) => b.code === building.parentCode);
}
