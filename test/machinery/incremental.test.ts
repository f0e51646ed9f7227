// A rebuild over a published output reuses what did not change (files linked from the previous
// version, the pages Astro renders anew): its output must be byte for byte a cold build's of the same data.
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSessions, sessionRows, termCodes } from '../../bench/generate.ts';
import { toggleOneRow } from '../../bench/one-row.ts';
import { MONTH_NAMES } from '../../src/core/records/session-time.ts';
import { copySmallData, ROOT, readTree, removeDir, runBuild, tempDir } from '../helpers/build.ts';
import { buildInProcess } from '../helpers/build-in-process.ts';

let work: string;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(() => removeDir(work));

/** The session files of a data folder, sorted. */
async function sessionFiles(data: string): Promise<string[]> {
  return (await readdir(path.join(data, 'infosessions')))
    .filter((f) => f.endsWith('.csv'))
    .sort()
    .map((f) => path.join(data, 'infosessions', f));
}

/** Rewrites a session file through its rows (header first): `edit` returns the rows to keep. */
async function editRows(file: string, edit: (rows: string[][]) => string[][]): Promise<void> {
  const [header, ...rows] = Papa.parse<string[]>(await readFile(file, 'utf8'), { skipEmptyLines: true }).data;
  await writeFile(file, `${Papa.unparse([header!, ...edit(rows)], { newline: '\n' })}\n`);
}

/** Removes a session from the first file (its second); returns its id. */
async function removeSession(data: string): Promise<string> {
  let id = '';
  await editRows((await sessionFiles(data))[0]!, (rows) => {
    id = rows[1]![0]!;
    return rows.filter((_, i) => i !== 1);
  });
  return id;
}

/** Adds a session to the first file, a copy of its first under a new id; returns the id. */
async function addSession(data: string): Promise<string> {
  await editRows((await sessionFiles(data))[0]!, (rows) => [...rows, ['999998', ...rows[0]!.slice(1)]]);
  return '999998';
}

/** Adds a session in the month after the newest term's three busiest months (a month no page had); returns its page. */
async function addMonth(data: string): Promise<string> {
  const file = (await sessionFiles(data)).at(-1)!;
  const code = path.basename(file, '.csv');
  const year = 1900 + Number(code.slice(0, 3));
  const month = Number(code.slice(3)) + 3;
  const row =
    `999999,New Employer,"${MONTH_NAMES[month - 1]} 14, ${year}",5:00 PM,7:00 PM,TC 2218,,` +
    'Co-op Students,Math,A session in a month of its own';
  const text = await readFile(file, 'utf8');
  await writeFile(file, `${text.endsWith('\n') ? text : `${text}\n`}${row}\n`);
  return monthPage(year, month);
}

/** Removes every session of the newest term's last month; returns that month's page. */
async function removeLastMonth(data: string): Promise<string> {
  const file = (await sessionFiles(data)).at(-1)!;
  const monthOf = (row: string[]) =>
    [
      Number(/\d{4}$/.exec(row[2]!)![0]),
      (MONTH_NAMES as readonly string[]).indexOf(row[2]!.split(' ')[0]!) + 1,
    ] as const;
  let last: readonly [number, number] = [0, 0];
  await editRows(file, (rows) => {
    last = rows.map(monthOf).reduce((a, b) => (b[0] * 12 + b[1] > a[0] * 12 + a[1] ? b : a));
    return rows.filter((r) => monthOf(r).join() !== last.join());
  });
  return monthPage(...last);
}

/** A month's page in a build. */
const monthPage = (year: number, month: number): string =>
  `infosessions/${year}/${String(month).padStart(2, '0')}/index.html`;
/** A session's page in a build. */
const sessionPage = (id: string): string => `infosessions/${id}/index.html`;

