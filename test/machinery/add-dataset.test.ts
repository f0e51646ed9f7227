// Adding a data set is four places and nothing else (docs/adding-a-data-set.md is this test
// written out for people): its data (a folder in data/, its section in data/README.md), its
// record description, its reader, and its rows in data/methods.csv. In a copy of the project,
// this suite adds a small data set that way (a method at a fixed path, one with a placeholder),
// proves that no other file changed, and that the set is published everywhere: JSON, XML, the
// schemas, OpenAPI, the catalogue, `npm run diff` and `npm run check`; and that its reader type-checks.
import { execFile } from 'node:child_process';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyProject, EPOCH, ROOT, removeDir, tempDir } from '../helpers/build.ts';
import { parseXml, xmlValue } from '../helpers/xml.ts';

const run = promisify(execFile);
const NODE = [process.execPath, '--experimental-strip-types', '--no-warnings=ExperimentalWarning'] as const;

/** The four places, as a newcomer writes them (the checklist's examples). */
const ADDED = {
  'data/gadgets/gadgets.csv': 'code,name,weight\nG1,Left-handed widget,1.5\nG2,"Sprocket, large",\n',
  'src/core/records/gadgets-record.ts': `import type { RecordSpec } from './record-spec.ts';

/** A gadget of the gadget library (methods 9001 and 9003). */
export const gadgetRecord = {
  name: 'gadget',
  title: 'Gadget',
  fields: [
    { name: 'code', type: 'string', nullable: false, description: 'Gadget code, e.g. G1' },
    { name: 'name', type: 'string', nullable: false, description: 'Name of the gadget' },
    { name: 'weight', type: 'number', nullable: true, description: 'Weight in kilograms; null when not known' },
  ],
} as const satisfies RecordSpec;
`,
  'src/core/datasets/sets/gadgets.ts': `import { gadgetRecord } from '../../records/gadgets-record.ts';
import type { RecordOf } from '../../records/record-spec.ts';
import type { DataRecord } from '../../records/site-data.ts';
import { type CsvTableRule, readCsvTables } from '../csv-reader.ts';
import { defineDataset } from '../dataset.ts';

/** A gadget as the reader makes it: its type comes from its record description. */
type Gadget = DataRecord<RecordOf<typeof gadgetRecord>>;

const WEIGHT = /^\\d+(\\.\\d+)?$/;

const GADGETS: CsvTableRule<Gadget> = {
  table: 'gadgets',
  match: /^gadgets\\.csv$/,
  columns: ['code', 'name', 'weight'],
  checkRow(row, findings) {
    const cell = row.cell('weight');
    if (cell.value !== '' && !WEIGHT.test(cell.value)) {
      const at = { file: row.file, line: cell.line, column: cell.column };
      findings.error(at, 'weight', \`weight "\${cell.value}" is not a number of kilograms such as 1.5.\`);
    }
  },
  toRecord: (row, _findings, place) => ({
    values: {
      code: row.cell('code').value,
      name: row.cell('name').value,
      // Made from every row, a row with errors too: a value that is not a number stays null.
      weight: WEIGHT.test(row.cell('weight').value) ? Number(row.cell('weight').value) : null,
    },
    ...place,
  }),
};

/** The gadget library: every gadget (9001), and one file per gadget (9003). */
export const dataset = defineDataset({
  name: 'gadgets',
  title: 'The gadget library, data/gadgets/gadgets.csv',
  tables: [{ name: 'gadgets', record: gadgetRecord, key: ['code'] }],
  read: (files, findings) => ({ gadgets: readCsvTables('gadgets', [GADGETS], files, findings).gadgets ?? [] }),
  feeds: {
    9001: { record: gadgetRecord, data: 'array', records: ({ tables }) => tables.gadgets ?? [] },
    9003: {
      record: gadgetRecord,
      data: 'object',
      records: ({ tables }) => tables.gadgets ?? [],
      params: (r) => [r.values.code],
    },
  },
});
`,
};

/** The rows appended to data/methods.csv, and the section appended to data/README.md. */
const METHOD_ROWS =
  '9001,Gadget list,/gadgets/all.{format},9000,gadgets,yes,no,,,,,"Lists every gadget of the library",gadgets,\n' +
  '9003,Gadget details,/gadgets/{gadget}.{format},9000,gadgets,yes,no,,,,,"Gives one gadget by its code",gadgets,\n';
const README_SECTION = '\n### Gadgets (`gadgets/`)\n\nThe gadget library, typed in by its keeper; no corrections.\n';

let work: string;
let project: string;
let out: string;

