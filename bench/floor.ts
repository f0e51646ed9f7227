// The benchmark's floor, in a fresh process like the build it is compared with: parse a data
// folder's session CSV files with papaparse, JSON.stringify the rows, write one file. Prints
// the seconds the work took (not Node's start-up, which the build's stages do not count either).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import { floorArgs } from './floor-args.ts';

const [dataDir, outFile] = floorArgs(
  'floor',
  'node bench/floor.ts DATA_DIR OUT_FILE: parses the sessions of DATA_DIR, writes them to OUT_FILE as JSON, and ' +
    'prints the seconds (npm run bench runs it).',
);
const started = performance.now();
const rows: unknown[] = [];
const dir = path.join(dataDir, 'infosessions');
for (const f of readdirSync(dir).sort())
  rows.push(...Papa.parse(readFileSync(path.join(dir, f), 'utf8'), { header: true, skipEmptyLines: true }).data);
writeFileSync(outFile, JSON.stringify({ data: rows }));
console.log((performance.now() - started) / 1000);
