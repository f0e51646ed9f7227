// When `npm start` builds before it serves: the output's stamp against the site address, the
// data folder DATA_DIR names (by content, wherever it is) and the sources. Read on the shared
// default build, which was made from data/ at the start of this run.
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleReason } from '../../src/pipeline/stale-output.ts';
import { ROOT, removeDir, tempDir } from '../helpers/build.ts';
import { rootSite } from '../helpers/sites.ts';

const DATA = path.join(ROOT, 'data');
const SITE = 'http://localhost:3000/';
let work: string;

beforeAll(async () => {
  work = await tempDir('campus-stale-');
});
afterAll(() => removeDir(work));

describe('npm start: whether the output must be built again', () => {
  it('serves a build of this site from this data as it is', () => {
    expect(staleReason(ROOT, rootSite(), SITE, DATA)).toBeUndefined();
  });

  it('builds when there is no build, or one for another site address', () => {
    // The folder is named as given (`npm start -- --dist DIR`), not as dist/: both are outside the working folder.
    expect(staleReason(ROOT, work, SITE, DATA)).toBe(`${work}/ has not been built`);
    expect(staleReason(ROOT, rootSite(), 'https://example.org/', DATA)).toBe(`${rootSite()}/ was built for ${SITE}`);
  });

  it('builds when DATA_DIR holds other data, and not when it holds the same data elsewhere', async () => {
    const copy = path.join(work, 'data');
    await cp(DATA, copy, { recursive: true });
    expect(staleReason(ROOT, rootSite(), SITE, copy)).toBeUndefined();
    const file = path.join(copy, 'infosessions/1139.csv');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Accenture', 'Accenture Inc.'));
    expect(staleReason(ROOT, rootSite(), SITE, copy)).toBe(
      `the data in ${path.relative(ROOT, copy)}/ is not what ${rootSite()}/ was built from`,
    );
  });
});
