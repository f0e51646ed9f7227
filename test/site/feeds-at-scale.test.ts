// A decade's archive (10,000 generated sessions, bench/generate.ts), its API and feeds built once in this process
// (--api-only): every feed of its output, a session's, a term's, an audience's, a faculty's, every program's for each
// audience and the exams', is under 900 KB (Google Calendar keeps about 1 MB of a subscribed feed and drops the rest
// silently) and parses with ical.js, an independent parser. Which feeds the pages link to (a subscribe button's, a
// term's, a session's) is read from the pages of the real data's shared build: each is a feed of that output, and
// each kind of them is among the archive's feeds. The archive's pages are not built: they were two thirds of its
// build, and link to the same kinds of feeds from the same templates, for more sessions.
import { readFileSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSessions, sessionRows } from '../../bench/generate.ts';
import { copySmallData, EPOCH, listTree, ROOT, removeDir, tempDir } from '../helpers/build.ts';
import { buildInProcess } from '../helpers/build-in-process.ts';
import { rootSite } from '../helpers/sites.ts';

const LIMIT = 900 * 1024;
let work: string;
let dist: string;
/** Every feed of the archive's output (site-relative path). */
let feeds: string[];

beforeAll(async () => {
  work = await tempDir('campus-feeds-10k-');
  const data = path.join(work, 'data');
  await copySmallData(data, { terms: [] });
  await mkdir(path.join(data, 'infosessions'), { recursive: true });
  for (const [name, text] of generateSessions(sessionRows(path.join(ROOT, 'data')), 10_000))
    await writeFile(path.join(data, 'infosessions', name), text);
  dist = path.join(work, 'dist');
  await buildInProcess(dist, { DATA_DIR: data }, { pages: false });
  feeds = listTree(dist).filter((f) => f.endsWith('.ics'));
}, 600_000);

afterAll(async () => {
  if (work) await removeDir(work);
});

/** The feeds (site paths) the built pages of `site` link to: webcal or http(s) links to it, and root-relative ones. */
function linkedFeeds(site: string): Set<string> {
  const linked = new Set<string>();
  for (const page of listTree(site).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(path.join(site, page), 'utf8');
    for (const m of html.matchAll(/(?:href|value)="(?:webcal|https?):\/\/localhost:3000\/([^"?#]+\.ics)"/g))
      linked.add(m[1]!);
    for (const m of html.matchAll(/href="\/([^"?#]+\.ics)"/g)) linked.add(m[1]!);
  }
  return linked;
}

/** The kind of a feed by its path: a session's, a term's, an audience's, a faculty's, a program's, an exam's. */
const kindOf = (p: string): string =>
  p
    .replace(/^infosessions\/\d+\.ics$/, 'a session')
    .replace(/^infosessions\/(terms|programs|audiences|faculties)\/.*/, '$1')
    .replace(/^exams\/.*/, 'exams');

describe('the feeds the pages link to (the real data)', () => {
  it('links the subscribers’ feeds, each term’s and each session’s from the pages, each a feed of the output', () => {
    const site = rootSite();
    const linked = [...linkedFeeds(site)];
    const written = new Set(listTree(site).filter((f) => f.endsWith('.ics')));
    expect(linked.filter((p) => !written.has(p))).toEqual([]);
    expect(linked).toContain('infosessions.ics');
    expect(linked).toContain('infosessions/audiences/co-op-students.ics');
    const terms = [...written].filter((p) => /^infosessions\/terms\/\d+\.ics$/.test(p));
    expect(linked.filter((p) => p.startsWith('infosessions/terms/')).sort()).toEqual(terms.sort());
    const api = JSON.parse(readFileSync(path.join(site, 'v2/resources/infosessions.json'), 'utf8')).data;
    expect(linked.filter((p) => /^infosessions\/\d+\.ics$/.test(p)).length).toBe(api.length);
    // Every kind of feed a page links to is one of the archive's output, every feed of which is checked below.
    const kinds = [...new Set(linked.map(kindOf))].sort();
    expect(kinds).toEqual(['a session', 'audiences', 'exams', 'faculties', 'infosessions.ics', 'programs', 'terms']);
    expect(kinds.filter((k) => !feeds.some((p) => kindOf(p) === k))).toEqual([]);
  });
});

describe('the feeds of 10,000 sessions', () => {
  it('writes the subscribers’ feeds, each term’s and each session’s, and a program’s for each audience', () => {
    expect(feeds).toContain('infosessions.ics');
    expect(feeds).toContain('infosessions/audiences/co-op-students.ics');
    expect(feeds.filter((p) => /^infosessions\/terms\/\d+\.ics$/.test(p)).length).toBe(100);
    expect(feeds.filter((p) => /^infosessions\/\d+\.ics$/.test(p)).length).toBe(10_000);
    expect(feeds.filter((p) => /^infosessions\/programs\/[^/]+\/[^/]+\.ics$/.test(p)).length).toBeGreaterThan(100);
  });

  it('keeps every feed under 900 KB, and each parses with ical.js', async () => {
    // Each miss is gathered and asserted once at the end (an expect per file was most of this case's time).
    const oversize: string[] = [];
    const notCalendars: string[] = [];
    const notOneEvent: string[] = [];
    let largest = 0;
    for (const p of feeds) {
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
