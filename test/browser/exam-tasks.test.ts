import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import Papa from 'papaparse';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, removeDir, tempDir } from '../helpers/build.ts';
import { type EdgeWorker, startEdgeWorkers } from '../helpers/edge.ts';
import { rootSite } from '../helpers/sites.ts';
import { ARTIFACTS, launchBrowser, runAxe, type ServedSite, serveSite } from './harness.ts';

// A first-year CS student's exams, end to end: they find CS 135, MATH 135, MATH 137 and ENGL 109
// on the Fall 2013 (1139) exam page, pick them, and get one calendar holding exactly those courses'
// exams, as the page's download (made in the browser) and as the feed the Worker (in workerd) and
// `npm start` assemble from a URL. What they should get is counted from data/exam-schedule/1139.csv
// with papaparse, not through the reader or the code under test.
const TERM = '1139';
const COURSES = ['CS 135', 'MATH 135', 'MATH 137', 'ENGL 109'];
const TYPED = ['CS 135', 'math135', 'MATH 137', 'engl109'];
const FEED = `/exams/${TERM}.ics?courses=CS135,ENGL109,MATH135,MATH137`;

/** One exam as a student's calendar should hold it: course, local start and end, and every room of its sittings. */
interface Exam {
  course: string;
  start: string;
  end: string;
  rooms: string[];
}

/** `12:30 PM` → `12:30:00`. */
function clock24(text: string): string {
  const [, h, m, half] = /^(\d+):(\d\d) ([AP]M)$/.exec(text.trim())!;
  return `${String((Number(h) % 12) + (half === 'PM' ? 12 : 0)).padStart(2, '0')}:${m}:00`;
}

/** The exams of the courses, read from the CSV: each course's rows with a date, one exam per date and time. */
async function expectedExams(): Promise<Exam[]> {
  const text = await readFile(path.join(ROOT, 'data/exam-schedule', `${TERM}.csv`), 'utf8');
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  const exams = new Map<string, Exam>();
  for (const r of rows) {
    if (!COURSES.includes(r.course!.trim()) || !r.date) continue;
    const start = `${r.date}T${clock24(r.start_time!)}`;
    const end = `${r.date}T${clock24(r.end_time!)}`;
    const key = `${r.course} ${start} ${end}`;
    const exam = exams.get(key) ?? { course: r.course!.trim(), start, end, rooms: [] };
    const room = r.location!.trim();
    if (room && !exam.rooms.includes(room)) exam.rooms.push(room);
    exams.set(key, exam);
  }
  return [...exams.values()].map((e) => ({ ...e, rooms: e.rooms.sort() }));
}

/** The exams an .ics holds, read with ical.js: course, local start and end in the campus's zone, rooms. */
function examsIn(ics: string): Exam[] {
  const cal = new ICAL.Component(ICAL.parse(ics));
  for (const zone of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return cal.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    expect(event.startDate.zone?.tzid).toBe('America/Toronto');
    const local = (t: ICAL.Time) => t.toString().slice(0, 19);
    return {
      course: event.summary.replace(/ final exam$/, ''),
      start: local(event.startDate),
      end: local(event.endDate),
      rooms: String(event.location ?? '')
        .split('; ')
        .filter(Boolean)
        .sort(),
    };
  });
}

/** The courses of a subject in the term's CSV (`CS`: CS 100 to CS 499, not PACS 201). */
async function subjectCourses(subject: string): Promise<string[]> {
  const text = await readFile(path.join(ROOT, 'data/exam-schedule', `${TERM}.csv`), 'utf8');
  const rows = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true }).data;
  return [...new Set(rows.map((r) => r.course!.trim()).filter((c) => c.split(' ')[0] === subject))];
}

/** Exams in a fixed order, to compare as sets. */
const sorted = (exams: Exam[]) =>
  [...exams].sort((a, b) => `${a.course}${a.start}`.localeCompare(`${b.course}${b.start}`));

let site: ServedSite;
let browser: Browser;
let edge: EdgeWorker;
let work: string;
let expected: Exam[];
const contexts: BrowserContext[] = [];
let downloads = 0;

