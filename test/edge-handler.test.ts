// The service's handler (src/server/handler.ts) runs on Node and at the edge: nothing it
// imports, through any module, may reach a Node.js module (the Worker's bundle has none).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/build.ts';

/** Every module a module imports for its values (not `import type`), by path, and the bare specifiers it names. */
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

/** The chains by which a module reaches a Node.js built-in, and how many modules it reaches. */
function nodeImports(entry: string): { reached: string[]; modules: number } {
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
  visit(path.join(ROOT, entry), []);
  return { reached, modules: seen.size };
}

describe('the handler shared by npm start and the edge', () => {
  it.each(['src/server/handler.ts', 'src/server/worker.ts'])(
    '%s reaches no Node.js module through anything it imports',
    (entry) => {
      const { reached, modules } = nodeImports(entry);
      expect(modules).toBeGreaterThan(10);
      expect(reached).toEqual([]);
    },
  );
});
