import { fileNameProblem } from '../read/file-name.ts';
import type { Findings } from '../read/findings.ts';
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
  const rows = readCsvRows(bytes, file, DIRECTORY_COLUMNS, findings);
  const byId = new Map<number, number>();
  const byPath = new Map<string, number>();
  const serviceNames = new Map<number, string>();
  const schemaNames = new Map<string, { line: number; path: string }>();
  const entries: MethodEntry[] = [];
  for (const row of rows) {
    const v = (name: (typeof DIRECTORY_COLUMNS)[number]) => row.cells[name]!.value;
    const at = (name: (typeof DIRECTORY_COLUMNS)[number]) => ({
      file,
      line: row.cells[name]!.line,
      column: row.cells[name]!.column,
    });
    const integer = (name: 'method_id' | 'service_id' | 'cache_seconds', required: boolean): number | undefined => {
      if (v(name) === '' && !required) return undefined;
      if (/^\d+$/.test(v(name))) return Number(v(name));
      findings.error(
        at(name),
        'directory',
        `${name} "${v(name)}" is not a whole number (e.g. ${name === 'cache_seconds' ? '0' : '1129'}).`,
      );
      return undefined;
    };
    const yesNo = (name: 'enabled' | 'key_required'): boolean | undefined => {
      if (v(name) === '') return undefined;
      if (v(name) === 'yes' || v(name) === 'no') return v(name) === 'yes';
      findings.error(at(name), 'directory', `${name} "${v(name)}" must be yes, no, or empty when not documented.`);
      return undefined;
    };
    const text = (name: (typeof DIRECTORY_COLUMNS)[number]) => v(name) || undefined;

    const methodId = integer('method_id', true);
    const serviceId = integer('service_id', true);
    const path = v('path');
    if (!PATH_PATTERN.test(path)) {
      findings.error(
        at('path'),
        'directory',
        `path "${path}" must start with /, use lower-case segments or {placeholders}, and end in .{format}, ` +
          `e.g. /resources/infosessions.{format}.`,
      );
    }
    if (PATH_PATTERN.test(path)) {
      // Each segment names a folder or file of the output, and so does the name of its schemas.
      const segments = path
        .replace(/\.\{format\}$/, '')
        .slice(1)
        .split('/');
      const named = segments.map((s) => (s.startsWith('{') ? undefined : fileNameProblem(s))).find((p) => p);
      const schema = sitePaths.jsonSchema({ path });
      const schemaName = schema.split('/').pop()!;
      const before = schemaNames.get(schemaName);
      const shown = path.length > 60 ? `${path.slice(0, 57)}...` : path;
      if (named) findings.error(at('path'), 'file-name', `a segment of path ${shown}: ${named}.`);
      else if (fileNameProblem(schemaName)) {
        const message = `the schemas of path ${shown} would be named ${schemaName}: ${fileNameProblem(schemaName)}.`;
        findings.error(at('path'), 'file-name', message);
      } else if (before && before.path !== path) {
        const message =
          `the schemas of path ${path} would be ${schema}, as those of ${before.path} on line ${before.line}: ` +
          'one file for two methods. ' +
          "Choose a path whose last segment no other method's path ends in.";
        findings.error(at('path'), 'file-name', message);
      } else schemaNames.set(schemaName, { line: row.line, path });
    }
    const duplicate = <K>(seen: Map<K, number>, key: K, column: (typeof DIRECTORY_COLUMNS)[number], what: string) => {
      const before = seen.get(key);
      if (before !== undefined)
        findings.error(
          at(column),
          'directory',
          `${what} is already used on line ${before}; each method needs its own.`,
        );
      else seen.set(key, row.line);
    };
    if (methodId !== undefined) duplicate(byId, methodId, 'method_id', `method_id ${methodId}`);
    duplicate(byPath, path, 'path', `path ${path}`);
    const serviceName = v('service_name');
    if (serviceName === '')
      findings.error(at('service_name'), 'directory', 'service_name is empty: name the service (e.g. resources).');
    if (serviceId !== undefined) {
      const known = serviceNames.get(serviceId);
      if (known !== undefined && known !== serviceName) {
        findings.error(
          at('service_name'),
          'directory',
          `service ${serviceId} is called "${known}" on an earlier line, not "${serviceName}". ` +
            `One service ID has one name.`,
        );
      }
      serviceNames.set(serviceId, serviceName);
    }
    const source = text('source');
    if (source !== undefined) {
      if (!knownSources.includes(source)) {
        findings.error(
          at('source'),
          'directory',
          `source "${source}" is not a data set this build knows (${knownSources.join(', ')}). ` +
            `Leave it empty for a method listed without data.`,
        );
      }
    }
    const noDataNote = text('no_data_note');
    if (noDataNote !== undefined && source !== undefined) {
      findings.error(
        at('no_data_note'),
        'directory',
        `method ${v('method_id')} names the data set "${source}" and a no_data_note; ` +
          `the note says why no data is published. Keep one.`,
      );
    }
    if (noDataNote !== undefined && pathParameters(path).length > 0) {
      findings.error(
        at('no_data_note'),
        'directory',
        `method ${v('method_id')} has placeholders in its path, so it has no file to hold a no-data answer. ` +
          `Say it on the purpose instead, or leave no_data_note empty.`,
      );
    }
    entries.push({
      methodId: methodId ?? 0,
      name: text('name'),
      path,
      serviceId: serviceId ?? 0,
      serviceName,
      enabled: yesNo('enabled'),
      keyRequired: yesNo('key_required'),
      dataType: text('data_type'),
      updateFrequency: text('update_frequency'),
      cacheSeconds: integer('cache_seconds', false),
      usageCounting: text('usage_counting'),
      purpose: text('purpose'),
      source,
      noDataNote,
      parameters: pathPlaceholders(path),
      line: row.line,
    });
  }
  return stripUndefined(entries);
}

/** Drops absent optional facts so entries compare and serialise cleanly. */
function stripUndefined(entries: MethodEntry[]): MethodEntry[] {
  return entries.map(
    (e) => Object.fromEntries(Object.entries(e).filter(([, x]) => x !== undefined)) as unknown as MethodEntry,
  );
}
