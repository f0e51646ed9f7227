import { Findings, type Place } from '../read/findings.ts';
import type { AudienceList } from '../records/audience-list.ts';
import { infosessionRecord } from '../records/infosession-record.ts';
import type { MethodEntry, MethodFile } from '../records/method-entry.ts';
import type { PlaceList } from '../records/place-list.ts';
import type { ProgramList } from '../records/program-list.ts';
import { fieldNames, recordProblem } from '../records/record-spec.ts';
import { SPEC_METHODS } from '../records/spec-methods.ts';
import { AUDIENCE_LIST, checkSessionAudiences, readAudienceList } from './audience-list.ts';
import type { Dataset, DatasetRegistry, ReadRecord, SourceFile, TableSpec, Tables } from './dataset.ts';
import { readDirectory } from './directory.ts';
import { checkMethodFiles } from './method-files.ts';
import { checkPlaces, PLACE_LIST, readPlaceList } from './place-list.ts';
import { abbreviationsOf, checkSessionPrograms, facultiesOf, PROGRAM_LIST, readProgramList } from './program-list.ts';

/** The name of the method directory inside a data folder. */
export const DIRECTORY_FILE = 'methods.csv';

/** One data file of a data folder: its path relative to the folder (forward slashes) and its bytes. */
export interface DataFileInput {
  rel: string;
  bytes: Uint8Array;
}

/** The result of reading a data folder: what it holds and everything found wrong with it. */
export interface DataReport {
  directory: MethodEntry[] | undefined;
  /** Each data set's tables, by data set name (only the sets that had files). */
  datasets: Record<string, Tables>;
  /** The program list (data/programs/), when the folder has one. */
  programs: ProgramList | undefined;
  /** The audience list (data/audiences/), when the folder has one. */
  audiences: AudienceList | undefined;
  /** The place list (data/places/), when the folder has one. */
  places: PlaceList | undefined;
  findings: Findings;
  /** Paths as shown in findings, in the order read. */
  files: string[];
  /** The files of each method a data set (not a derived one) feeds, by method ID, as they were checked. */
  methodFiles: Map<number, MethodFile[]>;
}

/**
 * Which data set a file belongs to, and its path inside that set's folder: the folder it sits
 * in (`quest/Terms.csv`), or the checked folder itself when that is named for a data set
 * (`npm run check -- ../shared/datasets/quest`), or failing both a data set its file name names
 * (`1139infosessions.csv`).
 */
function datasetOf(
  rel: string,
  registry: DatasetRegistry,
  folderName: string | undefined,
): { name: string; inner: string } | undefined {
  const [first, ...rest] = rel.split('/');
  const real = (name: string | undefined) =>
    name !== undefined && registry[name] !== undefined && !registry[name]!.derived;
  if (rest.length > 0 && real(first)) return { name: first!, inner: rest.join('/') };
  if (real(folderName)) return { name: folderName!, inner: rel };
  const base = rel.split('/').pop()!.toLowerCase();
  const named = Object.keys(registry).find((name) => real(name) && base.includes(name));
  return named ? { name: named, inner: rel } : undefined;
}

/** The place findings name for a record: where it stands, or its method's row of the directory. */
function placeOf(record: ReadRecord, fallback: Place): Place {
  return record.at ?? fallback;
}

/** Checks what every data set's tables must hold: records that fit their description, and keys held once. */
function checkTables(set: Dataset, tables: Tables, findings: Findings): void {
  const name = set.name;
  for (const table of set.tables) {
    const seen = new Map<string, Place>();
    for (const record of tables[table.name] ?? []) {
      const at = placeOf(record, { file: name, line: 1, column: 1 });
      const problem = recordProblem(record.values, table.record.fields, `a ${table.record.title.toLowerCase()} record`);
      // A reader should make only records that fit their description; one that does not is still the
      // data's finding at its place (never an exception: "unexpected error" is unreachable from data).
      if (problem) {
        const message =
          `this row makes no valid record: ${problem}. ` +
          "Correct the value (the data set's README says what each column holds).";
        findings.error(at, 'record', message);
        continue;
      }
      if (table.repeats) continue;
      checkKey(table, record, at, seen, findings);
    }
  }
}

/** Reports a record whose key an earlier record of its table has (`seen`: each key and where it was first). */
function checkKey(table: TableSpec, record: ReadRecord, at: Place, seen: Map<string, Place>, findings: Findings): void {
  const key = table.key.map((k) => String(record.values[k])).join(' ');
  const before = seen.get(key);
  if (before) {
    findings.error(
      at,
      'duplicate-key',
      `${table.key.join(' and ')} ${key} is already used at ${before.file}:${before.line}. ` +
        `Each ${table.record.title.toLowerCase()} is listed once: ` +
        `merge the two rows or give this one its own ${table.key.join(' and ')}.`,
    );
  } else {
    seen.set(key, at);
  }
}

