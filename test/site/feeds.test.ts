import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { slugify } from '../../src/core/calendar/slug.ts';
import { EPOCH } from '../helpers/build.ts';
import { basedSite } from '../helpers/sites.ts';
import { audiencesOf, inSubscriberWindow, rowDay, sessionRows } from '../helpers/student-oracle.ts';

let dist: string;
let apiData: Record<string, string>[];
/** The sessions of the subscribers' feeds at the shared build's EPOCH (2023): the data's last 4 weeks. */
let windowData: Record<string, string>[];

beforeAll(async () => {
  dist = basedSite(); // shared, read-only
  apiData = JSON.parse(await readFile(path.join(dist, 'v2/resources/infosessions.json'), 'utf8')).data;
  const held = new Set(sessionRows.filter((r) => inSubscriberWindow(r, EPOCH)).map((r) => r.id));
  windowData = apiData.filter((r) => held.has(r.id!));
});

/** Every term's feed, parsed: together they hold every session. */
async function termEvents() {
  const files = (await readdir(path.join(dist, 'infosessions/terms'))).filter((f) => f.endsWith('.ics'));
  return (await Promise.all(files.map((f) => parseFeed(`infosessions/terms/${f}`)))).flatMap((f) => f.events);
}

/** Parses a feed with ical.js (an independent parser), its own VTIMEZONE registered. */
async function parseFeed(p: string) {
  const text = await readFile(path.join(dist, p), 'utf8');
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  const events = cal.getAllSubcomponents('vevent').map((v) => ({ v, e: new ICAL.Event(v) }));
  return { text, cal, events };
}

/** Every `.ics` file under `dir` of the built site, as site paths, folders walked. */
async function icsFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(dist, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.ics'))
    .map((e) => path.relative(dist, path.join(e.parentPath, e.name)));
}

/** A calendar's name as ical.js reads it (its head alone: the events are not needed). */
async function calendarNameOf(p: string): Promise<string> {
  const text = await readFile(path.join(dist, p), 'utf8');
  const head = text.slice(0, text.search(/\r\nBEGIN:(VTIMEZONE|VEVENT)/));
  return String(new ICAL.Component(ICAL.parse(`${head}\r\nEND:VCALENDAR\r\n`)).getFirstPropertyValue('x-wr-calname'));
}

describe('calendar names, as a calendar app lists them', () => {
  it('read as written in every feed and session file: no comma or semicolon left escaped', async () => {
    const files = [...(await icsFiles('infosessions')), 'infosessions.ics'];
    expect(files.length).toBeGreaterThan(apiData.length);
    const escaped = [];
    for (const f of files) if (/\\/.test(await calendarNameOf(f))) escaped.push(f);
    expect(escaped).toEqual([]);
  });

  it("names a term's feed and a program's feed for an audience in words, with no comma", async () => {
    expect(await calendarNameOf('infosessions/terms/1141.ics')).toBe('Information sessions in Winter 2014');
    expect(await calendarNameOf('infosessions/programs/computer-science/co-op-students.ics')).toBe(
      'Information sessions: Computer Science for Co-op Students',
    );
  });

  it("keeps an employer's words in its session's calendar name, and the comma in the event", async () => {
    const withComma = apiData.filter((r) => /,/.test(r.employer!) && !/cancell?ed/i.test(r.employer!));
    expect(withComma.length).toBeGreaterThan(3);
    for (const r of withComma) {
      const words = (t: string) => t.split(/[\s,;]+/).filter(Boolean);
      expect(words(await calendarNameOf(`infosessions/${r.id}.ics`))).toEqual([
        ...words(r.employer!),
        'information',
        'session',
      ]);
      const { events } = await parseFeed(`infosessions/${r.id}.ics`);
      expect(events[0]!.e.summary).toBe(`${r.employer} information session`);
    }
  });
});

