import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  type Stats,
} from 'node:fs';
import path from 'node:path';
import {
  type DataReport,
  DIRECTORY_FILE,
  readAndCheck,
  readDataFiles,
  reportUnreadFile,
  type SetReader,
} from '../core/datasets/data-folder.ts';
import type { SourceFile } from '../core/datasets/dataset.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import { ValidationError } from '../core/read/findings.ts';
import type { SiteData } from '../core/records/site-data.ts';

/** What an entry of the data folder is, when it is neither a regular file nor a folder. */
function oddKind(info: Stats): string | undefined {
  if (info.isSymbolicLink()) return 'a symbolic link';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isSocket()) return 'a socket';
  if (info.isCharacterDevice() || info.isBlockDevice()) return 'a device';
  return info.isFile() || info.isDirectory() ? undefined : 'not a regular file';
}

interface RefusedEntry {
  rel: string;
  kind: string;
}

/** Whether a file name is one a data set may hold: CSV or JSON. */
function isDataFileName(name: string): boolean {
  return /\.(csv|json)$/i.test(name);
}

/** Whether a file that is no data file is one a data folder may hold unread: a Markdown note, a hidden file. */
function isNoteFileName(name: string): boolean {
  return /\.md$/i.test(name) || name.startsWith('.');
}

/**
 * The .csv and .json files below `dir` that are regular files, as paths relative to it with forward slashes, sorted;
 * every entry that is a symbolic link or special file (never followed or read: a link could point anywhere, even at
 * /proc/self/environ); and the other regular files no reader takes (`1139.txt`), but notes and hidden files.
 */
function listDataFolder(dir: string): { files: string[]; refused: RefusedEntry[]; unread: string[] } {
  const files: string[] = [];
  const refused: RefusedEntry[] = [];
  const unread: string[] = [];
  if (!existsSync(dir)) return { files, refused, unread };
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const child = rel ? `${rel}/${name}` : name;
      const info = lstatSync(path.join(dir, child));
      const kind = oddKind(info);
      if (kind) refused.push({ rel: child, kind });
      else if (info.isDirectory()) walk(child);
      else if (isDataFileName(name)) files.push(child);
      else if (!isNoteFileName(name)) unread.push(child);
    }
  };
  walk('');
  return { files: files.sort(), refused, unread };
}

/** Every data file (.csv, .json) below `dir` that is a regular file (listDataFolder). */
export function listDataFiles(dir: string): string[] {
  return listDataFolder(dir).files;
}

/**
 * The bytes of a data file, read only when it is a regular file at the moment it is opened (O_NOFOLLOW, and O_NONBLOCK
 * so a pipe cannot hang the open); undefined otherwise.
 */
export function readDataFile(dir: string, rel: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(path.join(dir, rel), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
    throw error;
  }
  try {
    return fstatSync(fd).isFile() ? readFileSync(fd) : undefined;
  } finally {
    closeSync(fd);
  }
}

/**
 * A digest of what a data folder holds: each data file's relative path and bytes, in order, and the links and special
 * files the reader refuses (by name). The same data in any folder gives the same digest; the build records it (`npm
 * start` rebuilds when the folder DATA_DIR names holds other data than the output was built from).
 */
export function dataDigest(dir: string): string {
  const hash = createHash('sha1');
  const { files, refused } = listDataFolder(dir);
  for (const r of refused) hash.update(`refused\u0000${r.rel}\u0000${r.kind}\u0000`);
  for (const rel of files) {
    const bytes = readDataFile(dir, rel);
    hash.update(`${rel}\u0000${bytes?.length ?? -1}\u0000`);
    if (bytes) hash.update(bytes);
  }
  return hash.digest('hex');
}

/**
 * A digest of what a data set is read from: each file's path inside the set's folder and its bytes, in order. A set's
 * tables are made from its own files and nothing else (its reader's code aside), so a build lets this digest stand in
 * for them in what its API files are made from (SiteData.sources).
 */
