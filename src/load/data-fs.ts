import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DATASETS } from '../core/datasets/index.ts';
import { DIRECTORY_FILE, readDataFiles, type DataReport } from '../core/datasets/data-folder.ts';
import { ValidationError } from '../core/read/findings.ts';
import type { SiteData } from '../core/records/site-data.ts';

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

/** How a data folder's files are named in findings: relative to `cwd`, forward slashes. */
export function showPath(dataDir: string, cwd: string): (rel: string) => string {
  return (rel) => path.relative(cwd, path.join(dataDir, rel)).split(path.sep).join('/');
}

/**
 * Reads and checks every CSV below `dataDir`. `overlay` replaces files' bytes (by relative
 * path) without touching the disk, so a repair can be checked before it is written.
 */
export function readDataFolder(dataDir: string, cwd = process.cwd(), overlay?: ReadonlyMap<string, Uint8Array>): DataReport {
  const inputs = listCsvFiles(dataDir).map((rel) => ({ rel, bytes: overlay?.get(rel) ?? readFileSync(path.join(dataDir, rel)) }));
  return readDataFiles(inputs, showPath(dataDir, cwd));
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