describe('the feed of every session', () => {
  it("holds the data's last 4 weeks when its newest session is past, and says so", async () => {
    const { events, cal } = await parseFeed('infosessions.ics');
    expect(windowData.length).toBeGreaterThan(10);
    expect(windowData.length).toBeLessThan(apiData.length / 4);
    expect(events.map(({ e }) => e.uid).sort()).toEqual(
      windowData.map((r) => `infosession-${r.id}@campus-api-static`).sort(),
    );
    // ical.js leaves an X- property's text escaped.
    const description = String(cal.getFirstPropertyValue('x-wr-caldesc')).replace(/\\([,;\\])/g, '$1');
    expect(sessionRows.map(rowDay).sort().at(-1)).toBe('2015-03-17');
    expect(description).toMatch(
      /^Every employer information session\. The data ends with a session on Tue, Mar 17, 2015: nothing is ahead/,
    );
  });

  it('holds one event per session in its terms, each with a stable, unique UID and the build timestamp', async () => {
    const events = await termEvents();
    expect(events).toHaveLength(apiData.length);
    const uids = events.map(({ e }) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
    expect(uids).toContain('infosession-2116@campus-api-static');
    for (const { v } of events.slice(0, 5)) {
      expect((v.getFirstPropertyValue('dtstamp') as ICAL.Time).toUnixTime()).toBe(EPOCH);
      expect(v.getFirstPropertyValue('url')).toMatch(
        /^https:\/\/example\.github\.io\/campus-api\/infosessions\/\d+\/$/,
      );
      expect(String(v.getFirstPropertyValue('location')).length).toBeGreaterThan(0);
      expect(String(v.getFirstPropertyValue('description')).length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['2414', 'winter (EST, UTC-5)', '2014-02-25T22:30:00.000Z', '2014-02-26T00:00:00.000Z'],
    ['2399', 'summer (EDT, UTC-4)', '2014-05-06T23:30:00.000Z', '2014-05-07T01:00:00.000Z'],
    ['2116', 'fall, before the change back (EDT)', '2013-09-05T13:30:00.000Z', '2013-09-05T17:00:00.000Z'],
  ])('places session %s in %s at the right instant', async (id, _, start, end) => {
    const { events } = await parseFeed(`infosessions/${id}.ics`);
    expect(events).toHaveLength(1);
    expect(events[0]!.e.startDate.toJSDate().toISOString()).toBe(start);
    expect(events[0]!.e.endDate.toJSDate().toISOString()).toBe(end);
    expect(events[0]!.v.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('America/Toronto');
    expect((events[0]!.e.startDate.zone as ICAL.Timezone).tzid).toBe('America/Toronto');
  });

  it('makes a holiday an all-day note of its day that makes no one busy, never DTEND <= DTSTART', async () => {
    const events = await termEvents();
    const holiday = events.find(({ e }) => e.uid === 'infosession-2079@campus-api-static')!;
    expect(holiday.e.startDate.isDate).toBe(true);
    expect(holiday.e.startDate.toString()).toBe('2013-10-14');
    expect(holiday.e.endDate.toString()).toBe('2013-10-15');
    expect(holiday.v.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    expect(holiday.v.getFirstPropertyValue('location')).toBeNull();
    expect(holiday.e.summary).toBe('Canadian Thanksgiving - Holiday');
    for (const { e } of events) expect(e.endDate.compare(e.startDate), e.uid).toBeGreaterThan(0);
    const programs = await readdir(path.join(dist, 'infosessions/programs'));
    for (const f of programs.filter((p) => p.endsWith('.ics')))
      expect(await readFile(path.join(dist, 'infosessions/programs', f), 'utf8')).not.toContain('infosession-2079@');
  });

  it('marks the cancelled sessions STATUS:CANCELLED and TRANSPARENT, titled so, and only those', async () => {
    const events = await termEvents();
    for (const { v, e } of events)
      expect(e.summary.startsWith('Cancelled: '), e.uid).toBe(v.getFirstPropertyValue('status') === 'CANCELLED');
    const cancelled = events
      .filter(({ v }) => v.getFirstPropertyValue('status') === 'CANCELLED')
      .map(({ e }) => e.uid.split('@')[0]);
    const expected = apiData.filter((r) => /cancell?ed/i.test(r.employer!)).map((r) => `infosession-${r.id}`);
    expect(cancelled.sort()).toEqual(expected.sort());
    expect(cancelled).toHaveLength(6);
    const transparent = events
      .filter(({ v }) => v.getFirstPropertyValue('transp') === 'TRANSPARENT')
      .map(({ e }) => e.uid.split('@')[0]);
    expect(transparent.sort()).toEqual([...expected, 'infosession-2079'].sort());
  });

  it('keeps text exact through escaping and folding', async () => {
    const { events, text } = await parseFeed('infosessions/terms/1139.ics');
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const rebellion = events.find(({ e }) => e.uid.startsWith('infosession-2039@'))!;
    const source = apiData.find((r) => r.id === '2039')!;
    expect(String(rebellion.v.getFirstPropertyValue('description'))).toContain(source.description!.trim());
    expect(rebellion.e.summary).toBe('Rebellion Media information session');
  });
});

describe('the other feeds', () => {
  it('splits the sessions by term without losing any', async () => {
    const files = (await readdir(path.join(dist, 'infosessions/terms'))).filter((f) => f.endsWith('.ics')).sort();
    expect(files).toEqual(['1139.ics', '1141.ics', '1145.ics', '1151.ics']);
    let total = 0;
    for (const f of files) total += (await parseFeed(`infosessions/terms/${f}`)).events.length;
    expect(total).toBe(apiData.length);
  });

  it('has one feed per audience and per program, each holding exactly its sessions', async () => {
    const audiences = await readdir(path.join(dist, 'infosessions/audiences'));
    expect(audiences).toContain('co-op-students.ics');
    const coop = await parseFeed('infosessions/audiences/co-op-students.ics');
    // Every session open to co-op students (data/audiences/: "Co-op and Graduating Students" and
    // "Students" too). The holiday (2079) names an audience but is a note, not a session: only
    // the feeds of all sessions and of its term hold it.
    const coopOf = (rows: Record<string, string>[]) =>
      rows.filter((r) => audiencesOf(r.audience!).includes('Co-op Students') && r.id !== '2079');
    expect(coop.events.map(({ e }) => e.uid).sort()).toEqual(
      coopOf(windowData)
        .map((r) => `infosession-${r.id}@campus-api-static`)
        .sort(),
    );
    expect(coopOf(apiData).length, 'the 97 labelled "Co-op Students", 233 "Co-op and Graduating", 2 "Students"').toBe(
      332,
    );
    const programs = await readdir(path.join(dist, 'infosessions/programs'));
    expect(programs.length).toBeGreaterThan(50);
  });

  it('gives Computer Science every session open to it: its labels each term, its faculty, each program', async () => {
    const labels = (r: Record<string, string>) => r.programs!.split(',').map((p) => p.replace(/\s+/g, ' ').trim());
    const open = ['Computer Science', 'MATH - Computer Science', 'ALL - MATH faculty', 'Mathematics', 'ALL - All'];
    const expected = windowData.filter((r) => labels(r).some((l) => open.includes(l)));
    const cs = await parseFeed('infosessions/programs/computer-science.ics');
    expect(cs.events.map(({ e }) => e.uid).sort()).toEqual(
      expected.map((r) => `infosession-${r.id}@campus-api-static`).sort(),
    );
    const all = apiData.filter((r) => labels(r).some((l) => open.includes(l)));
    const rawOnly = apiData.filter((r) => labels(r).includes('MATH - Computer Science'));
    expect(all.length - rawOnly.length, "sessions the raw label's feed missed").toBe(106);
  });

  it('keeps every old program feed address, as the same bytes as the feed it now means', async () => {
    const read = (p: string) => readFile(path.join(dist, 'infosessions/programs', p), 'utf8');
    expect(await read('math-computer-science.ics')).toBe(await read('computer-science.ics'));
    expect(await read('eng-software.ics')).toBe(await read('software-engineering.ics'));
    expect(await read('all-math-faculty.ics')).toBe(
      await readFile(path.join(dist, 'infosessions/faculties/mathematics.ics'), 'utf8'),
    );
    expect(await read('all-all.ics')).toBe(await readFile(path.join(dist, 'infosessions/faculties/all.ics'), 'utf8'));
    const before = new Set(
      apiData.flatMap((r) =>
        r
          .programs!.split(',')
          .map((p) => p.replace(/\s+/g, ' ').trim())
          .filter(Boolean),
      ),
    );
    const files = new Set(await readdir(path.join(dist, 'infosessions/programs')));
    expect([...before].filter((label) => !files.has(`${slugify(label)}.ics`))).toEqual([]);
  });

  it('has a feed of each program for each audience', async () => {
    const feed = await parseFeed('infosessions/programs/computer-science/co-op-students.ics');
    const cs = await parseFeed('infosessions/programs/computer-science.ics');
    const coop = new Set(
      apiData
        .filter((r) => audiencesOf(r.audience!).includes('Co-op Students'))
        .map((r) => `infosession-${r.id}@campus-api-static`),
    );
    expect(feed.events.map(({ e }) => e.uid)).toEqual(cs.events.map(({ e }) => e.uid).filter((u) => coop.has(u)));
    expect(feed.events.length).toBeGreaterThan(0);
  });

  it('keeps every old audience feed address, each holding what its name says', async () => {
    const uids = async (p: string) => (await parseFeed(p)).events.map(({ e }) => e.uid).sort();
    const id = (r: Record<string, string>) => `infosession-${r.id}@campus-api-static`;
    // A label naming two audiences: the sessions open to both (its own, and those for every student).
    const both = windowData.filter((r) => ['Co-op and Graduating Students', 'Students'].includes(r.audience!));
    expect(await uids('infosessions/audiences/co-op-and-graduating-students.ics')).toEqual(both.map(id).sort());
    expect(await uids('infosessions/audiences/students.ics')).toEqual(
      windowData
        .filter((r) => r.audience === 'Students')
        .map(id)
        .sort(),
    );
    const labels = new Set(apiData.map((r) => slugify(r.audience!)).filter(Boolean));
    const files = new Set(await readdir(path.join(dist, 'infosessions/audiences')));
    expect([...labels].filter((l) => !files.has(`${l}.ics`))).toEqual([]);
    const cs = new Set(await readdir(path.join(dist, 'infosessions/programs/computer-science')));
    expect([...labels].filter((l) => !cs.has(`${l}.ics`))).toEqual([]);
  });

  it('writes one file per session', async () => {
    const files = (await readdir(path.join(dist, 'infosessions'))).filter((f) => /^\d+\.ics$/.test(f));
    expect(files).toHaveLength(apiData.length);
  });
});