beforeAll(async () => {
  work = await tempDir('campus-exams-');
  let edges: EdgeWorker[];
  [site, browser, edges, expected] = await Promise.all([
    serveSite(rootSite()),
    launchBrowser(),
    startEdgeWorkers(rootSite(), 'a-key', work),
    expectedExams(),
  ]);
  edge = edges[0]!;
  await mkdir(ARTIFACTS, { recursive: true });
}, 180_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await site?.stop();
  await edge?.dispose();
  if (work) await removeDir(work);
});

/**
 * The term's exam page at `origin` (with `query`, e.g. `?courses=…`), in a context of one size; `staticHost`: 404
 * where only servers answer.
 */
async function open(
  origin: string,
  viewport: { width: number; height: number },
  { staticHost = false, query = '' } = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  contexts.push(context);
  if (staticHost) await context.route(/\/exams\/\d+\.ics\?/, (route) => route.fulfill({ status: 404, body: '' }));
  const page = await context.newPage();
  await page.goto(`${origin}/exams/${TERM}/${query}`, { waitUntil: 'load' });
  return page;
}

/** Finds each course with the finder, as typed, and adds it to "My exams". */
async function pickCourses(page: Page): Promise<void> {
  const finder = page.getByRole('searchbox', { name: 'Course' });
  for (const [i, typed] of TYPED.entries()) {
    await finder.fill(typed);
    const course = page.locator(`[data-exam-course]:not([hidden])`);
    await expect.poll(() => course.count()).toBe(1);
    expect(await course.locator('h2').textContent()).toBe(COURSES[i]!);
    await course.getByRole('checkbox').check();
  }
  await finder.fill('');
}

/** The page's "Download my exams" file, read. */
async function downloaded(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download my exams (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`my-exams-${TERM}.ics`);
  const file = path.join(work, `download-${++downloads}.ics`);
  await download.saveAs(file); // the browser may run elsewhere: its own path is not ours
  return readFile(file, 'utf8');
}

