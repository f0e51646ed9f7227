import type { RecordValue } from '../records/record-spec.ts';
import type { SiteData } from '../records/site-data.ts';

/** The data set and its table the buildings are read from (src/core/datasets/sets/buildings.ts). */
const DATASET = 'buildings';
const TABLE = 'buildings';

/** A position in decimal degrees. */
export interface Position {
  lat: number;
  lon: number;
}

/** A part of a building, as its page shows it; `code` when the part is a building with a page of its own. */
export interface BuildingPart {
  name: string;
  position: Position | null;
  code?: string;
}

/** A campus building as the site's pages and the calendar read it: the published record, for people. */
export interface Building {
  id: string;
  code: string;
  name: string;
  alternateNames: string[];
  position: Position | null;
  parts: BuildingPart[];
  /** The building this one is a part of, when it is one. */
  parentCode: string | null;
}

const text = (v: RecordValue | undefined): string => (typeof v === 'string' ? v : '');
const positionOf = (lat: RecordValue | undefined, lon: RecordValue | undefined): Position | null =>
  typeof lat === 'number' && typeof lon === 'number' ? { lat, lon } : null;

/** The buildings of the data, in the data's order (none when the data folder has no buildings). */
export function readBuildings(site: Pick<SiteData, 'datasets'>): Building[] {
  const records = (site.datasets[DATASET]?.[TABLE] ?? []).map((r) => r.values);
  const codes = new Map(
    records.map((v) => [`${text(v.parent_code)}\u0000${text(v.building_name)}`, text(v.building_code)]),
  );
  return records.map((v) => {
    const code = text(v.building_code);
    const sections = Array.isArray(v.building_sections)
      ? (v.building_sections as readonly Record<string, RecordValue>[])
      : [];
    return {
      id: text(v.building_id),
      code,
      name: text(v.building_name),
      alternateNames: Array.isArray(v.alternate_names) ? v.alternate_names.map(text) : [],
      position: positionOf(v.latitude, v.longitude),
      parts: sections.map((s) => {
        const own = codes.get(`${code}\u0000${text(s.section_name)}`);
        return {
          name: text(s.section_name),
          position: positionOf(s.latitude, s.longitude),
          ...(own ? { code: own } : {}),
        };
      }),
      parentCode: typeof v.parent_code === 'string' ? v.parent_code : null,
    };
  });
}
