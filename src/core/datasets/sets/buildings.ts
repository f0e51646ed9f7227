import type { Findings, Place } from '../../read/findings.ts';
import { buildingRecord, buildingTableRecord } from '../../records/buildings-record.ts';
import type { RecordOf } from '../../records/record-spec.ts';
import type { DataRecord } from '../../records/site-data.ts';
import { type DataRow, readCsvRows } from '../csv-reader.ts';
import { defineDataset, type Feed, type SourceFile } from '../dataset.ts';

/** A building as the reader makes it (its published record and the code of the building it is a part of). */
type BuildingRecord = DataRecord<RecordOf<typeof buildingTableRecord>>;
/** What the reader returns. */
type BuildingTables = { buildings: readonly BuildingRecord[] };

import { type BuildingRow, compareJsonCopy } from './buildings/json-copy.ts';

/**
 * The data set's source, and the upstream's JSON export of it (compared with the CSV when present,
 * never published).
 */
const CSV_FILE = 'Buildings.csv';
const JSON_FILE = 'Buildings.json';
const COLUMNS = [
  'building_id',
  'building_code',
  'parent_code',
  'building_name',
  'alternate_building_names',
  'latitude',
  'longitude',
  'current',
  'latitude_osm',
  'longitude_osm',
  'youtube_vid',
  'streamable_vid',
];
const DECIMAL = /^-?\d{1,3}(\.\d+)?$/;

const placeOf = (row: DataRow, column: string): Place => ({
  file: row.file,
  line: row.cell(column).line,
  column: row.cell(column).column,
});
const text = (row: DataRow, column: string) => row.cell(column).value.trim();

/** A position from two columns: both empty is none; one empty, not a decimal number or out of range is an error. */
function readPosition(
  row: DataRow,
  [lat, lon]: readonly [string, string],
  findings: Findings,
): [number, number] | null {
  if (text(row, lat) === '' && text(row, lon) === '') return null;
  const empty = [lat, lon].find((c) => text(row, c) === '');
  if (empty) {
    findings.error(
      placeOf(row, empty),
      'coordinates',
      `${empty} is empty but ${empty === lat ? lon : lat} is given: a position needs both (or neither, for none).`,
    );
    return null;
  }
  const values = [lat, lon].map((column, k) => {
    const value = text(row, column);
    const limit = k === 0 ? 90 : 180;
    if (!DECIMAL.test(value))
      findings.error(
        placeOf(row, column),
        'number',
        `${column} "${value}" is not a decimal number of degrees such as ${k === 0 ? '43.4723' : '-80.5449'}.`,
      );
    else if (Math.abs(Number(value)) > limit)
      findings.error(
        placeOf(row, column),
        'coordinates',
        `${column} ${value} is outside -${limit} to ${limit} degrees: check the sign and the decimal point.`,
      );
    else return Number(value);
    return undefined;
  });
  return values[0] === undefined || values[1] === undefined ? null : [values[0], values[1]];
}

/** Reads one row's cells: required ID and name, the pipe-separated other names, both positions, `current` 0 or 1. */
function readRow(row: DataRow, findings: Findings): BuildingRow {
  for (const column of ['building_id', 'building_name']) {
    if (text(row, column) === '')
      findings.error(
        placeOf(row, column),
        'empty',
        `${column} is empty: every building needs its ${column === 'building_id' ? 'number' : 'name'}.`,
      );
  }
  const id = text(row, 'building_id');
  if (id !== '' && !/^[A-Za-z0-9]+$/.test(id))
    findings.error(
      placeOf(row, 'building_id'),
      'building-id',
      `building_id "${id}" is not a building number: use letters and digits only, e.g. 20CC.`,
    );
  const names = row.cell('alternate_building_names').value;
  const alternates = names.trim() === '' ? [] : names.split('|').map((n) => n.trim());
  if (alternates.includes(''))
    findings.warning(
      placeOf(row, 'alternate_building_names'),
      'alternate-names',
      `alternate_building_names "${names}" has an empty name between pipes; it is left out. ` +
        `Separate names by one | each.`,
    );
  if (!['0', '1'].includes(text(row, 'current')))
    findings.error(
      placeOf(row, 'current'),
      'current',
      `current "${text(row, 'current')}" is not 1 (a building in use) or 0 (gone or off campus).`,
    );
  return {
    row,
    id,
    code: text(row, 'building_code'),
    parent: text(row, 'parent_code'),
    name: row.cell('building_name').value,
    alternates: alternates.filter((n) => n !== ''),
    position: readPosition(row, ['latitude', 'longitude'], findings),
    osm: readPosition(row, ['latitude_osm', 'longitude_osm'], findings),
  };
}

