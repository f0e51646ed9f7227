import { fileNameProblem } from '../read/file-name.ts';
import type { Findings, Place } from '../read/findings.ts';
import { type MethodEntry, pathParameters } from '../records/method-entry.ts';
import { sitePaths } from '../site/paths.ts';
import { readCsvRows } from './csv-reader.ts';

/** The columns of data/methods.csv, in order. */
export const DIRECTORY_COLUMNS = [
  'method_id',
  'name',
  'path',
  'service_id',
  'service_name',
  'enabled',
  'key_required',
  'data_type',
  'update_frequency',
  'cache_seconds',
  'usage_counting',
  'purpose',
  'source',
  'no_data_note',
] as const;

const PATH_PATTERN = /^(?:\/(?:[a-z0-9_-]+|\{[a-z_][a-z0-9_]*\}))+\.\{format\}$/;

/** The placeholder names of a path, in order: `/courses/{department}.{format}` → department, format. */
function pathPlaceholders(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
}

/** A column of the directory. */
type Column = (typeof DIRECTORY_COLUMNS)[number];

/** One row of the directory as its rules read it: each column's text, and where its cell stands. */
interface DirectoryRow {
  line: number;
  value(name: Column): string;
  at(name: Column): Place;
}

/** What the rules of the directory remember from row to row: who used each ID, path, service and schema name. */
interface DirectoryState {
  byId: Map<number, number>;
  byPath: Map<string, number>;
  serviceNames: Map<number, string>;
  schemaNames: Map<string, { line: number; path: string }>;
}

/** A whole number column: a number, or undefined (an error unless the column may be empty). */
function readInteger(
  row: DirectoryRow,
  name: 'method_id' | 'service_id' | 'cache_seconds',
  required: boolean,
  findings: Findings,
): number | undefined {
  const v = row.value(name);
  if (v === '' && !required) return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  const example = name === 'cache_seconds' ? '0' : '1129';
  findings.error(row.at(name), 'directory', `${name} "${v}" is not a whole number (e.g. ${example}).`);
  return undefined;
}

/** A yes/no column: true, false, or undefined when empty (or wrong: an error). */
function readYesNo(row: DirectoryRow, name: 'enabled' | 'key_required', findings: Findings): boolean | undefined {
  const v = row.value(name);
  if (v === '') return undefined;
  if (v === 'yes' || v === 'no') return v === 'yes';
  findings.error(row.at(name), 'directory', `${name} "${v}" must be yes, no, or empty when not documented.`);
  return undefined;
}

/** The path's shape, its segments and its schemas' file name (each names a folder or file of the output). */
function checkPath(row: DirectoryRow, path: string, state: DirectoryState, findings: Findings): void {
  if (!PATH_PATTERN.test(path)) {
    findings.error(
      row.at('path'),
      'directory',
      `path "${path}" must start with /, use lower-case segments or {placeholders}, and end in .{format}, ` +
        `e.g. /resources/infosessions.{format}.`,
    );
    return;
  }
  const segments = path
    .replace(/\.\{format\}$/, '')
    .slice(1)
    .split('/');
  const named = segments.map((s) => (s.startsWith('{') ? undefined : fileNameProblem(s))).find((p) => p);
  const schema = sitePaths.jsonSchema({ path });
  const schemaName = schema.split('/').pop() ?? schema;
  const before = state.schemaNames.get(schemaName);
  const shown = path.length > 60 ? `${path.slice(0, 57)}...` : path;
  if (named) findings.error(row.at('path'), 'file-name', `a segment of path ${shown}: ${named}.`);
  else if (fileNameProblem(schemaName)) {
    const message = `the schemas of path ${shown} would be named ${schemaName}: ${fileNameProblem(schemaName)}.`;
    findings.error(row.at('path'), 'file-name', message);
  } else if (before && before.path !== path) {
    const message =
      `the schemas of path ${path} would be ${schema}, as those of ${before.path} on line ${before.line}: ` +
      'one file for two methods. ' +
      "Choose a path whose last segment no other method's path ends in.";
    findings.error(row.at('path'), 'file-name', message);
  } else state.schemaNames.set(schemaName, { line: row.line, path });
}

/** Reports a value an earlier row of the column used (`seen`: each value and its line), else remembers it. */
function checkUnique<K>(row: DirectoryRow, seen: Map<K, number>, key: K, column: Column, what: string, f: Findings) {
  const before = seen.get(key);
  if (before !== undefined)
    f.error(row.at(column), 'directory', `${what} is already used on line ${before}; each method needs its own.`);
  else seen.set(key, row.line);
}

