import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';

// What `npm run lint` covers, over folders laid out like the project: test/line-length.mjs reads
// every line of .ts, .mjs and .astro files (an .astro file's markup too, not only its frontmatter)
// and of the JSON files Biome formats; Biome (biome.json) formats the project's own JSON files,
// never the contributors' data, test fixtures (inputs whose bytes the tests read) or bench results.

const dir = mkdtempSync(path.join(tmpdir(), 'line-length-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a file below the temporary root, making its folders. */
function put(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

/** Runs a program over the temporary root (the line-length check by default): its exit code and what it printed. */
async function check(
  file = process.execPath,
  args = [path.join(ROOT, 'test/line-length.mjs'), '--root', dir],
  cwd = dir,
): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, { cwd });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: `${e.stdout}${e.stderr}` };
  }
}

describe('npm run lint', () => {
  it('reports markup, frontmatter, code and JSON lines over 120 characters, not the data', async () => {
    copyFileSync(path.join(ROOT, 'biome.json'), path.join(dir, 'biome.json'));
    const long = (n: number) => 'x'.repeat(n);
    put('src/pages/page.astro', `---\nconst a = '${long(120)}';\n---\n<p>${long(114)}</p>\n<p>${long(113)}</p>\n`);
    put('src/ok.ts', `export const a = '${long(100)}';\n`);
    put('test/t.mjs', `// ${long(118)}\n`);
    put('package.json', `{\n  "description": "${long(110)}"\n}\n`);
    put('data/set/set.json', `["${long(200)}"]\n`);
    put('bench/results/latest.json', `["${long(200)}"]\n`);
    const run = await check();
    expect(run.code).toBe(1);
    expect(run.output.split('\n').filter((l) => l.includes(': '))).toEqual([
      'package.json:2: 129 characters (at most 120)',
      'src/pages/page.astro:2: 133 characters (at most 120)',
      'src/pages/page.astro:4: 121 characters (at most 120)',
      'test/t.mjs:1: 121 characters (at most 120)',
      'line-length: 4 lines over 120 characters in 3 files.',
    ]);
  });

  it('has Biome format the project’s JSON files and leave the data, fixtures and results as written', async () => {
    const scope = path.join(dir, 'scope');
    const unformatted = '[{"a":1,   "b":2}]\n';
    const files = {
      'package.json': '{"name":"x",   "version":"1"}\n',
      'test/astro-check/tsconfig.json': '{"extends":   "../../tsconfig.json"}\n',
      'data/set/set.json': unformatted,
      'test/fixtures/hostile/set/set.json': unformatted,
      'bench/results/latest.json': unformatted,
      'package-lock.json': unformatted,
      '.gitignore': '',
    };
    for (const [file, text] of Object.entries(files)) put(`scope/${file}`, text);
    copyFileSync(path.join(ROOT, 'biome.json'), path.join(scope, 'biome.json'));
    await promisify(execFile)('git', ['init', '-q'], { cwd: scope });
    const biome = path.join(ROOT, 'node_modules/.bin/biome');
    const run = await check(biome, ['format', '--write', '.'], scope);
    expect(run.code, run.output).toBe(0);
    const changed = Object.keys(files).filter(
      (f) => readFileSync(path.join(scope, f), 'utf8') !== files[f as keyof typeof files],
    );
    expect(changed.sort()).toEqual(['package.json', 'test/astro-check/tsconfig.json']);
  });
});
