import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stripCache } from '../../src/cli/strip-cache.mjs';
import { ROOT, removeDir, tempDir } from '../helpers/build.ts';

/** Node's own stripper, the oracle: what Node runs when it loads a .ts file itself. */
const nodeStrips = (source: string) => module.stripTypeScriptTypes(source, { mode: 'strip' });

/** Every .ts file under a folder. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name));
}

describe('the cache of stripped TypeScript (src/cli/strip-cache.mjs)', () => {
  let work: string;
  let own: string;
  let cache: string;
  const url = (name: string) => pathToFileURL(path.join(own, name)).href;
  beforeAll(async () => {
    work = await tempDir('campus-strip-');
    own = path.join(work, 'src');
    cache = path.join(work, 'cache');
    mkdirSync(own);
  });
  afterAll(() => removeDir(work));

  it("gives exactly what Node's stripper gives for every file of src/ and bench/, first stripped, then cached", () => {
    const folder = path.join(work, 'project-cache');
    const stripped = stripCache(folder, [path.join(ROOT, 'src'), path.join(ROOT, 'bench')]);
    const files = [...tsFiles(path.join(ROOT, 'src')), ...tsFiles(path.join(ROOT, 'bench'))];
    expect(files.length).toBeGreaterThan(100);
    for (const pass of ['stripped', 'cached']) {
      for (const file of files) {
        const source = readFileSync(file, 'utf8');
        const code = stripped(pathToFileURL(file).href);
        expect(code, `${pass}: ${file}`).toBe(nodeStrips(source));
        // Types are blanked in place: every line and column, so every stack trace, stays.
        expect(code!.length, file).toBe(source.length);
      }
      expect(readdirSync(folder)).toHaveLength(files.length);
    }
  });

  it('answers from its entry while the file is unchanged, and strips the file afresh once it is edited', () => {
    const stripped = stripCache(cache, [own]);
    const file = path.join(own, 'a.ts');
    writeFileSync(file, 'export const a: number = 1;\n');
    expect(stripped(url('a.ts'))).toBe(nodeStrips('export const a: number = 1;\n'));
    const [entry] = readdirSync(cache);
    const entryPath = path.join(cache, entry!);
    // An entry whose body says where it came from: the next answer is read from it.
    const stamp = readFileSync(entryPath, 'utf8').split('\n')[0];
    writeFileSync(entryPath, `${stamp}\nexport const a = 'from the cache';\n`);
    expect(stripped(url('a.ts'))).toBe("export const a = 'from the cache';\n");
    writeFileSync(file, 'export const a: string = "edited";\n');
    expect(stripped(url('a.ts'))).toBe(nodeStrips('export const a: string = "edited";\n'));
    expect(readdirSync(cache)).toEqual([entry]);
  });

  it("leaves to Node what is not the project's own TypeScript, or what Node must refuse with its own error", () => {
    const stripped = stripCache(cache, [own]);
    writeFileSync(path.join(own, 'plain.js'), 'export const b = 2;\n');
    writeFileSync(path.join(work, 'outside.ts'), 'export const c: number = 3;\n');
    writeFileSync(path.join(own, 'enum.ts'), 'export enum Kind { A, B }\n');
    expect(stripped(url('plain.js'))).toBeUndefined();
    expect(stripped(pathToFileURL(path.join(work, 'outside.ts')).href)).toBeUndefined();
    expect(stripped('node:fs')).toBeUndefined();
    expect(stripped(url('missing.ts'))).toBeUndefined();
    expect(() => nodeStrips('export enum Kind { A, B }\n')).toThrow();
    expect(stripped(url('enum.ts'))).toBeUndefined();
    // A folder named like the project's own, but beside it, is not the project's.
    mkdirSync(`${own}-other`);
    writeFileSync(`${own}-other/d.ts`, 'export const d: number = 4;\n');
    expect(stripped(pathToFileURL(`${own}-other/d.ts`).href)).toBeUndefined();
  });

  it('still strips when its folder cannot be written (a read-only install): it only loses the saving', () => {
    const blocked = path.join(work, 'blocked');
    writeFileSync(blocked, 'a file where the folder would be');
    const stripped = stripCache(path.join(blocked, 'cache'), [own]);
    writeFileSync(path.join(own, 'e.ts'), 'export const e: number = 5;\n');
    expect(stripped(url('e.ts'))).toBe(nodeStrips('export const e: number = 5;\n'));
  });
});