/** What a build reported about itself (--report); `args` are more of its options (--api-only). */
async function build(
  out: string,
  data: string,
  args: readonly string[] = [],
): Promise<{ reused: number; astro: string; files: number }> {
  const report = `${out}.report.json`;
  const run = await runBuild(out, { DATA_DIR: data }, ['--report', report, ...args]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(await readFile(report, 'utf8'));
}

/**
 * The same build in this process: for the cases whose subject is reuse across versions of an output (that two
 * processes give the same bytes is the real sessions' case, above all three builds of its own).
 */
async function buildHere(
  out: string,
  data: string,
  args: readonly string[] = [],
): Promise<{ reused: number; astro: string; files: number }> {
  return buildInProcess(out, { DATA_DIR: data }, { pages: !args.includes('--api-only') });
}

/** Expects two outputs to hold the same files with the same bytes. */
async function expectSameTree(out: string, cold: string, change: string): Promise<void> {
  const [a, b] = [await readTree(out), await readTree(cold)];
  expect(a.size, change).toBeGreaterThan(1000);
  expect([...a.keys()], change).toEqual([...b.keys()]);
  const differing = [...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file);
  expect(differing, change).toEqual([]);
}

describe('an incremental build of the real sessions', () => {
  it('equals a cold build byte for byte after a changed cell, a removed session, a new month at once', async () => {
    // The real sessions, every other data set cut small (copySmallData): reuse does not depend on the size of the
    // data, and a build of the whole real data costs several times as much. The incremental output is built first
    // from a copy that differs from the data by the three changes, then from the data itself over that output; the
    // cold side is the data built into an output of its own, in another process.
    const data = path.join(work, 'real/data');
    await copySmallData(data);
    const before = path.join(work, 'real/before');
    await cp(data, before, { recursive: true });
    const toggled = sessionPage(toggleOneRow(before));
    const removed = await addSession(before);
    const added = await removeLastMonth(before);
    const out = path.join(work, 'real/dist');
    expect(await build(out, before)).toMatchObject({ reused: 0 });
    // What tells the output of each data from the other's: the changed cell, the session, the month.
    const state = () => [
      readFileSync(path.join(out, toggled), 'utf8').includes('(updated)'),
      existsSync(path.join(out, sessionPage(removed))),
      existsSync(path.join(out, added)),
    ];
    expect(state(), 'before the changes').toEqual([true, true, false]);

    const rebuilt = await build(out, data);
    expect(rebuilt.reused).toBeGreaterThan(rebuilt.files / 2);
    expect(state(), 'after the changes').toEqual([false, false, true]);
    const cold = path.join(work, 'real/cold/dist');
    expect(await build(cold, data)).toMatchObject({ reused: 0 });
    await expectSameTree(out, cold, 'the real sessions');
  }, 300_000);
});

describe('an incremental build of a small synthetic set', () => {
  it('equals a cold build byte for byte after a one-cell change, a removed session and a new month', async () => {
    // Every other data set of data/, cut small (copySmallData); the sessions are synthetic, two terms. The builds run
    // in this process (buildHere).
    const data = path.join(work, 'synthetic/data');
    await copySmallData(data, { terms: [] });
    await mkdir(path.join(data, 'infosessions'), { recursive: true });
    expect(termCodes(150)).toHaveLength(2);
    for (const [name, text] of generateSessions(sessionRows(path.join(ROOT, 'data')), 150))
      await writeFile(path.join(data, 'infosessions', name), text);
    const incremental = path.join(work, 'synthetic/incremental/dist');
    const first = await buildHere(incremental, data);
    expect(first).toMatchObject({ reused: 0 });

    const unchanged = await buildHere(incremental, data);
    expect(unchanged).toMatchObject({ reused: first.files - 1 }); // all but the stamp, always written anew

    /** Each change, applied to data, returns what tells the output after it from the one before. */
    const changes: [string, () => Promise<(out: string) => boolean>][] = [
      [
        'one cell',
        async () => {
          const page = sessionPage(toggleOneRow(data));
          return (out) => readFileSync(path.join(out, page), 'utf8').includes('(updated)');
        },
      ],
      [
        'a removed session',
        async () => {
          const page = sessionPage(await removeSession(data));
          return (out) => !existsSync(path.join(out, page));
        },
      ],
      [
        'a new month',
        async () => {
          const page = await addMonth(data);
          return (out) => existsSync(path.join(out, page));
        },
      ],
    ];
    for (const [i, [change, apply]] of changes.entries()) {
      const shows = await apply();
      const rebuilt = await buildHere(incremental, data);
      expect(rebuilt.reused, change).toBeGreaterThan(rebuilt.files / 2);
      expect(shows(incremental), `the output after ${change}`).toBe(true);
      // A cold build of another output: nothing reused from a previous version, and Astro's
      // output taken from the run's shared cache (ASTRO_CACHE_DIR), where the first build put it.
      const cold = path.join(work, `synthetic/cold-${i}/dist`);
      expect(await buildHere(cold, data), change).toMatchObject({ reused: 0, astro: 'cached' });
      await expectSameTree(incremental, cold, change);
    }
  }, 300_000);
});

describe('an incremental build of a listing long enough to be written in pieces', () => {
  it('writes a long listing a chunk at a time; after a changed cell it equals a cold build byte for byte', async () => {
    const data = path.join(work, 'pieces/data');
    await copySmallData(data, { terms: [] });
    await mkdir(path.join(data, 'infosessions'), { recursive: true });
    // More than four batches of 1,000 records: the listing is written a chunk at a time (src/core/render/api-files.ts).
    for (const [name, text] of generateSessions(sessionRows(path.join(ROOT, 'data')), 4_500))
      await writeFile(path.join(data, 'infosessions', name), text);
    // The listing is an API file: the three builds leave out the pages (4,500 session pages each, the subject of
    // the suite's other cases).
    const apiOnly = ['--api-only'];
    const out = path.join(work, 'pieces/incremental/dist');
    await buildHere(out, data, apiOnly);
    const listing = 'v2/resources/infosessions.json';

    const id = toggleOneRow(data);
    expect((await buildHere(out, data, apiOnly)).reused).toBeGreaterThan(0);
    expect(readFileSync(path.join(out, listing), 'utf8')).toContain('(updated)');
    const cold = path.join(work, 'pieces/cold/dist');
    expect(await buildHere(cold, data, apiOnly)).toMatchObject({ reused: 0 });
    await expectSameTree(out, cold, `session ${id} changed`);
  }, 300_000);
});
