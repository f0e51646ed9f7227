import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/build.ts';

// test/line-length.mjs (run by `npm run lint`) over a folder laid out like the project: every line
// of .ts, .mjs and .astro files (an .astro file's markup too, not only its frontmatter) and of
// the JSON files Biome formats; the data and whatever else biome.json leaves out are not checked.

const dir = mkdtempSync(path.join(tmpdir(), 'line-length-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes a file below the temporary root, making its folders. */
function put(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
}

/** Runs the check over the temporary root: its exit code and what it printed. */
async function check(): Promise<{ code: number; output: string }> {
  const args = [path.join(ROOT, 'test/line-length.mjs'), '--root', dir];
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args);
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, output: `${e.stdout}${e.stderr}` };
  }
}

describe('the line-length check', () => {
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
});
