// A rebuild over a published output reuses what did not change (files linked from the previous
// version, the pages Astro renders anew): its output must be byte for byte a cold build's of the same data.
import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSessions, sessionRows, termCodes } from '../bench/generate.ts';
import { toggleOneRow } from '../bench/one-row.ts';
import { MONTH_NAMES } from '../src/core/records/session-time.ts';
import { ROOT, readTree, removeDir, runBuild, tempDir } from './helpers/build.ts';

let work: string;
beforeAll(async () => {
  work = await tempDir();
});
afterAll(() => removeDir(work));

/** The session files of a data folder, sorted. */
async function sessionFiles(data: string): Promise<string[]> {
  return (await readdir(path.join(data, 'infosessions'))).filter((f) => f.endsWith('.csv')).sort().map((f) => path.join(data, 'infosessions', f));
}

/** Removes a one-line session from the first file; returns its id. */
async function removeSession(data: string): Promise<string> {
  const file = (await sessionFiles(data))[0]!;
  const lines = (await readFile(file, 'utf8')).split('\n');
  const i = lines.findIndex((l, k) => k > 1 && /^\d+,/.test(l) && /^\d+,/.test(lines[k + 1] ?? ''));
  const [removed] = lines.splice(i, 1);
  await writeFile(file, lines.join('\n'));
  return removed!.split(',')[0]!;
}

/** Adds a session in the month after the newest term's three busiest months (a month no page had). */
async function addMonth(data: string): Promise<void> {
  const file = (await sessionFiles(data)).at(-1)!;
  const code = path.basename(file, '.csv');
  const year = 1900 + Number(code.slice(0, 3));
  const month = Number(code.slice(3)) + 3;
  const row = `999999,New Employer,"${MONTH_NAMES[month - 1]} 14, ${year}",5:00 PM,7:00 PM,TC 2218,,Co-op Students,Math,A session in a month of its own`;
  const text = await readFile(file, 'utf8');
  await writeFile(file, `${text.endsWith('\n') ? text : `${text}\n`}${row}\n`);
}

/** What a build reported about itself (--report). */
async function build(out: string, data: string): Promise<{ reused: number; astro: string; files: number }> {
  const report = `${out}.report.json`;
  const run = await runBuild(out, { DATA_DIR: data }, ['--report', report]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(await readFile(report, 'utf8'));
}

const real = sessionRows(path.join(ROOT, 'data'));

/** The two data sets: the real data, and a small synthetic one of two terms. */
const DATA_SETS: [string, (dir: string) => Promise<void>][] = [
  ['the real data', (dir) => cp(path.join(ROOT, 'data'), dir, { recursive: true })],
  [
    'a small synthetic set',
    async (dir) => {
      // Every other data set (methods.csv names them all), courses cut to one subject (CS: every
      // course is 10,000 files, the real data's case has them all); the sessions are synthetic.
      const courses = path.join(ROOT, 'data/courses');
      await cp(path.join(ROOT, 'data'), dir, { recursive: true, filter: (src) => !src.startsWith(path.join(ROOT, 'data/infosessions/')) && (path.dirname(src) !== courses || path.basename(src) === 'CS.csv') });
      await mkdir(path.join(dir, 'infosessions'), { recursive: true });
      for (const [name, text] of generateSessions(real, 150)) await writeFile(path.join(dir, 'infosessions', name), text);
    },
  ],
];

describe.each(DATA_SETS)('an incremental build of %s', (name, prepare) => {
  it('equals a cold build byte for byte after a one-cell change, a removed session and a new month', async () => {
    const base = path.join(work, name.replace(/\W+/g, '-'));
    const data = path.join(base, 'data');
    await prepare(data);
    expect(termCodes(150)).toHaveLength(2);
    const incremental = path.join(base, 'incremental/dist');
    const first = await build(incremental, data);
    expect(first).toMatchObject({ reused: 0 });

    const unchanged = await build(incremental, data);
    expect(unchanged).toMatchObject({ reused: first.files - 1 }); // all but the stamp, always written anew

    const changes: [string, () => Promise<unknown>][] = [
      ['one cell', async () => toggleOneRow(data)],
      ['a removed session', () => removeSession(data)],
      ['a new month', () => addMonth(data)],
    ];
    for (const [i, [change, apply]] of changes.entries()) {
      await apply();
      const rebuilt = await build(incremental, data);
      expect(rebuilt.reused, change).toBeGreaterThan(rebuilt.files / 2);
      const cold = path.join(base, `cold-${i}/dist`);
      expect((await build(cold, data)).reused, change).toBe(0);
      const [a, b] = [await readTree(incremental), await readTree(cold)];
      expect([...a.keys()], change).toEqual([...b.keys()]);
      const differing = [...a].filter(([file, bytes]) => !bytes.equals(b.get(file)!)).map(([file]) => file);
      expect(differing, change).toEqual([]);
    }
  }, 400_000);
});