/**
 * Whether files (paths inside a folder) are a whole data folder, the kind the build reads: one holding the method
 * directory, or the folders of two data sets or more (`infosessions/`, `quest/`, …: a copy of data/). A folder of
 * one data set's files, at its top (`../shared/datasets/quest`) or in its folder (`infosessions/1139.csv`), is a
 * part, checked alone.
 */
export function isWholeDataFolder(rels: readonly string[], registry: DatasetRegistry): boolean {
  if (rels.includes(DIRECTORY_FILE)) return true;
  const sets = Object.values(registry).filter((s) => !s.derived);
  const held = sets.filter((s) => rels.some((rel) => rel.startsWith(`${s.name}/`)));
  return held.length >= 2;
}

/**
 * Warns about a file of the data folder that no reader takes (not CSV or JSON, such as `1139.txt` or `1139.csv.`):
 * its data is published nowhere, so a mistyped extension would silently drop a term.
 */
export function reportUnreadFile(file: string, findings: Findings): void {
  const base = file.split('/').pop()!;
  const stem = base.replace(/[.\s]+$/, '').replace(/\.[^.]*$/, '');
  findings.warning(
    { file, line: 1, column: 1 },
    'unread-file',
    `this file is not read: only .csv and .json files are data, so nothing in it is checked or published. ` +
      `If it holds data, name it ${stem}.csv (or ${stem}.json); otherwise move it out of the data folder.`,
  );
}

/** Reports disagreements between the directory's `source` column and the methods each data set feeds. */
function checkSources(
  directory: readonly MethodEntry[],
  registry: DatasetRegistry,
  file: string,
  findings: Findings,
): void {
  const byId = new Map(directory.map((e) => [e.methodId, e]));
  for (const entry of directory) {
    const set = entry.source === undefined ? undefined : registry[entry.source];
    if (set && !set.feeds[entry.methodId]) {
      const fed = Object.keys(set.feeds).join(', ') || 'none';
      findings.error(
        { file, line: entry.line, column: 1 },
        'directory',
        `source "${entry.source}" does not feed method ${entry.methodId} (it feeds ${fed}). ` +
          `Name the data set that does, or leave source empty.`,
      );
    }
  }
  for (const set of Object.values(registry)) {
    for (const id of Object.keys(set.feeds).map(Number)) {
      const entry = byId.get(id);
      if (entry && entry.source !== set.name) {
        findings.error(
          { file, line: entry.line, column: 1 },
          'directory',
          `the data set "${set.name}" feeds method ${id}, but its row names ` +
            `${entry.source ? `source "${entry.source}"` : 'no source'}. Write ${set.name} in its source column.`,
        );
      }
    }
  }
}

/**
 * What a whole data folder must hold for the build, beyond each file being right: the directory,
 * every method the specification requires at its path, a data file for every data set a method
 * publishes, and a method for every data set that has files. The check and the build both read a
 * folder through readDataFiles, which runs this, so they agree on what is valid.
 */
function checkWholeFolder(
  directory: readonly MethodEntry[] | undefined,
  datasets: Record<string, Tables>,
  registry: DatasetRegistry,
  show: (rel: string) => string,
  findings: Findings,
): void {
  const file = show(DIRECTORY_FILE);
  const top = { file, line: 1, column: 1 };
  if (!directory) {
    // A directory that is there but could not be read (a link, a special file) is already reported.
    if (!findings.errors.some((f) => f.file === file)) {
      findings.error(top, 'directory', 'the method directory is missing: the build needs it to know what to publish.');
    }
    return;
  }
  const byId = new Map(directory.map((e) => [e.methodId, e]));
  for (const [id, path] of SPEC_METHODS) {
    const entry = byId.get(id);
    if (!entry) {
      const message = `the directory lacks method ${id} (${path}), which the specification requires. Add its row back.`;
      findings.error(top, 'required-method', message);
    } else if (entry.path !== path) {
      const message = `method ${id} is at ${entry.path}, but the specification puts it at ${path}. Write that path.`;
      findings.error({ file, line: entry.line, column: 1 }, 'required-method', message);
    }
  }
  for (const entry of directory) {
    const set = entry.source === undefined ? undefined : registry[entry.source];
    if (set && !set.derived && !datasets[set.name]) {
      const folder = show(set.name);
      const message = `method ${entry.methodId} publishes the data set "${set.name}", but ${folder}/ has no data file.`;
      findings.error({ file, line: entry.line, column: 1 }, 'directory', message);
    }
  }
  for (const name of Object.keys(datasets)) {
    for (const id of Object.keys(registry[name]!.feeds).map(Number)) {
      if (byId.has(id)) continue;
      const message =
        `the data set "${name}" feeds method ${id}, which the directory lacks: its data would be published nowhere. ` +
        `Add the method's row, or remove ${show(name)}/.`;
      findings.error(top, 'directory', message);
    }
  }
}

