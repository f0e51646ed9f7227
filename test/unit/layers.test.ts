// The suites sit in one folder per layer (test/vitest.config.ts: test/unit, test/cli, test/site,
// test/machinery, test/browser), and the folder is the layer. The unit layer builds nothing, starts
// no process and leaves the build's machinery alone (docs/testing.md): `npm run test:unit` answers
// in seconds. A suite in test/unit that reads the shared builds (test/helpers/sites.ts), runs a build
// or a CLI, or tests src/pipeline/ or bench/ would make every unit run pay for them, unseen: this
// suite names it, and a suite left outside the layers' folders.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';
import { projectFiles } from '../helpers/project-files.ts';
import { LAYERS } from '../layers.ts';

/** What a unit suite may not import: the shared builds, a build, a child process. */
const BUILDS = ['../helpers/sites.ts', '../../src/pipeline/build.ts', 'node:child_process'];
/** What it may not take from test/helpers/build.ts: the helpers that build or start a CLI. */
const STARTS = ['runBuild', 'startBuild', 'runCli', 'copyProject'];
/** The build's machinery and the benchmark, which the machinery layer tests (bench/generate.ts only makes sessions). */
const MACHINERY = /^\.\.\/\.\.\/(src\/pipeline\/|bench\/(?!generate\.ts$))/;

/** The modules a suite imports, statically or with import(), and the names it takes from each. */
function importsOf(text: string): { from: string; names: string[] }[] {
  const found = [...text.matchAll(/^import\s+(?:type\s+)?([^;]*?)\s+from\s+'([^']+)'/gms)].map((m) => ({
    from: m[2]!,
    names: [...m[1]!.matchAll(/\w+/g)].map((n) => n[0]),
  }));
  const dynamic = [...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)].map((m) => ({ from: m[1]!, names: [] }));
  return [...found, ...dynamic];
}

/** Every suite under test/, by its path from test/. */
const suites = projectFiles('test')
  .map((f) => f.slice('test/'.length))
  .filter((f) => f.endsWith('.test.ts'))
  .sort();
const units = suites.filter((f) => f.startsWith('unit/')).map((f) => f.slice('unit/'.length));

describe('the layers', () => {
  it('reads imports as written: static, type-only and import()', () => {
    const text = "import { a, type B } from './x.ts';\nimport type C from 'y';\nconst m = await import('./z.ts');";
    expect(importsOf(text)).toEqual([
      { from: './x.ts', names: ['a', 'type', 'B'] },
      { from: 'y', names: ['C'] },
      { from: './z.ts', names: [] },
    ]);
  });

  it('hold every suite: each sits in the folder of its layer, none elsewhere in test/', () => {
    expect(suites.filter((f) => !LAYERS.some((layer) => f.startsWith(`${layer}/`)))).toEqual([]);
    for (const layer of LAYERS)
      expect(
        suites.some((f) => f.startsWith(`${layer}/`)),
        layer,
      ).toBe(true);
    expect(units).toContain('layers.test.ts');
  });

  it.each(units)('unit/%s builds nothing, starts no process and tests no machinery', (file) => {
    const imports = importsOf(readFileSync(path.join(ROOT, 'test/unit', file), 'utf8'));
    expect(imports.filter((i) => BUILDS.includes(i.from)).map((i) => i.from)).toEqual([]);
    expect(imports.filter((i) => MACHINERY.test(i.from)).map((i) => i.from)).toEqual([]);
    const helpers = imports.filter((i) => i.from === '../helpers/build.ts').flatMap((i) => i.names);
    expect(helpers.filter((n) => STARTS.includes(n))).toEqual([]);
  });
});
