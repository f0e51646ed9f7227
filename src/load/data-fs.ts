import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { checkDatasetFile, type DatasetContext } from '../core/dataset.ts';
import { DATASETS, KNOWN_SOURCES } from '../core/datasets/index.ts';
import { readDirectory, type MethodEntry } from '../core/directory.ts';
import { Findings, ValidationError } from '../core/findings.ts';
import { fieldNames } from '../core/records/record-spec.ts';
import type { DatasetFile, SiteData } from '../core/site-data.ts';

/** The name of the method directory inside a data folder. */
export const DIRECTORY_FILE = 'methods.csv';

/** Every .csv file below `dir`, as paths relative to it with forward slashes, sorted. */
export function listCsvFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(dir, rel)).sort()) {
      const child = rel ? `${rel}/${name}` : name;
      if (statSync(path.join(dir, child)).isDirectory()) walk(child);
      else if (name.toLowerCase().endsWith('.csv')) out.push(child);
    }
  };
  walk('');
  return out.sort();
}

/** Which dataset a CSV file belongs to: its folder's name, or failing that a name its file name holds. */
export function datasetOf(rel: string): string | undefined {
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
  findings: Findings;
  files: string[];
}

/**
 * Reads and checks every CSV below `dataDir`: the method directory (when present) and each
 * dataset's files. Paths in findings are shown relative to `cwd`.
 */
export function readDataFolder(dataDir: string, cwd = process.cwd()): DataReport {
  const findings = new Findings();
  const show = (rel: string) => path.relative(cwd, path.join(dataDir, rel)).split(path.sep).join('/');
  const files = listCsvFiles(dataDir);
  let directory: MethodEntry[] | undefined;
  const datasets: Record<string, DatasetFile[]> = {};
  const contexts = new Map<string, DatasetContext>();
  for (const rel of files) {
    const bytes = readFileSync(path.join(dataDir, rel));
    if (rel === DIRECTORY_FILE) {
      directory = readDirectory(bytes, show(rel), KNOWN_SOURCES, findings);
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
    const names = fieldNames(spec.record);
    (datasets[name] ??= []).push({
      file: show(rel),
      key: base.replace(/\.csv$/i, ''),
      rows: rows.map((r) => names.map((n) => r.cells[n]!.value)),
      lines: rows.map((r) => r.line),
    });
  }
  return { directory, datasets, findings, files: files.map(show) };
}

/**
 * Reads the data folder for a build: the directory must exist, every source it names must
 * have data, and any error throws a ValidationError carrying all findings.
 */
export function loadSiteData(dataDir: string, cwd = process.cwd()): SiteData {
  const report = readDataFolder(dataDir, cwd);
  const { findings } = report;
  if (!report.directory) {
    const where = path.relative(cwd, path.join(dataDir, DIRECTORY_FILE)) || DIRECTORY_FILE;
    if (existsSync(dataDir)) {
      findings.error({ file: where, line: 1, column: 1 }, 'directory', 'the method directory is missing: the build needs it to know what to publish.');
    } else {
      findings.error({ file: where, line: 1, column: 1 }, 'directory', `the data folder ${dataDir} does not exist.`);
    }
  } else {
    for (const entry of report.directory) {
      if (entry.source && DATASETS[entry.source] && !report.datasets[entry.source]?.length) {
        const where = path.relative(cwd, path.join(dataDir, DIRECTORY_FILE));
        findings.error(
          { file: where, line: entry.line, column: 1 },
          'directory',
          `method ${entry.methodId} publishes the data set "${entry.source}", but ${path.relative(cwd, path.join(dataDir, entry.source))}/ has no CSV file.`,
        );
      }
    }
  }
  if (findings.errors.length > 0) throw new ValidationError(findings.list);
  return { directory: report.directory!, datasets: report.datasets, warnings: findings.warnings };
}