/** Runs git in the project copy. */
const git = async (...args: string[]) => (await run('git', args, { cwd: project })).stdout;

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
  // .gitignore too, so git sees only what a contributor would commit.
  await copyProject(project, ['.gitignore']);
  await git('init', '-q');
  await git('add', '-A');
  await git('-c', 'user.name=test', '-c', 'user.email=test@example.org', 'commit', '-qm', 'before');
  // The four places.
  for (const [file, text] of Object.entries(ADDED)) {
    await mkdir(path.dirname(path.join(project, file)), { recursive: true });
    await writeFile(path.join(project, file), text);
  }
  await appendFile(path.join(project, 'data/methods.csv'), METHOD_ROWS);
  await appendFile(path.join(project, 'data/README.md'), README_SECTION);
  // The reader's line in the list of data sets.
  const registry = path.join(project, 'src/core/datasets/registry.ts');
  const listed = (await readFile(registry, 'utf8'))
    .replace(
      'import { dataset as watcard }',
      "import { dataset as gadgets } from './sets/gadgets.ts';\nimport { dataset as watcard }",
    )
    .replace('server, watcard]', 'server, watcard, gadgets]');
  expect(listed, 'the list of data sets changed its shape: update this test and the checklist').toMatch(
    /import \{ dataset as gadgets \}[\s\S]*watcard, gadgets\]/,
  );
  await writeFile(registry, listed);
  const build = await cli('build.ts', ['--out', out]);
  expect(build.code, build.stderr).toBe(0);
});
afterAll(() => removeDir(work));

describe('a data set added in four places', () => {
  it('changes no other file of the project', async () => {
    const status = (await git('status', '--porcelain', '--untracked-files=all')).split('\n').filter((l) => l !== '');
    const changed = status.map((l) => l.slice(3)).sort();
    expect(changed).toEqual(
      [...Object.keys(ADDED), 'data/README.md', 'data/methods.csv', 'src/core/datasets/registry.ts'].sort(),
    );
  });

  it("type-checks: the reader gets its records' type from the record description (tsc --noEmit)", async () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.json'], { cwd: project }).then(
      () => ({ code: 0, output: '' }),
      (e: { code?: number; stdout?: string }) => ({ code: e.code ?? 1, output: e.stdout ?? '' }),
    );
    expect(checked.code, checked.output).toBe(0);
  });

  it('is published in JSON and XML at the fixed path and at one path per record', async () => {
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
  });

  it('has its schemas and its OpenAPI paths, with its fields', async () => {
    const openapi = await json('v2/openapi.json');
    for (const p of ['/gadgets/all.{format}', '/gadgets/{gadget}.{format}']) {
      expect(openapi.paths[p]?.get?.['x-published'], p).not.toBe(false);
    }
    expect(JSON.stringify(openapi.components)).toContain('Weight in kilograms');
    // A schema is named by the last segment of a fixed path, or by every segment of one with placeholders.
    for (const name of ['all', 'gadgets-gadget']) {
      expect(await readFile(path.join(out, `v2/schemas/${name}.schema.json`), 'utf8')).toContain('"weight"');
      expect(await readFile(path.join(out, `v2/schemas/${name}.xsd`), 'utf8')).toContain('name="weight"');
    }
  });

  it('is in the catalogue: the directory lists it, and each method has its page with its fields', async () => {
    const directory = await readFile(path.join(out, 'api/index.html'), 'utf8');
    expect(directory).toContain('Gadget list');
    expect(directory).toContain('Gadget details');
    for (const id of [9001, 9003]) {
      const page = await readFile(path.join(out, `methods/${id}/index.html`), 'utf8');
      expect(page).toContain('Weight in kilograms');
    }
  });

  it('is checked by npm run check, a bad cell found at its line and column', async () => {
    const good = await cli('check.ts', []);
    expect(good.code, good.stdout).toBe(0);
    const file = path.join(project, 'data/gadgets/gadgets.csv');
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.replace('1.5', 'heavy'));
    try {
      const bad = await cli('check.ts', []);
      expect(bad.code, bad.stdout + bad.stderr).toBe(1);
      expect(bad.stdout + bad.stderr).toContain(
        'data/gadgets/gadgets.csv:2:23: error: weight "heavy" is not a number of kilograms such as 1.5.',
      );
    } finally {
      await writeFile(file, text);
    }
  });

  it('is compared by npm run diff, record by record by its key', async () => {
    const diff = await cli('diff.ts', ['HEAD', '--format', 'json']);
    expect(diff.code, diff.stderr).toBe(0);
    const text = diff.stdout;
    expect(text).toContain('gadgets');
    expect(text).toContain('G1');
    expect(text).toContain('Sprocket, large');
  });
});