/**
 * Resolves the rows into buildings, one per code, in file order: a code names one building (a
 * repeat is an error, and the first row keeps it), and a row whose parent_code names a building
 * is one of its building_sections (besides a building of its own, when it has its own code).
 */
function resolve(rows: readonly BuildingRow[], findings: Findings): BuildingRecord[] {
  const holders = codeHolders(rows, findings);
  const sections = buildingSections(rows, holders, findings);
  return [...holders.values()].map((r) => publishedBuilding(r, sections.get(r.code) ?? []));
}

/**
 * The row that holds each building_code (the first to give it), reporting, row by row, a building_id or a code an
 * earlier row gave.
 */
function codeHolders(rows: readonly BuildingRow[], findings: Findings): Map<string, BuildingRow> {
  const holders = new Map<string, BuildingRow>();
  const ids = new Map<string, BuildingRow>();
  for (const r of rows) {
    const sameId = ids.get(r.id);
    if (r.id !== '' && sameId)
      findings.error(
        placeOf(r.row, 'building_id'),
        'duplicate-id',
        `building_id ${r.id} is already used at ${sameId.row.file}:${sameId.row.line}. Give each row its own number.`,
      );
    else ids.set(r.id, r);
    if (r.code === '') continue;
    const first = holders.get(r.code);
    if (!first) holders.set(r.code, r);
    else findings.error(placeOf(r.row, 'building_code'), 'duplicate-code', repeatedCode(r, first));
  }
  return holders;
}

/** Why a row may not give the code an earlier row holds, and what to do instead. */
function repeatedCode(r: BuildingRow, first: BuildingRow): string {
  const at = `${first.name} at ${first.row.file}:${first.row.line}`;
  if (r.parent === r.code)
    return (
      `building_code ${r.code} is already the code of ${at}, and parent_code names it too: ` +
      `this row is a part of that building. Leave building_code empty; ` +
      `a part without a code of its own is published in ${r.code}'s building_sections.`
    );
  if (first.parent !== '' && r.parent === '')
    return (
      `building_code ${r.code} is already the code of ${at}, a part of ${first.parent}, ` +
      `and /buildings/${r.code} publishes one building. ` +
      `Leave the part's building_code empty (it stays in ${first.parent}'s building_sections), ` +
      `or give one of the two another code.`
    );
  return (
    `building_code ${r.code} is already the code of ${at}, and /buildings/${r.code} publishes one ` +
    `building. Give this row a code of its own or, when it is a part of another building (parent_code), ` +
    `leave building_code empty.`
  );
}

/**
 * The rows that are parts of each building, by its code; reports a row with neither code nor parent, a row that is
 * its own parent, and a parent_code that names no building.
 */
function buildingSections(
  rows: readonly BuildingRow[],
  holders: ReadonlyMap<string, BuildingRow>,
  findings: Findings,
): Map<string, BuildingRow[]> {
  const sections = new Map<string, BuildingRow[]>();
  for (const r of rows) {
    if (r.parent === '') {
      const gone =
        text(r.row, 'current') === '0' ? ', or remove the row (current is 0: the building is gone or off campus)' : '';
      if (r.code === '')
        findings.warning(
          placeOf(r.row, 'building_code'),
          'no-code',
          `building_code is empty and parent_code names no building this row is a part of, ` +
            `so no method publishes it. Give it its code${gone}.`,
        );
    } else if (r.parent === r.code && holders.get(r.code) === r) {
      findings.error(
        placeOf(r.row, 'parent_code'),
        'parent',
        `parent_code ${r.parent} is this row's own building_code: a building is not a part of itself. ` +
          `Leave parent_code empty.`,
      );
    } else if (!holders.has(r.parent)) {
      findings.error(
        placeOf(r.row, 'parent_code'),
        'parent',
        `parent_code ${r.parent} is the code of no building in ${CSV_FILE}. ` +
          `Give the code of the building this row is a part of, or leave it empty.`,
      );
    } else sections.set(r.parent, [...(sections.get(r.parent) ?? []), r]);
  }
  return sections;
}

