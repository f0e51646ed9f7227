// A build updating an older version in place keeps that version's made files (feeds, calendar
// pages) whose digest is the same without making them: a change undone (A, B, then A again)
// makes nothing the output before last already holds.

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { toggleOneRow } from '../../bench/one-row.ts';
import { BUILD_SETTINGS, resolveConfig } from '../../src/config/settings.ts';
import { copySmallData, ROOT, removeDir, tempDir } from '../helpers/build.ts';

// Feeds counted as they are made. The suites share one module graph (vitest.config.ts:
// isolate), so the build is imported afresh with the count in place, and put back after.
const made = { feeds: 0 };
const ICS = '../../src/core/calendar/ics.ts';

let work: string;
beforeAll(async () => {
  work = await tempDir();
  vi.resetModules();
  vi.doMock(ICS, async (importOriginal) => {
    const ics = await importOriginal<typeof import('../../src/core/calendar/ics.ts')>();
    return {
      ...ics,
      calendarFile: (...args: Parameters<typeof ics.calendarFile>) => (made.feeds++, ics.calendarFile(...args)),
    };
  });
});
afterAll(async () => {
  vi.doUnmock(ICS);
  vi.resetModules();
  await removeDir(work);
});

describe('a build updating the output before last in place', () => {
  it('makes none of the feeds that version made from the same', async () => {
    const { buildSite } = await import('../../src/pipeline/build.ts');
    const data = path.join(work, 'data');
    const terms = readdirSync(path.join(ROOT, 'data/infosessions'))
      .filter((f) => f.endsWith('.csv'))
      .sort()
      .slice(-3)
      .map((f) => path.basename(f, '.csv'));
    await copySmallData(data, { terms });
    const out = path.join(work, 'dist');
    const build = () =>
      buildSite({
        root: ROOT,
        outDir: out,
        pages: false,
        settings: resolveConfig(BUILD_SETTINGS, { DATA_DIR: data, SOURCE_DATE_EPOCH: '1700000000' }, ROOT),
        say: () => {},
      });
    await build(); // A
    toggleOneRow(data);
    made.feeds = 0;
    await build(); // B: the changed session's feeds made anew
    expect(made.feeds).toBeGreaterThan(0);
    toggleOneRow(data);
    made.feeds = 0;
    await build(); // A again, in A's folder (the spare): its feeds are kept as they are
    expect(made.feeds).toBe(0);
  });
});
