// A build that ran Astro reads the pages it rendered itself, not the shared cache folder it
// stored them in: a build of another output storing the same key meanwhile sets that folder
// aside (one rename) before putting its own in place, and a read then would fail the build.
import { readdirSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILD_SETTINGS, resolveConfig } from '../../src/config/settings.ts';
import { browsePaths } from '../../src/core/browse/browse-paths.ts';
import { monthPage } from '../../src/core/calendar/pages/month-page.ts';
import { examPaths } from '../../src/core/site/exam-paths.ts';
import { buildingPaths, calendarPaths, methodPaths } from '../../src/core/site/paths.ts';
import { fileDigests, PROJECT_INPUTS } from '../../src/pipeline/input-key.ts';
import { copySmallData, ROOT, removeDir, tempDir } from '../helpers/build.ts';

let work: string;
// The suites share one module graph (vitest.config.ts: isolate): the build's modules are
// imported afresh with these stand-ins, and put back after.
beforeAll(async () => {
  work = await tempDir();
  vi.resetModules();
  vi.doMock('../../src/pipeline/astro-run.ts', async (importOriginal) => ({
    ...(await importOriginal<typeof import('../../src/pipeline/astro-run.ts')>()),
    // Astro's output, as small as a build reads it: the page shells and a page.
    startAstroBuild: ({ outDir }: { outDir: string }) => ({
      done: (async () => {
        const shells = [
          calendarPaths.sessionShell,
          calendarPaths.listingShell,
          buildingPaths.shell,
          methodPaths.shell,
          browsePaths.shell,
          browsePaths.portalShell,
          examPaths.shell,
        ];
        for (const shell of shells) {
          await mkdir(path.join(outDir, shell), { recursive: true });
          await writeFile(
            path.join(outDir, shell, 'index.html'),
            '<title>@@PAGE_TITLE@@</title><meta content="@@PAGE_SUMMARY@@">@@PAGE_HEAD@@@@PAGE_BODY@@',
          );
        }
        await writeFile(path.join(outDir, 'index.html'), '<p>home</p>');
      })(),
      stop: () => {},
      pid: undefined,
    }),
  }));
  vi.doMock('../../src/pipeline/astro-cache.ts', async (importOriginal) => {
    const cache = await importOriginal<typeof import('../../src/pipeline/astro-cache.ts')>();
    return {
      ...cache,
      // Another build stores the same key right after this one: its first step sets this one's aside.
      storeAstro: async (...args: Parameters<typeof cache.storeAstro>) => {
        const dir = await cache.storeAstro(...args);
        await rename(dir, `${dir}-set-aside-by-another-build`);
        return dir;
      },
    };
  });
});
afterAll(async () => {
  vi.doUnmock('../../src/pipeline/astro-run.ts');
  vi.doUnmock('../../src/pipeline/astro-cache.ts');
  vi.resetModules();
  await removeDir(work);
});

describe('a build that ran Astro with a shared cache folder', () => {
  it('reads what it rendered, whatever another build does to the cached copy meanwhile', async () => {
    const { startAstroPages } = await import('../../src/pipeline/astro-pages.ts');
    const { createBuildContext } = await import('../../src/pipeline/context.ts');
    const data = path.join(work, 'data');
    await copySmallData(data, {
      terms: readdirSync(path.join(ROOT, 'data/infosessions'))
        .filter((f) => f.endsWith('.csv'))
        .sort()
        .slice(-1)
        .map((f) => path.basename(f, '.csv')),
    });
    const context = createBuildContext(
      ROOT,
      resolveConfig(BUILD_SETTINGS, { DATA_DIR: data, SOURCE_DATE_EPOCH: '1700000000' }, ROOT),
    );
    const versions = path.join(work, 'versions');
    await mkdir(versions);
    const pages = await startAstroPages(
      context,
      { dir: path.join(versions, 'v'), temporary: new Set(), versions },
      fileDigests(ROOT, PROJECT_INPUTS),
      path.join(work, 'shared'),
    ).result;
    expect(pages.ran).toBe(true);
    expect(pages.files.map((f) => f.path)).toEqual(['index.html']);
    expect(
      pages.shells.listing.fill(
        monthPage({ month: { year: 2014, month: 1, sessions: [] }, prev: undefined, next: undefined }, context.render),
      ),
    ).toContain('No sessions this month.');
  });
});