/** A building's published record: its row's values, with its sections' names and positions. */
function publishedBuilding(r: BuildingRow, sections: readonly BuildingRow[]): BuildingRecord {
  return {
    values: {
      building_id: r.id,
      building_code: r.code,
      building_name: r.name,
      alternate_names: r.alternates,
      latitude: r.position?.[0] ?? null,
      longitude: r.position?.[1] ?? null,
      building_sections: sections.map((s) => ({
        section_name: s.name,
        latitude: s.position?.[0] ?? null,
        longitude: s.position?.[1] ?? null,
      })),
      parent_code: r.parent === '' || r.parent === r.code ? null : r.parent,
    },
    at: placeOf(r.row, 'building_id'),
    fileKey: 'Buildings',
  };
}

/**
 * Warns where a published row has no position but the data has one for it: the JSON copy's, or
 * OpenStreetMap's columns.
 */
function hintPositions(
  rows: readonly BuildingRow[],
  fromJson: ReadonlyMap<string, { latitude: number; longitude: number; at: Place }>,
  findings: Findings,
): void {
  for (const r of rows) {
    if (r.position || (r.code === '' && r.parent === '')) continue;
    // A position written but wrong is reported as it is; the hint is for one never written.
    if (text(r.row, 'latitude') !== '' || text(r.row, 'longitude') !== '') continue;
    const json = fromJson.get(r.id);
    const source = json
      ? `${JSON_FILE}:${json.at.line} gives ${json.latitude}, ${json.longitude}`
      : r.osm && `latitude_osm and longitude_osm give ${r.osm[0]}, ${r.osm[1]}`;
    if (source)
      findings.warning(
        placeOf(r.row, 'latitude'),
        'coordinates',
        `latitude and longitude are empty, so the building is published without a position, but ${source}. ` +
          `Copy them into latitude and longitude.`,
      );
  }
}

/** A method publishing the buildings: the list (1213), or one file per code (1217). */
const buildingsFeed = (data: Feed['data']): Feed<BuildingTables> => ({
  record: buildingRecord,
  data,
  records: ({ tables }) => tables.buildings ?? [],
  ...(data === 'object' ? { params: (record: BuildingRecord) => [String(record.values.building_code)] } : {}),
});

/**
 * The campus buildings: data/buildings/Buildings.csv, one row per building or part of one, feeding
 * methods 1213 and 1217.
 */
export const dataset = defineDataset({
  name: 'buildings',
  title: 'Campus buildings: numbers, codes, names, other names, positions and parts (uWaterloo/Datasets Buildings)',
  source: {
    repository: 'uWaterloo/Datasets',
    path: 'Buildings/Buildings.csv',
    url: 'https://github.com/uWaterloo/Datasets/blob/9259aca/Buildings/Buildings.csv',
  },
  tables: [
    {
      name: 'buildings',
      record: buildingTableRecord,
      key: ['building_code'],
      shown: ['building_code', 'building_id', 'building_name'],
    },
  ],
  read(files: readonly SourceFile[], findings: Findings): BuildingTables {
    const csv = files.find((f) => f.rel === CSV_FILE);
    for (const f of files.filter((x) => x.rel !== CSV_FILE && x.rel !== JSON_FILE)) {
      findings.error(
        { file: f.file, line: 1, column: 1 },
        'unknown-file',
        `this file belongs to no table of the data set "buildings". ` +
          `Its source is ${CSV_FILE} (and ${JSON_FILE}, the upstream's copy, only compared); rename or remove it.`,
      );
    }
    const rows = csv ? readCsvRows(csv.bytes, csv.file, COLUMNS, findings).map((row) => readRow(row, findings)) : [];
    const buildings = resolve(rows, findings);
    const json = files.find((f) => f.rel === JSON_FILE);
    if (json && !csv)
      findings.error(
        { file: json.file, line: 1, column: 1 },
        'missing-file',
        `${JSON_FILE} is a copy of ${CSV_FILE}, which is missing: the CSV is the data set's source.`,
      );
    hintPositions(rows, json && csv ? compareJsonCopy(json, rows, findings) : new Map(), findings);
    return { buildings };
  },
  feeds: { 1213: buildingsFeed('array'), 1217: buildingsFeed('object') },
});
