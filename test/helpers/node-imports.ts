// Which Node.js built-ins a module reaches through everything it imports for its values: for
// the code that must run without Node (the browser's scripts, the request handler at the edge).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './build.ts';

/**
 * Every module a module imports for its values (not `import type`), by path, and the bare
 * specifiers it names.
 */
function imports(file: string): { local: string[]; bare: string[] } {
  const text = readFileSync(file, 'utf8');
  const local: string[] = [];
  const bare: string[] = [];
  for (const m of text.matchAll(
    /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm,
  )) {
    const spec = (m[1] ?? m[2])!;
    if (spec.startsWith('.')) local.push(path.resolve(path.dirname(file), spec));
    else bare.push(spec);
  }
  return { local, bare };
}

/**
 * The chains by which the entry modules (absolute paths) reach a Node.js built-in, and how many
 * modules they reach in all (`files`: their paths).
 */
export function nodeImports(entries: readonly string[]): { reached: string[]; modules: number; files: string[] } {
  const seen = new Set<string>();
  const reached: string[] = [];
  const visit = (file: string, via: string[]) => {
    if (seen.has(file)) return;
    seen.add(file);
    const { local, bare } = imports(file);
    for (const spec of bare)
      if (spec.startsWith('node:'))
        reached.push(`${[...via, file].map((f) => path.relative(ROOT, f)).join(' → ')} imports ${spec}`);
    for (const next of local) visit(next, [...via, file]);
  };
  for (const entry of entries) visit(entry, []);
  return { reached, modules: seen.size, files: [...seen] };
}
