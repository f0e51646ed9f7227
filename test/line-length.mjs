// No source line over 120 characters (the formatter's width; it does not break strings and
// comments, so this says where a person must): every .ts and .mjs file of src/, test/, bench/,
// .ci/ and the top level, and the frontmatter of every .astro file. Not yet the markup of .astro
// files: a line broken inside its text changes the page's bytes and text (Astro keeps the
// newline), so those lines wait for a hand that checks each page. Prints `file:line: N
// characters` for each and exits 1; with --count, one line per file with its count instead.
// Run by `npm run lint` (and so `npm test`).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const MAX = 120;
const root = path.resolve(import.meta.dirname, '..');
const source = (f) => /[^/]\.(ts|mjs|astro)$/.test(f);
const files = readdirSync(root, { withFileTypes: true })
  .filter((e) => e.isFile() && source(e.name))
  .map((e) => e.name);
for (const dir of ['src', 'test', 'bench', '.ci']) {
  for (const e of readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })) {
    const f = path.relative(root, path.join(e.parentPath, e.name));
    const parts = f.split(path.sep);
    if (e.isFile() && source(f) && !parts.includes('node_modules') && !parts.includes('tmp')) files.push(f);
  }
}
const long = [];
for (const file of files.sort()) {
  const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
  // An .astro file's frontmatter: from its first line `---` to the next.
  const end = file.endsWith('.astro') && lines[0] === '---' ? lines.indexOf('---', 1) : lines.length;
  lines.slice(0, end < 0 ? lines.length : end).forEach((line, i) => {
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
