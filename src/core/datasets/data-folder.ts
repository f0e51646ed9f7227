import { checkDatasetFile, type DatasetContext } from './dataset.ts';
import { DATASETS, KNOWN_SOURCES } from './index.ts';
import { readDirectory } from './directory.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import { Findings } from '../read/findings.ts';
import { fieldNames } from '../records/record-spec.ts';
import type { DatasetFile } from '../records/site-data.ts';
import type { ProgramList } from '../records/program-list.ts';
import { checkSessionPrograms, PROGRAM_LIST, readProgramList } from './program-list.ts';
import type { DataRow } from './dataset.ts';

/** The name of the method directory inside a data folder. */
export const DIRECTORY_FILE = 'methods.csv';

/** One CSV file of a data folder: its path relative to the folder (forward slashes) and its bytes. */
export interface DataFileInput {
  rel: string;
  bytes: Uint8Array;
}

/** Which dataset a CSV file belongs to: its folder's name, or failing that a name its file name holds. */
function datasetOf(rel: string): string | undefined {
  const parts = rel.split('/');
  const folder = parts.length > 1 ? parts[parts.length - 2] : undefined;
  if (folder && DATASETS[folder]) return folder;
  const base = parts[parts.length - 1]!.toLowerCase();
  return Object.keys(DATASETS).find((name) => base.includes(name));
}

/** The result of reading a data folder: what it holds and everything found wrong with it. */
export interface DataReport {
  directory: MethodEntry[] | undefined;
  datasets: Record<string, DatasetFile[]>;
  /** The program list (data/programs/), when the folder has one. */
  programs: ProgramList | undefined;
  findings: Findings;
  /** Paths as shown in findings, in the order read. */
  files: string[];
}

/**
 * Reads and checks the CSV files of a data folder, given in file-name order: the method
 * directory (when present) and each dataset's files. `show` turns a relative path into
 * the path findings name.
 */
export function readDataFiles(inputs: readonly DataFileInput[], show: (rel: string) => string): DataReport {
  const findings = new Findings();
  let directory: MethodEntry[] | undefined;
  const datasets: Record<string, DatasetFile[]> = {};
  const contexts = new Map<string, DatasetContext>();
  const sessionRows: DataRow[] = [];
  const programFiles = new Map<string, Uint8Array>();
  for (const { rel, bytes } of inputs) {
    if (rel === DIRECTORY_FILE) {
      directory = readDirectory(bytes, show(rel), KNOWN_SOURCES, findings);
      continue;
    }
    if (rel.startsWith(PROGRAM_LIST.folder)) {
      programFiles.set(rel, bytes);
      continue;
    }
    const name = datasetOf(rel);
    if (!name) {
      findings.error(
        { file: show(rel), line: 1, column: 1 },
        'unknown-file',
        `this CSV belongs to no data set. Put session files in ${show('infosessions')}/ (known data sets: ${Object.keys(DATASETS).join(', ')}).`,
      );
      continue;
    }
    const spec = DATASETS[name]!;
    const context = contexts.get(name) ?? new Map();
    contexts.set(name, context);
    const base = rel.split('/').pop()!;
    const rows = checkDatasetFile(bytes, show(rel), base, spec, findings, context);
    if (name === 'infosessions') sessionRows.push(...rows);
    const names = fieldNames(spec.record);
    (datasets[name] ??= []).push({
      file: show(rel),
      key: base.replace(/\.csv$/i, ''),
      rows: rows.map((r) => names.map((n) => r.cells[n]!.value)),
    });
  }
  const programs = readPrograms(programFiles, show, findings);
  if (programs) checkSessionPrograms(sessionRows, programs, findings);
  return { directory, datasets, programs, findings, files: inputs.map((i) => show(i.rel)) };
}

/** The program list from the files of data/programs/; any other file there is an error. */
function readPrograms(files: Map<string, Uint8Array>, show: (rel: string) => string, findings: Findings): ProgramList | undefined {
  for (const rel of files.keys()) {
    if (rel !== PROGRAM_LIST.labels && rel !== PROGRAM_LIST.faculties) {
      findings.error({ file: show(rel), line: 1, column: 1 }, 'unknown-file', `${show(PROGRAM_LIST.folder)} holds ${show(PROGRAM_LIST.labels)} and ${show(PROGRAM_LIST.faculties)} only. Move or remove this file.`);
    }
  }
  const labels = files.get(PROGRAM_LIST.labels);
  return labels ? readProgramList({ labels, faculties: files.get(PROGRAM_LIST.faculties) }, show, findings) : undefined;
}
