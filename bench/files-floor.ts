// The API stage's files floor, in a fresh process: the cost of creating the very files the API stage
// made (every file under a build's v2/ but the schemas stage's: OpenAPI and the schemas; same paths,
// same bytes) and nothing else. The files are read into memory first, untimed; then each folder is
// made and each file written, as one thread writes them. Prints the seconds and the count of files.
// The floor of bench/floor.ts writes one file; this one says what the API stage's thousands of files
// cost the kernel alone.
import { mkdirSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sitePaths } from '../src/core/site/paths.ts';
import { floorArgs } from './floor-args.ts';

const [builtDir, outDir] = floorArgs(
  'files-floor',
  'node bench/files-floor.ts DIST OUT: writes the API files of the built site DIST again into the empty folder OUT, ' +
    'and prints the seconds and the count (npm run bench runs it).',
);
const site = realpathSync(builtDir);
// The schemas stage's files (written after the API stage's, in the same folder).
const schemas = path.posix.dirname(sitePaths.jsonSchema({ path: '/any' }));
const notApi = (rel: string) => rel === sitePaths.openapi || rel.startsWith(`${schemas}/`);
const files = readdirSync(path.join(site, sitePaths.api), { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile())
  .map((e) => path.relative(site, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
  .filter((rel) => !notApi(rel))
  .map((rel) => ({ rel, bytes: readFileSync(path.join(site, rel)) }))
  .sort((a, b) => (a.rel < b.rel ? -1 : 1));
const folders = [...new Set(files.map((f) => path.dirname(f.rel)))];

const started = performance.now();
for (const folder of folders) mkdirSync(path.join(outDir, folder), { recursive: true });
for (const f of files) writeFileSync(path.join(outDir, f.rel), f.bytes);
console.log(`${(performance.now() - started) / 1000} ${files.length}`);
