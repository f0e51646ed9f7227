// A data folder as a whole: what the build needs beyond each file being right (the directory,
// the methods the specification requires, a data file for every data set a method publishes).
// The check and the build decide it with one function, so they agree (issue 23, items 6 and 8).
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type DataFileInput, readDataFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { listDataFiles } from '../../src/load/data-fs.ts';
import { copySmallData, ROOT, removeDir, runCli, tempDir } from '../helpers/build.ts';

const DATA = path.join(ROOT, 'data');
const INPUTS: DataFileInput[] = listDataFiles(DATA).map((rel) => ({ rel, bytes: readFileSync(path.join(DATA, rel)) }));
const DIRECTORY = readFileSync(path.join(DATA, 'methods.csv'), 'utf8');

/** The errors of data/ read with some files left out or replaced: `file:line:column rule`. */
function errors(change: (inputs: DataFileInput[]) => DataFileInput[]): string[] {
  const report = readDataFiles(change([...INPUTS]), (r) => `data/${r}`, DATASETS, 'data', true);
  return report.findings.errors.map((f) => `${f.file}:${f.line}:${f.column} ${f.rule} ${f.message}`);
}

/** The inputs with methods.csv's text replaced. */
const withDirectory = (text: string) => (inputs: DataFileInput[]) =>
  inputs.map((i) => (i.rel === 'methods.csv' ? { rel: i.rel, bytes: Buffer.from(text) } : i));
/** The line of methods.csv that holds a method. */
const lineOf = (id: number) => DIRECTORY.split('\n').findIndex((l) => l.startsWith(`${id},`)) + 1;

describe('the data folder as a whole', () => {
  it('has no error as it is', () => {
    expect(errors((i) => i)).toEqual([]);
  });

  it('reports a data set with no data file at the row of each method publishing it', () => {
    const found = errors((inputs) => inputs.filter((i) => !i.rel.startsWith('buildings/')));
    expect(found).toEqual([
      `data/methods.csv:${lineOf(1213)}:1 directory method 1213 publishes the data set "buildings", ` +
        `but data/buildings/ has no data file.`,
      `data/methods.csv:${lineOf(1217)}:1 directory method 1217 publishes the data set "buildings", ` +
        `but data/buildings/ has no data file.`,
    ]);
  });

  it('reports a missing directory', () => {
    expect(errors((inputs) => inputs.filter((i) => i.rel !== 'methods.csv'))).toEqual([
      'data/methods.csv:1:1 directory the method directory is missing: the build needs it to know what to publish.',
    ]);
  });

  it('reports a directory of its header alone: every method the specification requires is missing', () => {
    const found = errors(withDirectory(`${DIRECTORY.split('\n')[0]}\n`));
    expect(found[0]).toContain(
      'data/methods.csv:1:1 required-method the directory lacks method 1081 (/api/services.{format})',
    );
    expect(found.filter((f) => f.includes('required-method'))).toHaveLength(35);
  });

  it('reports a directory without the 1129 row, and the data set left without its method', () => {
    const found = errors(
      withDirectory(
        DIRECTORY.split('\n')
          .filter((l) => !l.startsWith('1129,'))
          .join('\n'),
      ),
    );
    expect(found).toEqual([
      'data/methods.csv:1:1 required-method the directory lacks method 1129 (/resources/infosessions.{format}), ' +
        'which the specification requires. Add its row back.',
      'data/methods.csv:1:1 directory the data set "infosessions" feeds method 1129, which the directory lacks: its ' +
        "data would be published nowhere. Add the method's row, or remove data/infosessions/.",
    ]);
  });

  it('reports a required method moved to another path, at its row', () => {
    const found = errors(
      withDirectory(DIRECTORY.replace('/resources/infosessions.{format}', '/resources/sessions.{format}')),
    );
    expect(found).toEqual([
      `data/methods.csv:${lineOf(1129)}:1 required-method method 1129 is at /resources/sessions.{format}, ` +
        `but the specification puts it at /resources/infosessions.{format}. Write that path.`,
    ]);
  });
});

describe('npm run check and npm run build on a copy of data/ without buildings/', () => {
  let work: string;
  afterAll(() => removeDir(work));

  it('both exit 1 with the same finding', async () => {
    work = await tempDir();
    const data = path.join(work, 'data');
    await copySmallData(data); // what is tested is the folder's shape, not the size of its data sets
    await rm(path.join(data, 'buildings'), { recursive: true });
    const check = await runCli('check.ts', [data], {}, work);
    const build = await runCli('build.ts', ['--api-only', '--out', path.join(work, 'dist')], { DATA_DIR: data }, work);
    const line = (out: string) => out.split('\n').filter((l) => l.includes('error:'));
    expect(check.code).toBe(1);
    expect(build.code).toBe(1);
    expect(line(check.stdout)).toEqual([
      `data/methods.csv:${lineOf(1213)}:1: error: method 1213 publishes the data set "buildings", ` +
        `but data/buildings/ has no data file.`,
      `data/methods.csv:${lineOf(1217)}:1: error: method 1217 publishes the data set "buildings", ` +
        `but data/buildings/ has no data file.`,
    ]);
    expect(line(build.stderr)).toEqual(line(check.stdout));
  });
});

describe('npm run check and npm run build on a copy of data/ without methods.csv', () => {
  let work: string;
  afterAll(() => removeDir(work));

  it('both exit 1 with the same finding at methods.csv (it holds data sets, so it is a whole folder)', async () => {
    work = await tempDir();
    // Not the folder DATA_DIR names by default (data/): a pull request's copy, checked by its path.
    const data = path.join(work, 'pr-data');
    await copySmallData(data);
    await rm(path.join(data, 'methods.csv'));
    const check = await runCli('check.ts', [data], {}, work);
    const build = await runCli('build.ts', ['--api-only', '--out', path.join(work, 'dist')], { DATA_DIR: data }, work);
    const line = (out: string) => out.split('\n').filter((l) => l.includes('error:'));
    expect(check.code).toBe(1);
    expect(build.code).toBe(1);
    expect(line(check.stdout)).toEqual([
      'pr-data/methods.csv:1:1: error: the method directory is missing: the build needs it to know what to publish.',
    ]);
    expect(line(build.stderr)).toEqual(line(check.stdout));
  });
});
