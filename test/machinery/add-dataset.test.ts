// Adding a data set is four places and nothing else (docs/adding-a-data-set.md is this test
// written out for people): its data (a folder in data/, its section in data/README.md), its
// record description, its reader and its line in the registry, and its rows in data/methods.csv.
// In a copy of the project, this suite adds two data sets that way, one after the other, from
// the files a person copies (test/fixtures/add-dataset/<name>/): the gadget library (a method at a
// fixed path, one with a placeholder), then parking lots. It proves that the second changes no
// file of the first (the first left nothing to fix), that `npm run format` leaves what was copied
// as it was and `npm run lint` passes, that no other file changed, that the readers type-check,
// and that both sets are published everywhere: JSON, XML, the schemas, OpenAPI, the catalogue,
// `npm run diff` and `npm run check`.
import { execFile } from 'node:child_process';
import { appendFile, cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, EPOCH, ROOT, removeDir, tempDir } from '../helpers/build.ts';
import { addToRegistry } from '../helpers/registry-edit.ts';
import { parseXml, xmlValue } from '../helpers/xml.ts';

const run = promisify(execFile);
const NODE = [process.execPath, '--experimental-strip-types', '--no-warnings=ExperimentalWarning'] as const;

/** The files a person copies to add each data set: data/ and src/ as they sit in the project, and two to append. */
const FIXTURES = path.join(ROOT, 'test/fixtures/add-dataset');
/** The files shared by every data set, which each adds to. */
const SHARED = ['data/README.md', 'data/methods.csv', 'src/core/datasets/registry.ts'];

/** The files of a fixture's data/ and src/ folders, by their path in the project. */
async function copiedFiles(name: string): Promise<string[]> {
  const files: string[] = [];
  for (const top of ['data', 'src']) {
    for (const e of await readdir(path.join(FIXTURES, name, top), { recursive: true, withFileTypes: true }))
      if (e.isFile()) files.push(path.relative(path.join(FIXTURES, name), path.join(e.parentPath, e.name)));
  }
  return files.map((f) => f.split(path.sep).join('/')).sort();
}

/** Follows docs/adding-a-data-set.md for the fixture `name`, then formats the project (`npm run format`). */
async function addDataset(name: string): Promise<void> {
  for (const top of ['data', 'src'])
    await cp(path.join(FIXTURES, name, top), path.join(project, top), { recursive: true });
  await appendFile(
    path.join(project, 'data/methods.csv'),
    await readFile(path.join(FIXTURES, name, 'methods-rows.csv')),
  );
  await appendFile(
    path.join(project, 'data/README.md'),
    await readFile(path.join(FIXTURES, name, 'readme-section.md')),
  );
  const registry = path.join(project, 'src/core/datasets/registry.ts');
  await writeFile(registry, addToRegistry(await readFile(registry, 'utf8'), name));
  await biome('check', '--write', '.');
}

let work: string;
let project: string;
let out: string;

/** Runs git in the project copy. */
const git = async (...args: string[]) => (await run('git', args, { cwd: project })).stdout;
/** Runs Biome in the project copy, as `npm run format` and `npm run lint` do. */
const biome = (...args: string[]) => run(path.join(ROOT, 'node_modules/.bin/biome'), args, { cwd: project });
/** Commits everything in the project copy. */
const commit = async (message: string) => {
  await git('add', '-A');
  await git('-c', 'user.name=test', '-c', 'user.email=test@example.org', 'commit', '-qm', message);
};
/** The files changed since a commit, and those new, by their path in the project. */
async function changedSince(ref: string): Promise<string[]> {
  await git('add', '-A');
  return (await git('diff', '--name-only', '--cached', ref))
    .split('\n')
    .filter((l) => l !== '')
    .sort();
}

