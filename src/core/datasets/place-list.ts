import { readBuildings } from '../buildings/building.ts';
import { buildingLookup, isPlaceholderLocation, placeKey } from '../buildings/location.ts';
import type { CsvCell } from '../read/csv-table.ts';
import { Findings } from '../read/findings.ts';
import type { Place, PlaceList } from '../records/place-list.ts';
import { cellPosition, readCsvRows } from './csv-reader.ts';
import type { ReadRecord, SourceFile, Tables } from './dataset.ts';

/** The place list's folder and file inside the data folder (the site's own data, published by no method). */
export const PLACE_LIST = { folder: 'places/', places: 'places/places.csv' } as const;

const COLUMNS = ['name', 'aliases', 'building', 'latitude', 'longitude', 'address'] as const;

/** A coordinate cell: a number within `limit` degrees, null when empty, undefined (reported) otherwise. */
function degrees(cell: CsvCell, limit: number, file: string, findings: Findings): number | null | undefined {
  const text = cell.value.trim();
  if (text === '') return null;
  const n = Number(text);
  if (Number.isFinite(n) && Math.abs(n) <= limit) return n;
  findings.error(
    { file, line: cell.line, column: cell.column },
    'place-list',
    `"${text}" is not a coordinate: write decimal degrees within ±${limit}.`,
  );
  return undefined;
}

/** A place's position: both coordinates, or null when neither is given or either is wrong (which is reported). */
function readPosition(c: Readonly<Record<string, CsvCell>>, file: string, findings: Findings) {
  const [lat, lon] = [degrees(c.latitude!, 90, file, findings), degrees(c.longitude!, 180, file, findings)];
  if (lat === undefined || lon === undefined) return null;
  if ((lat === null) !== (lon === null)) {
    const cell = c.latitude!;
    findings.error(
      { file, line: cell.line, column: cell.column },
      'place-list',
      'write both latitude and longitude, or neither.',
    );
  }
  return lat === null || lon === null ? null : { lat, lon };
}

/**
 * Reads and checks the place list: a name on every row, no name or alias twice, a position as both latitude and
 * longitude in decimal degrees or neither. Building codes are checked against the buildings by checkPlaceBuildings.
 */
export function readPlaceList(bytes: Uint8Array, show: (rel: string) => string, findings: Findings): PlaceList {
  const file = show(PLACE_LIST.places);
  const places: Place[] = [];
  const seen = new Map<string, number>();
  for (const row of readCsvRows(bytes, file, COLUMNS, findings)) {
    const c = row.cells;
    const at = (cell: CsvCell) => ({ file, line: cell.line, column: cell.column });
    const name = c.name!.value.trim();
    if (!name) {
      findings.error(at(c.name!), 'place-list', 'the name is empty: write the place as people call it.');
      continue;
    }
    const aliases = c.aliases!.value.split('|').map((a) => a.replace(/\s+/g, ' ').trim());
    const names = [name, ...aliases.filter(Boolean)];
    const again = names.find((n) => seen.has(placeKey(n)));
    if (again) {
      const line = seen.get(placeKey(again));
      findings.error(at(c.name!), 'place-list', `"${again}" is already named on line ${line}. Name a place once.`);
    }
    // A place whose own name is new is still a place, by its names no other place has.
    const fresh = names.filter((n) => !seen.has(placeKey(n)));
    if (fresh[0] !== name) continue;
    for (const n of fresh) seen.set(placeKey(n), row.line);
    // A place whose position is wrong is still a place (reported once): the sessions that name it are not warned of.
    const position = readPosition(row.cells, file, findings);
    const building = c.building!.value.trim() || null;
    places.push({
      name,
      aliases: fresh.slice(1),
      building,
      position,
      address: c.address!.value.trim(),
      line: row.line,
      buildingColumn: c.building!.column,
    });
  }
  return { file, places };
}

/** Reports a place whose building code no building of data/buildings/ has. */
export function checkPlaceBuildings(list: PlaceList, codes: ReadonlySet<string>, findings: Findings): void {
  for (const p of list.places) {
    if (p.building === null || codes.has(p.building)) continue;
    findings.error(
      { file: list.file, line: p.line, column: p.buildingColumn },
      'place-list',
      `"${p.name}" names building "${p.building}", which data/buildings/ does not have. ` +
        'Write a building code, or none.',
    );
  }
}

/**
 * Warns of each session location that names no building and no place (`placed` says whether it does), at its cell:
 * its page shows no building and no directions, and no building's page lists it. Placeholders (`TBD`) are left out
 * by `placed`. Only a file holding such a location is parsed again, for its place.
 */
export function checkSessionPlaces(
  records: readonly ReadRecord[],
  sources: readonly SourceFile[],
  columns: readonly string[],
  placed: (location: string) => boolean,
  listFile: string,
  findings: Findings,
): void {
  const files = new Set(records.filter((r) => !placed(String(r.values.location ?? ''))).map((r) => r.at!.file));
  for (const source of sources.filter((s) => files.has(s.file))) {
    for (const row of readCsvRows(source.bytes, source.file, columns, new Findings())) {
      const cell = row.cells.location!;
      if (placed(cell.value)) continue;
      findings.warning(
        { file: row.file, ...cellPosition(cell, cell.value.length - cell.value.trimStart().length) },
        'unknown-place',
        `location "${cell.value.trim()}" names no building of data/buildings/ and no place of ${listFile}: its ` +
          `page shows no map or directions. Write the building's code first ("DC 1301"), ` +
          `or add the place to ${listFile}.`,
      );
    }
  }
}

/**
 * Says, right after the error that kept the buildings from being read (a wrong header), that the place list's
 * buildings and the session locations wait on it: a maintainer fixing every finding is not met by new ones.
 */
function reportUnchecked(
  list: PlaceList,
  sessions: readonly ReadRecord[],
  buildingFiles: readonly SourceFile[],
  findings: Findings,
): void {
  const files = new Set(buildingFiles.map((f) => f.file));
  const cause = findings.errors.find((f) => files.has(f.file));
  if (!cause) return;
  const located = sessions.filter((r) => !isPlaceholderLocation(String(r.values.location ?? ''))).length;
  findings.error(
    { file: list.file, line: 1, column: 1 },
    'reference',
    `the buildings of this list and the ${located} session location${located === 1 ? '' : 's'} are not checked: ` +
      `they name buildings of ${cause.file}, which could not be read (its error is reported above). ` +
      'Fix that first, then check again.',
    { file: cause.file, line: cause.line, column: cause.column },
  );
}

/**
 * Checks the place list against the buildings (checkPlaceBuildings) and every session location against both
 * (checkSessionPlaces): what `npm run check` warns of. Without any building neither is checked: one cause, one
 * finding; when the buildings' file could not be read (its error reported), one more says what waits on it.
 */
export function checkPlaces(
  list: PlaceList,
  datasets: Readonly<Record<string, Tables>>,
  sessions: { records: readonly ReadRecord[]; files: readonly SourceFile[] },
  buildingFiles: readonly SourceFile[],
  columns: readonly string[],
  findings: Findings,
): void {
  const buildings = readBuildings({ datasets });
  if (buildings.length === 0) {
    reportUnchecked(list, sessions.records, buildingFiles, findings);
    return;
  }
  checkPlaceBuildings(list, new Set(buildings.map((b) => b.code)), findings);
  const lookup = buildingLookup(buildings, list.places);
  const placed = (location: string) => isPlaceholderLocation(location) || lookup(location) !== undefined;
  checkSessionPlaces(sessions.records, sessions.files, columns, placed, list.file, findings);
}
