// One file of every data set and format, and how a test reads it changed: what the hostile-input
// and fuzz suites share.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type DataReport, readDataFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import type { Finding } from '../../src/core/read/findings.ts';
import { listDataFiles } from '../../src/load/data-fs.ts';
import { ROOT } from './build.ts';

/** One sample file per data set and format: its path inside data/, and its text. */
export interface Sample {
  set: string;
  rel: string;
  text: string;
  /** Files read beside it, unchanged (the CSV a JSON copy is compared with). */
  beside: { rel: string; bytes: Uint8Array }[];
}

/**
 * The first file of each data set in data/, the method directory (each read beside the other, so
 * that the directory's checks of what a data set publishes run too), and the buildings' JSON
 * copy from the fixtures (beside the CSV it copies).
 */
export function samples(): Sample[] {
  const directory = { rel: 'methods.csv', bytes: readFileSync(path.join(ROOT, 'data/methods.csv')) };
  const out: Sample[] = [{ set: 'methods', rel: 'methods.csv', text: directory.bytes.toString('utf8'), beside: [] }];
  for (const set of Object.values(DATASETS).filter((s) => !s.derived)) {
    const dir = path.join(ROOT, 'data', set.name);
    const first = listDataFiles(dir)[0];
    if (first)
      out.push({
        set: set.name,
        rel: `${set.name}/${first}`,
        text: readFileSync(path.join(dir, first), 'utf8'),
        beside: [directory],
      });
  }
  const copy = path.join(ROOT, 'test/fixtures/hostile/buildings/Buildings.json');
  const csv = { rel: 'buildings/Buildings.csv', bytes: readFileSync(path.join(ROOT, 'data/buildings/Buildings.csv')) };
  out.push({
    set: 'buildings',
    rel: 'buildings/Buildings.json',
    text: readFileSync(copy, 'utf8'),
    beside: [directory, csv],
  });
  return out;
}

/** Reads a sample's file, as data/<rel>, with `bytes` for its content (and the files beside it); returns the report. */
export function readSampleReport(sample: Sample, bytes: Uint8Array | string): DataReport {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const inputs = [...sample.beside, { rel: sample.rel, bytes: data }].sort((a, b) => (a.rel < b.rel ? -1 : 1));
  return readDataFiles(inputs, (r) => r, DATASETS);
}

/** Reads a sample's file as readSampleReport does; returns its findings. */
export function readSample(sample: Sample, bytes: Uint8Array | string): Finding[] {
  return readSampleReport(sample, bytes).findings.list.filter((f) => f.file === sample.rel);
}

/** The file data/<rel> as a sample, read beside the method directory. */
export function dataSample(rel: string): Sample {
  const directory = { rel: 'methods.csv', bytes: readFileSync(path.join(ROOT, 'data/methods.csv')) };
  return {
    set: rel.split('/')[0]!,
    rel,
    text: readFileSync(path.join(ROOT, 'data', rel), 'utf8'),
    beside: [directory],
  };
}