/** The service's name: given, and one name per service ID. */
function checkService(row: DirectoryRow, serviceId: number | undefined, state: DirectoryState, findings: Findings) {
  const serviceName = row.value('service_name');
  if (serviceName === '')
    findings.error(row.at('service_name'), 'directory', 'service_name is empty: name the service (e.g. resources).');
  if (serviceId === undefined) return serviceName;
  const known = state.serviceNames.get(serviceId);
  if (known !== undefined && known !== serviceName) {
    findings.error(
      row.at('service_name'),
      'directory',
      `service ${serviceId} is called "${known}" on an earlier line, not "${serviceName}". ` +
        `One service ID has one name.`,
    );
  }
  state.serviceNames.set(serviceId, serviceName);
  return serviceName;
}

/** The data set that feeds the method (one this build knows) or the note saying why none does: never both. */
function readSource(row: DirectoryRow, path: string, knownSources: readonly string[], findings: Findings) {
  const source = row.value('source') || undefined;
  if (source !== undefined && !knownSources.includes(source)) {
    findings.error(
      row.at('source'),
      'directory',
      `source "${source}" is not a data set this build knows (${knownSources.join(', ')}). ` +
        `Leave it empty for a method listed without data.`,
    );
  }
  const noDataNote = row.value('no_data_note') || undefined;
  const id = row.value('method_id');
  if (noDataNote !== undefined && source !== undefined) {
    findings.error(
      row.at('no_data_note'),
      'directory',
      `method ${id} names the data set "${source}" and a no_data_note; ` +
        `the note says why no data is published. Keep one.`,
    );
  }
  if (noDataNote !== undefined && pathParameters(path).length > 0) {
    findings.error(
      row.at('no_data_note'),
      'directory',
      `method ${id} has placeholders in its path, so it has no file to hold a no-data answer. ` +
        `Say it on the purpose instead, or leave no_data_note empty.`,
    );
  }
  return { source, noDataNote };
}

/** The entry of one row, its rules checked in the column order a contributor reads them. */
function readEntry(row: DirectoryRow, state: DirectoryState, knownSources: readonly string[], f: Findings) {
  const text = (name: Column) => row.value(name) || undefined;
  const methodId = readInteger(row, 'method_id', true, f);
  const serviceId = readInteger(row, 'service_id', true, f);
  const path = row.value('path');
  checkPath(row, path, state, f);
  if (methodId !== undefined) checkUnique(row, state.byId, methodId, 'method_id', `method_id ${methodId}`, f);
  checkUnique(row, state.byPath, path, 'path', `path ${path}`, f);
  const serviceName = checkService(row, serviceId, state, f);
  const { source, noDataNote } = readSource(row, path, knownSources, f);
  return {
    methodId: methodId ?? 0,
    name: text('name'),
    path,
    serviceId: serviceId ?? 0,
    serviceName,
    enabled: readYesNo(row, 'enabled', f),
    keyRequired: readYesNo(row, 'key_required', f),
    dataType: text('data_type'),
    updateFrequency: text('update_frequency'),
    cacheSeconds: readInteger(row, 'cache_seconds', false, f),
    usageCounting: text('usage_counting'),
    purpose: text('purpose'),
    source,
    noDataNote,
    parameters: pathPlaceholders(path),
    line: row.line,
  };
}

/**
 * Reads and checks the method directory. Every row becomes an entry; problems are
 * reported to `findings` (the caller stops on errors).
 */
export function readDirectory(
  bytes: Uint8Array,
  file: string,
  knownSources: readonly string[],
  findings: Findings,
): MethodEntry[] {
  const state: DirectoryState = { byId: new Map(), byPath: new Map(), serviceNames: new Map(), schemaNames: new Map() };
  const entries: MethodEntry[] = [];
  for (const csvRow of readCsvRows(bytes, file, DIRECTORY_COLUMNS, findings)) {
    const row: DirectoryRow = {
      line: csvRow.line,
      value: (name) => csvRow.cell(name).value,
      at: (name) => ({ file, line: csvRow.cell(name).line, column: csvRow.cell(name).column }),
    };
    entries.push(readEntry(row, state, knownSources, findings));
  }
  return stripUndefined(entries);
}

/** Drops absent optional facts so entries compare and serialise cleanly. */
function stripUndefined(entries: MethodEntry[]): MethodEntry[] {
  return entries.map(
    (e) => Object.fromEntries(Object.entries(e).filter(([, x]) => x !== undefined)) as unknown as MethodEntry,
  );
}