/** Runs a CLI of the project copy (build, check, diff) there; its exit code and output. */
async function cli(script: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { DATA_DIR: _, SITE_URL: __, ...env } = process.env;
  try {
    const r = await run(NODE[0], [...NODE.slice(1), path.join(project, 'src/cli', script), ...args], {
      cwd: project,
      env: { ...env, SOURCE_DATE_EPOCH: String(EPOCH), GITHUB_ACTIONS: '' },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

const json = async (p: string) => JSON.parse(await readFile(path.join(out, p), 'utf8'));

beforeAll(async () => {
  work = await tempDir('campus-add-dataset-');
  project = path.join(work, 'project');
  out = path.join(work, 'dist');
  // .gitignore and biome.json too, so git sees only what a contributor would commit, and Biome formats as it does.
  await copyProject(project, ['.gitignore', 'biome.json']);
  await git('init', '-q');
  await commit('before');
  await addDataset('gadgets');
  await commit('gadgets');
  await addDataset('parking');
  const build = await cli('build.ts', ['--out', out]);
  expect(build.code, build.stderr).toBe(0);
});
afterAll(() => removeDir(work));

describe('two data sets added in four places, one after the other', () => {
  it('changes no file of the first when adding the second: the first left nothing to fix', async () => {
    expect(await changedSince('HEAD')).toEqual([...(await copiedFiles('parking')), ...SHARED].sort());
  });

  it('changes no other file of the project', async () => {
    const added = [...(await copiedFiles('gadgets')), ...(await copiedFiles('parking'))];
    expect(await changedSince('HEAD~1')).toEqual([...added, ...SHARED].sort());
  });

  it.each(['gadgets', 'parking'])(
    'leaves the files copied for %s as they are in test/fixtures/add-dataset/ (npm run format changes nothing)',
    async (name) => {
      for (const file of await copiedFiles(name)) {
        const copied = await readFile(path.join(project, file), 'utf8');
        expect(copied, file).toBe(await readFile(path.join(FIXTURES, name, file), 'utf8'));
      }
    },
  );

  it('keeps the list of data sets one a line, and passes npm run lint', async () => {
    const registry = await readFile(path.join(project, 'src/core/datasets/registry.ts'), 'utf8');
    expect(registry).toMatch(/\n {2}watcard,\n {2}gadgets,\n {2}parking,\n/);
    const lint = await biome('check', '--error-on-warnings', '.').then(
      () => ({ code: 0, output: '' }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({
        code: e.code ?? 1,
        output: `${e.stdout}${e.stderr}`,
      }),
    );
    expect(lint.code, lint.output).toBe(0);
    await run(process.execPath, [path.join(ROOT, 'test/line-length.mjs'), '--root', project]);
  });

  it("type-check: each reader gets its records' type from the record description (tsc --noEmit)", async () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], { cwd: project }).then(
      () => ({ code: 0, output: '' }),
      (e: { code?: number; stdout?: string }) => ({ code: e.code ?? 1, output: e.stdout ?? '' }),
    );
    expect(checked.code, checked.output).toBe(0);
  });

  it('are published in JSON and XML at the fixed paths and at one path per record', async () => {
    const all = await json('v2/gadgets/all.json');
    expect(all.meta).toMatchObject({ status: 200, method_id: 9001 });
    expect(all.data).toEqual([
      { code: 'G1', name: 'Left-handed widget', weight: 1.5 },
      { code: 'G2', name: 'Sprocket, large', weight: null },
    ]);
    const xml = parseXml(await readFile(path.join(out, 'v2/gadgets/all.xml'), 'utf8')).response;
    expect(xmlValue(xml.data.item[1], all.data[1])).toEqual(all.data[1]);
    const one = await json('v2/gadgets/G2.json');
    expect(one.meta.method_id).toBe(9003);
    expect(one.data).toEqual({ code: 'G2', name: 'Sprocket, large', weight: null });
    expect(
      xmlValue(parseXml(await readFile(path.join(out, 'v2/gadgets/G2.xml'), 'utf8')).response.data, one.data),
    ).toEqual(one.data);
    const lots = await json('v2/parking/lots.json');
    expect(lots.meta).toMatchObject({ status: 200, method_id: 9011 });
    expect(lots.data[2]).toEqual({
      lot: 'X',
      name: 'Lot X, overflow',
      spaces: 120,
      visitor: true,
      accessible_spaces: null,
    });
    const lotsXml = parseXml(await readFile(path.join(out, 'v2/parking/lots.xml'), 'utf8')).response;
    expect(xmlValue(lotsXml.data.item[2], lots.data[2])).toEqual(lots.data[2]);
  });

  it('have their schemas and their OpenAPI paths, with their fields', async () => {
    const openapi = await json('v2/openapi.json');
    for (const p of ['/gadgets/all.{format}', '/gadgets/{gadget}.{format}', '/parking/lots.{format}']) {
      expect(openapi.paths[p]?.get?.['x-published'], p).not.toBe(false);
    }
    expect(JSON.stringify(openapi.components)).toContain('Weight in kilograms');
    // A schema is named by the last segment of a fixed path, or by every segment of one with placeholders.
    for (const name of ['all', 'gadgets-gadget']) {
      expect(await readFile(path.join(out, `v2/schemas/${name}.schema.json`), 'utf8')).toContain('"weight"');
      expect(await readFile(path.join(out, `v2/schemas/${name}.xsd`), 'utf8')).toContain('name="weight"');
    }
    expect(await readFile(path.join(out, 'v2/schemas/lots.schema.json'), 'utf8')).toContain('"accessible_spaces"');
  });

  it('are in the catalogue: the directory lists them, and each method has its page with its fields', async () => {
    const directory = await readFile(path.join(out, 'api/index.html'), 'utf8');
    for (const name of ['Gadget list', 'Gadget details', 'Parking lots']) expect(directory).toContain(name);
    for (const [id, field] of [
      [9001, 'Weight in kilograms'],
      [9003, 'Weight in kilograms'],
      [9011, 'Whether visitors may park there'],
    ] as const) {
      expect(await readFile(path.join(out, `methods/${id}/index.html`), 'utf8')).toContain(field);
    }
  });

  it('are checked by npm run check, a bad cell found at its line and column', async () => {
    const good = await cli('check.ts', []);
    expect(good.code, good.stdout).toBe(0);
    const gadgets = path.join(project, 'data/gadgets/gadgets.csv');
    const lots = path.join(project, 'data/parking/lots.csv');
    const texts = [await readFile(gadgets, 'utf8'), await readFile(lots, 'utf8')] as const;
    await writeFile(gadgets, texts[0].replace('1.5', 'heavy'));
    await writeFile(lots, texts[1].replace('450,no', '450,maybe'));
    try {
      const bad = await cli('check.ts', []);
      expect(bad.code, bad.stdout + bad.stderr).toBe(1);
      expect(bad.stdout + bad.stderr).toContain(
        'data/gadgets/gadgets.csv:2:23: error: weight "heavy" is not a number of kilograms such as 1.5.',
      );
      expect(bad.stdout + bad.stderr).toContain('data/parking/lots.csv:2:28: error: visitor "maybe" is not yes or no.');
    } finally {
      await writeFile(gadgets, texts[0]);
      await writeFile(lots, texts[1]);
    }
  });

  it('are compared by npm run diff, record by record by their keys', async () => {
    const diff = await cli('diff.ts', ['HEAD~1', '--format', 'json']);
    expect(diff.code, diff.stderr).toBe(0);
    for (const text of ['gadgets', 'G1', 'Sprocket, large', 'parking', 'Lot X, overflow'])
      expect(diff.stdout).toContain(text);
  });
});
