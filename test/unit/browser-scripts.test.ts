// The pages' scripts are bundled for the browser (src/components/CalendarScript.astro): what
// they import, through any module of the core, must not reach a Node.js module, which Vite
// replaces by an empty one (a warning at build time, and a bundle that breaks if it is called).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';
import { nodeImports } from '../helpers/node-imports.ts';

describe('the scripts bundled for the browser', () => {
  it('reach no Node.js module through anything they import', () => {
    const scripts = path.join(ROOT, 'src/scripts');
    const entries = readdirSync(scripts)
      .filter((f) => f.endsWith('.ts'))
      .map((name) => path.join(scripts, name));
    const { reached, modules } = nodeImports(entries);
    expect(modules).toBeGreaterThan(5);
    expect(reached).toEqual([]);
  });

  // Safari before 16.4 refuses a regular expression with a lookbehind: a script holding one throws there.
  it('use no lookbehind in a regular expression, in anything they import', () => {
    const scripts = path.join(ROOT, 'src/scripts');
    const entries = readdirSync(scripts)
      .filter((f) => f.endsWith('.ts'))
      .map((name) => path.join(scripts, name));
    const { files } = nodeImports(entries);
    const lookbehind = files.filter((f) => /\(\?<[!=]/.test(readFileSync(f, 'utf8')));
    expect(lookbehind.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
