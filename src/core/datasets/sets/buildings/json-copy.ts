import type { Findings, Place } from '../../../read/findings.ts';
import { type JsonMember, type JsonNode, parseJsonFile } from '../../../read/json-tree.ts';
import type { DataRow } from '../../csv-reader.ts';
import type { SourceFile } from '../../dataset.ts';

/** A row of Buildings.csv as the reader reads it (codes trimmed; positions as latitude, longitude). */
export interface BuildingRow {
  row: DataRow;
  id: string;
  code: string;
  parent: string;
  name: string;
  alternates: string[];
  position: [number, number] | null;
  osm: [number, number] | null;
}

/** A position the JSON copy gives, and where its latitude stands. */
export interface JsonPosition {
  latitude: number;
  longitude: number;
  at: Place;
}

const SOURCE = 'The CSV is the source (this copy is not published): correct the copy, or delete it.';

/** The text a string-or-null member holds ('' for null); undefined when it is neither. */
function textOf(node: JsonNode | undefined): string | undefined {
  return node?.kind === 'string' ? node.value : node?.kind === 'null' ? '' : undefined;
}

/** Compares one object's coordinate with the CSV's, naming a rounding as such. */
function compareNumber(key: string, node: JsonNode | undefined, csv: number, where: string, findings: Findings): void {
  if (node?.kind !== 'number' || node.value === csv) return;
  const rounded = Number(csv.toFixed(8)) === node.value;
  findings.warning(
    node.at,
    rounded ? 'json-rounded' : 'json-copy',
    `${key} ${node.text} is ${where}'s ${csv}${rounded ? ' rounded to 8 decimals' : ', another value'}. ${SOURCE}`,
  );
}

/** Compares one building object of the copy with its CSV row; returns the position only the copy gives. */
function compareObject(
  object: Extract<JsonNode, { kind: 'object' }>,
  row: BuildingRow,
  findings: Findings,
): JsonPosition | undefined {
  const member = new Map<string, JsonMember>(object.members.map((m) => [m.key, m]));
  const value = (key: string) => member.get(key)?.value;
  const where = `${row.row.file}:${row.row.line}`;
  for (const [key, column, csv] of [
    ['buildingCode', 'building_code', row.code],
    ['parentBuildingCode', 'parent_code', row.parent],
    ['buildingName', 'building_name', row.name],
  ] as const) {
    const node = value(key);
    const json = textOf(node);
    if (node && json !== undefined && json !== csv)
      findings.warning(node.at, 'json-copy', `${key} "${json}" differs from ${where}'s ${column} "${csv}". ${SOURCE}`);
  }
  const names = value('alternateBuildingNames');
  const list = names?.kind === 'array' ? names.items.map((n) => textOf(n) ?? '') : [];
  if (names && list.join('|') !== row.alternates.join('|')) {
    const given = row.alternates.length ? `gives "${row.alternates.join('|')}"` : 'gives none';
    findings.warning(
      names.at,
      'json-copy',
      `alternateBuildingNames is ${names.kind === 'null' ? 'null' : `"${list.join('|')}"`}, but ${where} ${given}. ` +
        `${SOURCE}`,
    );
  }
  const [lat, lon] = [value('latitude'), value('longitude')];
  if (row.position) {
    compareNumber('latitude', lat, row.position[0], where, findings);
    compareNumber('longitude', lon, row.position[1], where, findings);
    return undefined;
  }
  return lat?.kind === 'number' && lon?.kind === 'number'
    ? { latitude: lat.value, longitude: lon.value, at: lat.at }
    : undefined;
}

/**
 * Compares the upstream's JSON export (a list of objects keyed buildingId, buildingCode, …) with
 * the CSV rows it copies: every disagreement is a warning at the copy's value; a row the copy
 * leaves out is counted in one warning. Returns the positions only the copy gives, by building ID.
 */
/** Why a shape problem of the copy is a warning: it is compared, never published. */
const UNREAD = 'The copy is never published (the CSV is the source), so it is only compared where it can be.';

export function compareJsonCopy(
  file: SourceFile,
  rows: readonly BuildingRow[],
  findings: Findings,
): Map<string, JsonPosition> {
  const positions = new Map<string, JsonPosition>();
  const tree = parseJsonFile(file.bytes, file.file, findings);
  if (!tree) return positions;
  if (tree.kind !== 'array') {
    findings.warning(
      tree.at,
      'json-shape',
      `the copy should be a list of building objects ([{"buildingId": …}]). ${UNREAD}`,
    );
    return positions;
  }
  const byId = new Map(rows.map((r) => [r.id, r]));
  const seen = new Set<string>();
  for (const item of tree.items) {
    const id = item.kind === 'object' ? item.members.find((m) => m.key === 'buildingId')?.value : undefined;
    if (item.kind !== 'object' || id?.kind !== 'string') {
      findings.warning(
        item.at,
        'json-shape',
        `each item should be a building object, its buildingId a string. ${UNREAD}`,
      );
      continue;
    }
    const row = byId.get(id.value);
    seen.add(id.value);
    if (!row) findings.warning(id.at, 'json-copy', `building ${id.value} is not in Buildings.csv. ${SOURCE}`);
    const position = row && compareObject(item, row, findings);
    if (position) positions.set(id.value, position);
  }
  const missing = rows.filter((r) => r.id !== '' && !seen.has(r.id));
  if (missing.length > 0) {
    const codeless = missing.every((r) => r.code === '') ? ', all of them rows without a building_code' : '';
    const ids = missing
      .slice(0, 5)
      .map((r) => r.id)
      .join(', ');
    findings.warning(
      tree.at,
      'json-copy',
      `the copy holds ${tree.items.length} buildings and leaves out ${missing.length} rows of ` +
        `Buildings.csv${codeless} (IDs ${ids}${missing.length > 5 ? ', …' : ''}). ${SOURCE}`,
    );
  }
  return positions;
}
