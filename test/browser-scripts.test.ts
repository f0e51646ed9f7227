// The pages' scripts are bundled for the browser (src/components/CalendarScript.astro): what
// they import, through any module of the core, must not reach a Node.js module, which Vite
// replaces by an empty one (a warning at build time, and a bundle that breaks if it is called).
import { readdirSync, readFileSync } from 'node:fs';
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

describe('the scripts bundled for the browser', () => {
  it('reach no Node.js module through anything they import', () => {
    const scripts = path.join(ROOT, 'src/scripts');
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
    for (const name of readdirSync(scripts).filter((f) => f.endsWith('.ts'))) visit(path.join(scripts, name), []);
    expect(seen.size).toBeGreaterThan(5);
    expect(reached).toEqual([]);
  });
});
