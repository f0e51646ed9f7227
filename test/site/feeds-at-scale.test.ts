// A decade's archive (10,000 generated sessions, bench/generate.ts) built once: every feed a page links to, a
// subscribe button's or a term's or a session's, and every program's feed for each audience (the filter's subscribe
// button names them), is under 900 KB (Google Calendar keeps about 1 MB of a subscribed feed and drops the rest
// silently) and parses with ical.js, an independent parser.
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSessions, sessionRows } from '../../bench/generate.ts';
import { copySmallData, EPOCH, ROOT, removeDir, runBuild, tempDir } from '../helpers/build.ts';

const LIMIT = 900 * 1024;
let work: string;
let dist: string;
/** Every feed a page links to (site-relative path), as found in the built pages' links. */
let linked: Set<string>;

beforeAll(async () => {
  work = await tempDir('campus-feeds-10k-');
  const data = path.join(work, 'data');
  await copySmallData(data, { terms: [] });
  await mkdir(path.join(data, 'infosessions'), { recursive: true });
  for (const [name, text] of generateSessions(sessionRows(path.join(ROOT, 'data')), 10_000))
    await writeFile(path.join(data, 'infosessions', name), text);
  dist = path.join(work, 'dist');
  const run = await runBuild(dist, { DATA_DIR: data, CI: '1' });
  expect(run.code, run.stderr).toBe(0);
  linked = new Set();
  const files = (await readdir(`${dist}/`, { recursive: true })).map((f) => f.split(path.sep).join('/'));
  for (const f of files) if (/^infosessions\/programs\/[^/]+\/[^/]+\.ics$/.test(f)) linked.add(f);
  for (const page of files.filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(path.join(dist, page), 'utf8');
    for (const m of html.matchAll(/(?:href|value)="(?:webcal|https?):\/\/localhost:3000\/([^"?#]+\.ics)"/g))
      linked.add(m[1]!);
    for (const m of html.matchAll(/href="\/([^"?#]+\.ics)"/g)) linked.add(m[1]!);
  }
}, 600_000);

afterAll(async () => {
  if (work) await removeDir(work);
});

describe('the feeds of 10,000 sessions', () => {
  it('links the subscribers’ feeds, each term’s and each session’s from the pages', async () => {
    expect(linked.has('infosessions.ics')).toBe(true);
    expect(linked.has('infosessions/audiences/co-op-students.ics')).toBe(true);
    expect([...linked].filter((p) => p.startsWith('infosessions/terms/')).length).toBe(100);
    expect([...linked].filter((p) => /^infosessions\/\d+\.ics$/.test(p)).length).toBe(10_000);
  });

  it('keeps every linked feed under 900 KB, and each parses with ical.js', async () => {
    // Each miss is gathered and asserted once at the end (an expect per file was most of this case's time).
    const oversize: string[] = [];
    const notCalendars: string[] = [];
    const notOneEvent: string[] = [];
    let largest = 0;
    for (const p of linked) {
      const bytes = readFileSync(path.join(dist, p));
      largest = Math.max(largest, bytes.length);
      if (bytes.length >= LIMIT) oversize.push(`${p}: ${bytes.length} bytes`);
      const cal = new ICAL.Component(ICAL.parse(bytes.toString('utf8')));
      if (cal.name !== 'vcalendar') notCalendars.push(`${p}: ${cal.name}`);
      if (!/^infosessions\/\d+\.ics$/.test(p)) continue;
      const events = cal.getAllSubcomponents('vevent').length;
      if (events !== 1) notOneEvent.push(`${p}: ${events} events`);
    }
    expect(oversize).toEqual([]);
    expect(notCalendars).toEqual([]);
    expect(notOneEvent).toEqual([]);
    expect(largest).toBeGreaterThan(100 * 1024); // the broad feeds hold a year ahead and 4 weeks back
  });

  it('holds in the feed of all the 4 weeks before the build and the year after, counted from the CSVs', async () => {
    const day = (s: string) => new Date(`${s} 12:00 UTC`).toISOString().slice(0, 10);
    const text = await readFile(path.join(dist, 'infosessions.ics'), 'utf8');
    const today = new Date(EPOCH * 1000).toISOString().slice(0, 10); // 2023-11-14, the same day in Toronto
    const from = new Date(Date.parse(today) - 28 * 86_400_000).toISOString().slice(0, 10);
    const until = new Date(Date.parse(today) + 366 * 86_400_000).toISOString().slice(0, 10);
    const expected = (await Promise.all((await readdir(path.join(work, 'data/infosessions'))).map(readCsvDates)))
      .flat()
      .map(day)
      .filter((d) => d >= from && d < until);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getAllSubcomponents('vevent').length).toBe(expected.length);
    expect(String(cal.getFirstPropertyValue('x-wr-caldesc'))).toMatch(
      /^Every employer information session\. The sessions of the next 366 days and of the past 28/,
    );
  });
});

/** The date cells of one generated session file, read with papaparse. */
async function readCsvDates(name: string): Promise<string[]> {
  const text = await readFile(path.join(work, 'data/infosessions', name), 'utf8');
  return Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data.map((r) => r.date!);
}