/** Reads a data set's files by its reader, with the checks every data set gets (records that fit, keys once). */
export function readAndCheck(set: Dataset, files: readonly SourceFile[], findings: Findings): Tables {
  const tables = set.read(files, findings);
  checkTables(set, tables, findings);
  return tables;
}

/**
 * How a data set's files are read (readDataFiles): by default readAndCheck; a caller may wrap it (the change feed
 * remembers what each part of the history made).
 */
export type SetReader = (set: Dataset, files: readonly SourceFile[], findings: Findings) => Tables;

/** Reads the files of one data set by its reader (by default readAndCheck). */
export function readDatasetFiles(
  set: Dataset,
  files: readonly SourceFile[],
  findings: Findings,
  readSet: SetReader = readAndCheck,
): Tables {
  return readSet(set, files, findings);
}

/**
 * Reads and checks the files of a data folder, given in file-name order: the method directory
 * (when present) and each data set's files, read by that set's reader from `registry`. `show`
 * turns a relative path into the path findings name; `folderName` is the folder's own name. With
 * `whole`, they are the build's whole data folder, checked as such (checkWholeFolder).
 */
export function readDataFiles(
  inputs: readonly DataFileInput[],
  show: (rel: string) => string,
  registry: DatasetRegistry,
  folderName?: string,
  whole = false,
  readSet: SetReader = readAndCheck,
): DataReport {
  const findings = new Findings();
  const sorted = sortInputs(inputs, show, registry, folderName, findings);
  const { directory, files } = sorted;
  const datasets: Record<string, Tables> = {};
  for (const [name, list] of files) {
    datasets[name] = readDatasetFiles(registry[name]!, list, findings, readSet);
  }
  const methodFiles = directory ? readMethodFiles(directory, registry, datasets, show, findings) : new Map();
  if (whole) checkWholeFolder(directory, datasets, registry, show, findings);
  const programs = readPrograms(sorted.programFiles, datasets, show, findings);
  const sessions = { records: datasets.infosessions?.sessions ?? [], files: files.get('infosessions') ?? [] };
  if (programs && datasets.infosessions) {
    checkSessionPrograms(sessions.records, sessions.files, fieldNames(infosessionRecord), programs, findings);
  }
  const audiences = readAudiences(sorted.audienceFiles, show, findings);
  if (audiences && datasets.infosessions) {
    checkSessionAudiences(sessions.records, sessions.files, fieldNames(infosessionRecord), audiences, findings);
  }
  const places = readOnly(sorted.placeFiles, PLACE_LIST.places, show, findings, readPlaceList);
  if (places && datasets.infosessions) {
    const buildingFiles = files.get('buildings') ?? [];
    checkPlaces(places, datasets, sessions, buildingFiles, fieldNames(infosessionRecord), findings);
  }
  const shown = inputs.map((i) => show(i.rel));
  return { directory, datasets, programs, audiences, places, findings, files: shown, methodFiles };
}

/**
 * The files of a folder by what reads them: the method directory (read here), each data set's files, the program and
 * audience lists; a file that belongs to no data set is an error.
 */
function sortInputs(
  inputs: readonly DataFileInput[],
  show: (rel: string) => string,
  registry: DatasetRegistry,
  folderName: string | undefined,
  findings: Findings,
) {
  let directory: MethodEntry[] | undefined;
  const files = new Map<string, SourceFile[]>();
  const programFiles = new Map<string, Uint8Array>();
  const audienceFiles = new Map<string, Uint8Array>();
  const placeFiles = new Map<string, Uint8Array>();
  for (const { rel, bytes } of inputs) {
    if (rel === DIRECTORY_FILE) directory = readDirectory(bytes, show(rel), Object.keys(registry), findings);
    else if (rel.startsWith(PROGRAM_LIST.folder)) programFiles.set(rel, bytes);
    else if (rel.startsWith(AUDIENCE_LIST.folder)) audienceFiles.set(rel, bytes);
    else if (rel.startsWith(PLACE_LIST.folder)) placeFiles.set(rel, bytes);
    else {
      const owner = datasetOf(rel, registry, folderName);
      if (!owner) reportUnknownFile(show(rel), registry, show, findings);
      else {
        if (!files.has(owner.name)) files.set(owner.name, []);
        files.get(owner.name)!.push({ rel: owner.inner, file: show(rel), bytes });
      }
    }
  }
  return { directory, files, programFiles, audienceFiles, placeFiles };
}