function setFilesDigest(files: readonly SourceFile[]): string {
  const sum = createHash('sha1');
  for (const f of files) sum.update(`${f.rel}\u0000${f.bytes.byteLength}\u0000`).update(f.bytes);
  return sum.digest('base64url');
}

/** How a data folder's files are named in findings: relative to `cwd`, forward slashes. */
export function showPath(dataDir: string, cwd: string): (rel: string) => string {
  return (rel) => path.relative(cwd, path.join(dataDir, rel)).split(path.sep).join('/');
}

/**
 * Reads and checks every data file (CSV, JSON) below `dataDir`. `overlay` replaces files' bytes (by relative path)
 * without touching the disk, so a repair can be checked before it is written. With `whole` (by default when it holds
 * methods.csv), the folder is checked as the build's whole data folder; `readSet` reads each data set's files.
 */
export function readDataFolder(
  dataDir: string,
  cwd = process.cwd(),
  overlay?: ReadonlyMap<string, Uint8Array>,
  options: { whole?: boolean; readSet?: SetReader } = {},
): DataReport {
  const { files, refused, unread } = listDataFolder(dataDir);
  const inputs = [];
  for (const rel of files) {
    const bytes = overlay?.get(rel) ?? readDataFile(dataDir, rel);
    if (bytes) inputs.push({ rel, bytes });
    else refused.push({ rel, kind: 'something else (it changed before it was read)' });
  }
  const show = showPath(dataDir, cwd);
  const whole = options.whole ?? files.includes(DIRECTORY_FILE);
  const report = readDataFiles(inputs, show, DATASETS, path.basename(path.resolve(dataDir)), whole, options.readSet);
  for (const rel of unread) reportUnreadFile(show(rel), report.findings);
  for (const { rel, kind } of refused) {
    report.findings.error(
      { file: show(rel), line: 1, column: 1 },
      'file-type',
      `this is ${kind}, not a regular file: only regular files inside the data folder are read, so it was not. ` +
        `Put the file itself here (a copy, not a link), or remove it.`,
    );
  }
  return report;
}

/**
 * Reads the data folder for a build: the directory must exist, every source it names must have data, and any error
 * throws a ValidationError carrying all findings.
 */
export function loadSiteData(dataDir: string, cwd = process.cwd()): SiteData {
  const sources: Record<string, string> = {};
  const namedSets: SetReader = (set, files, findings) => {
    sources[set.name] = setFilesDigest(files);
    return readAndCheck(set, files, findings);
  };
  return siteDataOf(
    readDataFolder(dataDir, cwd, undefined, { whole: true, readSet: namedSets }),
    dataDir,
    cwd,
    sources,
  );
}

/**
 * The site data of a whole data folder's report (readDataFolder), or a ValidationError carrying all its findings.
 * `sources` names each data set's files by their digest (loadSiteData's); a report read without it has none.
 */
export function siteDataOf(
  report: DataReport,
  dataDir: string,
  cwd = process.cwd(),
  sources: Record<string, string> = {},
): SiteData {
  const { findings } = report;
  // What a whole data folder must hold is checked with it (readDataFiles), as `npm run check` does;
  // only a folder that holds no data file at all is said here.
  if (!report.directory && findings.errors.length === 0) {
    const where = path.relative(cwd, path.join(dataDir, DIRECTORY_FILE)) || DIRECTORY_FILE;
    const what = existsSync(dataDir)
      ? 'the method directory is missing: the build needs it to know what to publish.'
      : `the data folder ${dataDir} does not exist.`;
    findings.error({ file: where, line: 1, column: 1 }, 'directory', what);
  }
  if (findings.errors.length > 0) throw new ValidationError(findings.list);
  return {
    directory: report.directory!,
    datasets: report.datasets,
    ...(report.programs && { programs: report.programs }),
    ...(report.audiences && { audiences: report.audiences }),
    ...(report.places && { places: report.places }),
    warnings: findings.warnings,
    sources,
    methodFiles: report.methodFiles,
  };
}
