// Compares two builds of the site: every file byte for byte, but an HTML page equal after its
// markup is normalised (html-equal.ts). Usage: `node bench/compare-builds.ts BEFORE AFTER`; prints
// each file that differs or is in one build alone, then a count; exits 1 when any does.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { htmlEqual } from './html-equal.ts';

/** Every file below a folder, by its path inside it, sorted. */
function filesBelow(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** How two builds compare: files the same bytes, pages equal once normalised, and what differs. */
export function compareBuilds(a: string, b: string): { same: number; htmlEqual: number; differ: string[] } {
  const inA = filesBelow(a);
  const inB = new Set(filesBelow(b));
  const differ = [...inB].filter((f) => !inA.includes(f)).map((f) => `only in ${b}: ${f}`);
  let same = 0;
  let equal = 0;
  for (const f of inA) {
    if (!inB.has(f)) differ.push(`only in ${a}: ${f}`);
    else {
      const [x, y] = [readFileSync(path.join(a, f)), readFileSync(path.join(b, f))];
      if (x.equals(y)) same++;
      else if (f.endsWith('.html') && htmlEqual(x.toString('utf8'), y.toString('utf8'))) equal++;
      else differ.push(`differs: ${f}`);
    }
  }
  return { same, htmlEqual: equal, differ };
}

if (import.meta.main) {
  const [a, b] = process.argv.slice(2);
  if (!a || !b) {
    console.error('usage: node bench/compare-builds.ts BEFORE AFTER');
    process.exit(2);
  }
  const { same, htmlEqual: equal, differ } = compareBuilds(a, b);
  for (const line of differ) console.log(line);
  console.log(`${same} identical, ${equal} HTML pages equal once normalised, ${differ.length} differ or missing`);
  process.exit(differ.length > 0 ? 1 : 0);
}