const SIZES = [
  ['phone', { width: 375, height: 812 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;

describe.each(SIZES)('a first-year CS student on a %s, Fall 2013', (label, viewport) => {
  it('picks their four courses and downloads one calendar of exactly their exams', async () => {
    // CS 135 at one time, MATH 135 and MATH 137 each at one time in several rooms; ENGL 109 is online, with no sitting.
    expect(expected.map((e) => e.course)).toEqual(['CS 135', 'MATH 135', 'MATH 137']);
    const page = await open(site.origin, viewport, { staticHost: true });
    // First they look over their subject: "CS" alone finds CS's courses, and no other subject's (PACS 201).
    const cs = await subjectCourses('CS');
    await page.getByRole('searchbox', { name: 'Course' }).fill('CS');
    const shown = page.locator('[data-exam-course]:not([hidden]) h2');
    await expect.poll(async () => (await shown.allTextContents()).sort()).toEqual(cs.sort());
    expect(await page.locator('[data-exam-finder-status]').textContent()).toBe(`${cs.length} courses.`);
    await pickCourses(page);
    expect(new URL(page.url()).searchParams.get('courses')).toBe('CS135,ENGL109,MATH135,MATH137'); // the page's order
    // "My exams" lists each pick with its exams' starts, or says it has no sitting (ENGL 109 is online): a new user's
    // trial found the picks listed by name alone.
    const picks = await page.locator('[data-exam-mine-picks] li').evaluateAll((lis) =>
      lis.map((li) => ({
        course: li.querySelector('strong')!.textContent,
        starts: [...li.querySelectorAll('time')].map((t) => t.dateTime.slice(0, 16)),
        none: li.textContent!.includes('no sitting in the schedule'),
      })),
    );
    expect(picks).toEqual(
      ['CS 135', 'ENGL 109', 'MATH 135', 'MATH 137'].map((course) => {
        const starts = [...new Set(expected.filter((e) => e.course === course).map((e) => e.start.slice(0, 16)))];
        return { course, starts, none: starts.length === 0 };
      }),
    );
    const ics = await downloaded(page);
    expect(sorted(examsIn(ics))).toEqual(sorted(expected));
    // On a static host the server's feed is not there, so no subscription is offered.
    expect(await page.locator('[data-exam-subscribe]').isHidden()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, `exams-term-picked-${label}.png`) });
  }, 120_000);

  it('is offered the feed to subscribe to where a server answers it (npm start, the Worker)', async () => {
    // The two servers side by side, each in a context of its own.
    const offered = async (origin: string) => {
      const page = await open(origin, viewport, { query: '?courses=CS135,MATH135,MATH137,ENGL109' });
      const https = page.locator('[data-exam-https]');
      await expect.poll(() => https.isVisible()).toBe(true);
      const feed = await https.getAttribute('href');
      expect(feed).toBe(`${origin}${FEED}`);
      expect(await page.locator('[data-exam-webcal]').getAttribute('href')).toBe(feed!.replace(/^http:/, 'webcal:'));
      expect(sorted(examsIn(await downloaded(page)))).toEqual(sorted(expected));
    };
    await Promise.all([site.origin, edge.origin].map(offered));
  }, 120_000);

  it('sees the exam pages fit the screen with no axe violation', async () => {
    const page = await open(site.origin, viewport); // the term's page, loaded once: about 900 sittings
    for (const sitePath of [`exams/${TERM}/`, 'exams/']) {
      if (sitePath === 'exams/') await page.goto(`${site.origin}/${sitePath}`, { waitUntil: 'load' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, sitePath).toBeLessThanOrEqual(0);
      // The term's page at 375 px is every-page.test.ts's: it audits that template in full there (axe on 900 sittings
      // takes some 20 s); here it is audited at 1280 px, which that suite does not reach.
      const audited = sitePath === 'exams/' || viewport.width > 375;
      if (audited) expect(await runAxe(page), sitePath).toEqual([]);
      const name = sitePath === 'exams/' ? 'exams-index' : 'exams-term';
      await page.screenshot({ path: path.join(ARTIFACTS, `${name}-${label}.png`) });
    }
  }, 180_000);
});

describe('the feed of chosen courses, from the Worker in workerd and from npm start', () => {
  it('holds exactly the student’s exams, the same bytes from both runtimes', async () => {
    const [fromEdge, fromNode] = await Promise.all([fetch(`${edge.origin}${FEED}`), fetch(`${site.origin}${FEED}`)]);
    for (const answer of [fromEdge, fromNode]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    }
    const text = await fromEdge.text();
    expect(await fromNode.text()).toBe(text);
    expect(sorted(examsIn(text))).toEqual(sorted(expected));
  });

  it('answers a course’s feed as the file the build wrote', async () => {
    const file = await readFile(path.join(rootSite(), `exams/${TERM}/CS135.ics`), 'utf8');
    const answer = await fetch(`${edge.origin}/exams/${TERM}/CS135.ics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(file);
  });

  it.each([
    [
      `/exams/${TERM}.ics?courses=CS135,XYZ999`,
      404,
      /^404 XYZ999 has no exam in Fall 2013: check it on \/exams\/1139\//,
    ],
    [`/exams/${TERM}.ics?courses=CS135,C%24`, 400, /^400 "C\$" is not a course: write subject and number, e\.g\./],
    [`/exams/${TERM}.ics`, 400, /^400 name your courses, e\.g\. \/exams\/1139\.ics\?courses=CS135,MATH137\.$/],
    ['/exams/9999.ics?courses=CS135', 404, /^404 no exam schedule for term "9999": pick a term listed at \/exams\/\.$/],
  ])('refuses %s with %i and one line that says what to fix', async (asked, status, message) => {
    for (const origin of [edge.origin, site.origin]) {
      const answer = await fetch(`${origin}${asked}`);
      expect(answer.status, origin).toBe(status);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      const text = await answer.text();
      expect(text.trimEnd().split('\n')).toHaveLength(1);
      expect(text.trimEnd()).toMatch(message);
    }
  });
});
