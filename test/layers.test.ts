// The unit layer builds nothing and starts no process (docs/testing.md): `npm run test:unit`
// answers in seconds. A suite is a unit suite unless test/vitest.config.ts lists it in another
// layer, so a unit suite that reads the shared builds (test/helpers/sites.ts) or runs a build or a
// CLI would make every unit run pay for them, unseen: this suite names it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/build.ts';
import { LAYERS } from './vitest.config.ts';

/** What a unit suite may not import: the shared builds, a build, a child process. */
const BUILDS = ['./helpers/sites.ts', '../src/pipeline/build.ts', 'node:child_process'];
/** What it may not take from test/helpers/build.ts: the helpers that build or start a CLI. */
const STARTS = ['runBuild', 'startBuild', 'runCli', 'copyProject'];

/** The modules a suite imports, statically or with import(), and the names it takes from each. */
function importsOf(text: string): { from: string; names: string[] }[] {
  const found = [...text.matchAll(/^import\s+(?:type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms)].map((m) => ({
    from: m[2]!,
    names: [...m[1]!.matchAll(/\w+/g)].map((n) => n[0]),
  }));
  const dynamic = [...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => ({ from: m[1]!, names: [] }));
  return [...found, ...dynamic];
}

const others = new Set(Object.values(LAYERS).flat());
const units = readdirSync(path.join(ROOT, 'test'))
  .filter((f) => f.endsWith('.test.ts') && !others.has(f.slice(0, -'.test.ts'.length)))
  .sort();

describe('the unit layer', () => {
  it('reads its imports as written: static, type-only and import()', () => {
    const text = "import { a, type B } from './x.ts';\nimport type C from 'y';\nconst m = await import('./z.ts');";
    expect(importsOf(text)).toEqual([
      { from: './x.ts', names: ['a', 'type', 'B'] },
      { from: 'y', names: ['C'] },
      { from: './z.ts', names: [] },
    ]);
  });

  it.each(units)('%s builds nothing and starts no process', (file) => {
    const imports = importsOf(readFileSync(path.join(ROOT, 'test', file), 'utf8'));
    expect(imports.filter((i) => BUILDS.includes(i.from)).map((i) => i.from)).toEqual([]);
    const helpers = imports.filter((i) => i.from === './helpers/build.ts').flatMap((i) => i.names);
    expect(helpers.filter((n) => STARTS.includes(n))).toEqual([]);
  });

  it('is every suite the other layers do not name, and they name only suites that exist', () => {
    const suites = readdirSync(path.join(ROOT, 'test')).filter((f) => f.endsWith('.test.ts'));
    expect([...others].filter((n) => !suites.includes(`${n}.test.ts`))).toEqual([]);
    expect(units.length + others.size).toBe(suites.length);
    expect(units).toContain('layers.test.ts');
  });
});
