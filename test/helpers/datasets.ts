// What every data set's test does the same way: check in-memory files as the set's folder,
// read its raw snapshot (../shared/datasets/<name>) and the corrected copy in data/, read a
// CSV file independently (papaparse) to compare with the published records, and read files
// for `npm run diff`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import { type DataReport, readDataFiles, readDatasetFiles } from '../../src/core/datasets/data-folder.ts';
import type { Dataset } from '../../src/core/datasets/dataset.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { type Finding, Findings } from '../../src/core/read/findings.ts';
import type { DataDiff } from '../../src/core/review/data-diff.ts';
import { readDataFolder } from '../../src/load/data-fs.ts';
import { ROOT } from './build.ts';

/** A finding as the data set tests compare them: `file:line:column severity rule`. */
export const findingKey = (f: Finding): string => `${f.file}:${f.line}:${f.column} ${f.severity} ${f.rule}`;

/**
 * Reads in-memory files (path inside the set's folder → text) as one data set's folder; returns the
 * key of each finding.
 */
export function checkFiles(dataset: Dataset, files: Record<string, string>): string[] {
  const findings = new Findings();
  const sources = Object.entries(files).map(([rel, text]) => ({
    rel,
    file: rel,
    bytes: new TextEncoder().encode(text),
  }));
  readDatasetFiles(dataset, sources, findings);
  return findings.list.map(findingKey);
}

/** A data set's raw snapshot, as the community published it: read and checked as a folder named for the set. */
export interface RawSnapshot {
  /** ../shared/datasets/<name>. */
  dir: string;
  /** False on a machine without the snapshot: its tests skip. */
  present: boolean;
  /** What the check finds, files named inside the folder. */
  report: DataReport;
}

/** Reads the raw snapshot of the data set `name`. */
export function rawSnapshot(name: string): RawSnapshot {
  const dir = path.resolve(ROOT, '../shared/datasets', name);
  const report = readDataFolder(dir, dir);
  return { dir, present: report.files.length > 0, report };
}

let data: DataReport | undefined;

/** data/ as the build reads it, read and checked once per test file. */
export function dataFolder(): DataReport {
  data ??= readDataFolder(path.join(ROOT, 'data'), ROOT);
  return data;
}

/** The findings in the corrected copy of the data set `name` (data/<name>/): none is wanted. */
export function dataFindings(name: string): Finding[] {
  return dataFolder().findings.list.filter((f) => f.file.startsWith(`data/${name}/`));
}

/**
 * The rows of a CSV file as papaparse reads them, each by the header's names (`renamed` gives
 * some another name): an independent reading to compare the published records with.
 */
export async function plainCsvRows(
  file: string,
  renamed: Record<string, string> = {},
): Promise<Record<string, string>[]> {
  const text = await readFile(file, 'utf8');
  return Papa.parse<Record<string, string>>(text, {
    header: true,
    skipEmptyLines: true,
    transformHeader: (h) => renamed[h] ?? h,
  }).data;
}

/** Reads one file (its path inside data/, its text) as `npm run diff` reads a side of a comparison. */
export function readForDiff(rel: string, text: string): DataReport {
  return readDataFiles([{ rel, bytes: new TextEncoder().encode(text) }], (r) => r, DATASETS);
}

/** A diff's tables by their keys: [label, keys added, keys removed, [key, fields changed] of each changed record]. */
export function diffKeys(diff: DataDiff): [string, string[], string[], [string, string[]][]][] {
  return diff.datasets.map((d) => [
    d.label,
    d.added.map((r) => r.key),
    d.removed.map((r) => r.key),
    d.changed.map((c) => [c.key, c.fields.map((f) => f.field)]),
  ]);
}
