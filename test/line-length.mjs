// No source line over 120 characters (the formatter's width; it does not break strings, comments
// or an .astro file's markup, so this says where a person must): every line of every .ts, .mjs and
// .astro file (frontmatter and markup) of src/, test/, bench/, .ci/ and the top level, and of the
// JSON files Biome formats (all but what biome.json's files.includes leaves out with `!`: the
// contributors' data/, test fixtures, bench/results/, package-lock.json). Prints `file:line: N characters` for
// each and exits 1; with --count, one line per file with its count instead. `--root DIR` checks
// another folder laid out the same (test/cli/lint.test.ts). Run by `npm run lint` (and so `npm test`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX = 120;
const rootAt = process.argv.indexOf('--root');
const root = rootAt > 0 ? path.resolve(process.argv[rootAt + 1]) : path.resolve(import.meta.dirname, '..');
// What Biome leaves out is written once, in biome.json: its `!` entries are paths from the root.
const biome = JSON.parse(readFileSync(path.join(root, 'biome.json'), 'utf8'));
const skipped = biome.files.includes.filter((p) => p.startsWith('!')).map((p) => p.slice(1).replace(/\/$/, ''));
const left = (f) => skipped.some((s) => f === s || f.startsWith(`${s}/`));
const source = (f) => /[^/]\.(ts|mjs|astro|json)$/.test(f) && !left(f.split(path.sep).join('/'));
const files = readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isFile() && source(e.name))
  .map((e) => e.name);
for (const dir of ['src', 'test', 'bench', '.ci']) {
  if (!existsSync(path.join(root, dir))) continue;
  for (const e of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
    const f = path.relative(root, path.join(e.parentPath, e.name));
    const parts = f.split(path.sep);
    if (e.isFile() && source(f) && !parts.includes('node_modules') && !parts.includes('tmp')) files.push(f);
  }
}
const long = [];
for (const file of files.sort()) {
  readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.length > MAX) long.push({ file, line: i + 1, length: line.length });
    });
}
if (process.argv.includes('--count')) {
  const counts = Map.groupBy(long, (l) => l.file);
  for (const [file, lines] of [...counts].sort((a, b) => b[1].length - a[1].length))
    console.info(`${lines.length}\t${file}`);
} else {
  for (const l of long) console.info(`${l.file}:${l.line}: ${l.length} characters (at most ${MAX})`);
}
if (long.length > 0) {
  console.error(
    `line-length: ${long.length} lines over ${MAX} characters in ${new Set(long.map((l) => l.file)).size} files.`,
  );
  process.exit(1);
}