/** Reports a file that belongs to no data set, naming their folders. */
function reportUnknownFile(file: string, registry: DatasetRegistry, show: (rel: string) => string, f: Findings) {
  const sets = Object.values(registry)
    .filter((s) => !s.derived)
    .map((s) => s.name);
  f.error(
    { file, line: 1, column: 1 },
    'unknown-file',
    `this file belongs to no data set. Put each data set's files in its folder: ` +
      `${sets.map((s) => show(s)).join('/, ')}/.`,
  );
}

/** The directory's sources checked against the data sets, and the files of each method a data set feeds. */
function readMethodFiles(
  directory: readonly MethodEntry[],
  registry: DatasetRegistry,
  datasets: Record<string, Tables>,
  show: (rel: string) => string,
  findings: Findings,
): Map<number, MethodFile[]> {
  const methodFiles = new Map<number, MethodFile[]>();
  checkSources(directory, registry, show(DIRECTORY_FILE), findings);
  for (const entry of directory) {
    const set = entry.source === undefined ? undefined : registry[entry.source];
    const feed = set?.feeds[entry.methodId];
    if (set && feed && !set.derived && datasets[set.name]) {
      const checked = checkMethodFiles(entry, feed, datasets[set.name]!, directory, show(DIRECTORY_FILE), findings);
      methodFiles.set(entry.methodId, checked);
    }
  }
  return methodFiles;
}

/** A list folder's one file, read by `read` (any other file in the folder is an error); undefined without it. */
function readOnly<T>(
  files: Map<string, Uint8Array>,
  only: string,
  show: (rel: string) => string,
  findings: Findings,
  read: (bytes: Uint8Array, show: (rel: string) => string, findings: Findings) => T,
): T | undefined {
  for (const rel of files.keys()) {
    if (rel === only) continue;
    const folder = only.slice(0, only.lastIndexOf('/') + 1);
    const where = { file: show(rel), line: 1, column: 1 };
    findings.error(where, 'unknown-file', `${show(folder)} holds ${show(only)} only. Move or remove this file.`);
  }
  const bytes = files.get(only);
  return bytes ? read(bytes, show, findings) : undefined;
}

/** The audience list from data/audiences/ (any other file there is an error). */
function readAudiences(
  files: Map<string, Uint8Array>,
  show: (rel: string) => string,
  findings: Findings,
): AudienceList | undefined {
  for (const rel of files.keys()) {
    if (rel !== AUDIENCE_LIST.labels) {
      findings.error(
        { file: show(rel), line: 1, column: 1 },
        'unknown-file',
        `${show(AUDIENCE_LIST.folder)} holds ${show(AUDIENCE_LIST.labels)} only. Move or remove this file.`,
      );
    }
  }
  const labels = files.get(AUDIENCE_LIST.labels);
  return labels ? readAudienceList(labels, show, findings) : undefined;
}

/** The program list from data/programs/ (any other file there is an error), its faculties Quest's groups. */
function readPrograms(
  files: Map<string, Uint8Array>,
  datasets: Record<string, Tables>,
  show: (rel: string) => string,
  findings: Findings,
): ProgramList | undefined {
  for (const rel of files.keys()) {
    if (rel !== PROGRAM_LIST.labels) {
      findings.error(
        { file: show(rel), line: 1, column: 1 },
        'unknown-file',
        `${show(PROGRAM_LIST.folder)} holds ${show(PROGRAM_LIST.labels)} only (its faculties are ` +
          `${show(PROGRAM_LIST.faculties)}). Move or remove this file.`,
      );
    }
  }
  const labels = files.get(PROGRAM_LIST.labels);
  if (!labels) return undefined;
  // Faculties that could not be read would make every row of the list an error: one finding says so, after their cause.
  const blocking = findings.errors.filter((f) => f.file === show(PROGRAM_LIST.faculties));
  if (blocking.length > 0) {
    const rows = Math.max(0, new TextDecoder().decode(labels).trimEnd().split('\n').length - 1);
    findings.error(
      { file: show(PROGRAM_LIST.labels), line: 1, column: 1 },
      'program-list',
      `the ${rows} rows of ${show(PROGRAM_LIST.labels)} are not checked: ` +
        `their faculties are the group codes of ${show(PROGRAM_LIST.faculties)}, ` +
        `which has ${blocking.length} error${blocking.length === 1 ? '' : 's'} (reported above). ` +
        'Fix that first, then check again.',
      { file: blocking[0]!.file, line: blocking[0]!.line, column: blocking[0]!.column },
    );
    return undefined;
  }
  const groups = datasets.quest?.groups;
  const codes = abbreviationsOf(datasets.quest?.subjects ?? [], groups ?? []);
  return readProgramList(labels, groups && facultiesOf(groups), show, findings, codes);
}
