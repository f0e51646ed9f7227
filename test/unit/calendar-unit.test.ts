import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { audienceCatalog } from '../../src/core/calendar/audiences.ts';
import { monthGrid, programFacets, weekday } from '../../src/core/calendar/calendar.ts';
import { renderFeedFiles, subscriptionFeeds } from '../../src/core/calendar/feeds.ts';
import { foldLine } from '../../src/core/calendar/fold-line.ts';
import { escapeText, sessionEvent } from '../../src/core/calendar/ics.ts';
import { linkSegments } from '../../src/core/calendar/linkify.ts';
import { parseShell } from '../../src/core/calendar/pages/page-shell.ts';
import { openToOf, programCatalog } from '../../src/core/calendar/programs.ts';
import {
  clock,
  isoTime,
  isPlaceholderLocation,
  kindOf,
  normalisePrograms,
  placeOf,
  readCancellation,
  type Session,
  websiteHref,
} from '../../src/core/calendar/session.ts';
import { slugify } from '../../src/core/calendar/slug.ts';
import { testSession } from '../helpers/session.ts';
import { renderedSessionPage } from '../helpers/session-page.ts';

/** What a hand-made session's programs resolve to without a program list. */
const noList = programCatalog(undefined);

/** A session page's body as its component renders it. */
const sessionBody = (await renderedSessionPage()).body;

import { parseClockTime, parseSessionDate } from '../../src/core/records/session-time.ts';
import { parseTermCode } from '../../src/core/records/term.ts';

describe.each([
  ['12:00 AM', 0],
  ['12:30 AM', 30],
  ['1:00 AM', 60],
  ['9:30 AM', 570],
  ['09:30 AM', 570],
  ['11:59 AM', 719],
  ['12:00 PM', 720],
  ['12:45 PM', 765],
  ['1:00 PM', 780],
  ['11:59 PM', 1439],
])('parseClockTime(%j)', (text, minutes) => {
  it(`is ${minutes} minutes, and reads back as ${clock(minutes)}`, () => {
    expect(parseClockTime(text)).toEqual({ ok: true, value: minutes });
    expect(parseClockTime(clock(minutes))).toEqual({ ok: true, value: minutes });
  });
});

it.each(['0:30 AM', '13:00 PM', '9:60 AM', '9:5 AM', '9:30', '9:30 am', '9.30 AM', ' 9:30 AM'])(
  'parseClockTime refuses %j',
  (text) => {
    expect(parseClockTime(text).ok).toBe(false);
  },
);

describe.each([
  ['September 5, 2013', { year: 2013, month: 9, day: 5 }],
  ['February 29, 2016', { year: 2016, month: 2, day: 29 }],
  ['February 29, 2000', { year: 2000, month: 2, day: 29 }],
  ['December 31, 2014', { year: 2014, month: 12, day: 31 }],
])('parseSessionDate(%j)', (text, date) => {
  it('reads the date', () => expect(parseSessionDate(text)).toEqual({ ok: true, value: date }));
});

it.each([
  'February 29, 2014',
  'February 29, 1900',
  'April 31, 2014',
  'Sept 5, 2013',
  'September 5 2013',
  '5 September 2013',
  'september 5, 2013',
])('parseSessionDate refuses %j', (text) => expect(parseSessionDate(text).ok).toBe(false));

describe.each([
  // year, month, weekday of the 1st (0 = Sunday), days, weeks in the grid
  [2013, 9, 0, 30, 5], // starts on a Sunday
  [2014, 2, 6, 28, 5], // starts on a Saturday
  [2015, 2, 0, 28, 4], // February filling exactly four weeks
  [2016, 2, 1, 29, 5], // leap year
  [2014, 3, 6, 31, 6], // needs six weeks
  [2014, 1, 3, 31, 5],
  [2014, 5, 4, 31, 5],
])('monthGrid(%i, %i)', (year, month, first, days, weeks) => {
  const grid = monthGrid(year, month);
  it(`starts on weekday ${first}, has ${days} days in ${weeks} weeks of seven`, () => {
    expect(grid).toHaveLength(weeks);
    for (const week of grid) expect(week).toHaveLength(7);
    const flat = grid.flat();
    expect(flat.findIndex((d) => d !== null)).toBe(first);
    expect(flat.filter((d) => d !== null)).toHaveLength(days);
    expect(weekday({ year, month, day: 1 })).toBe(first);
    expect(flat.filter((d) => d !== null).map((d) => d!.date.day)).toEqual(
      Array.from({ length: days }, (_, i) => i + 1),
    );
  });
});

describe.each([
  ['FreshBooks - **CANCELLED**', 'FreshBooks', true],
  ['ThoughtWorks **CANCELLED**', 'ThoughtWorks', true],
  ['PDT Partners, LLC **CANCELLED**', 'PDT Partners, LLC', true],
  ['Big Viking Games - CANCELLED*', 'Big Viking Games', true],
  ['Acme (Cancelled)', 'Acme', true],
  ['CANCELLED: Acme', 'Acme', true],
  ['Accenture (Registration Needed to Attend)', 'Accenture (Registration Needed to Attend)', false],
  ['Cancel Culture Inc', 'Cancel Culture Inc', false],
])('readCancellation(%j)', (text, name, cancelled) => {
  it(`is ${JSON.stringify(name)}, cancelled: ${cancelled}`, () =>
    expect(readCancellation(text)).toEqual({ name, cancelled }));
});

it.each([
  ['P4E Career Fair', 'career fair'],
  ['Canadian Thanksgiving - Holiday', 'holiday'],
  ['Google', 'session'],
])('kindOf(%j) is %j', (text, kind) => expect(kindOf(text)).toBe(kind));

it.each([
  ['TBD', true],
  ['TBD*', true],
  ['tba', true],
  ['', true],
  ['TC 2218', false],
  ['TBD Room 3', false],
])('isPlaceholderLocation(%j) is %j', (text, tbd) => expect(isPlaceholderLocation(text)).toBe(tbd));

it.each([
  ['DC 1301', false, false, 'DC 1301'],
  ['TBD', true, false, 'Location to be announced'],
  ['', false, true, 'location to be announced'],
  ['DC 1301', true, true, 'location to be announced'],
])('placeOf(%j, tbd %j, mid-sentence %j) is %j', (location, locationTbd, midSentence, expected) =>
  expect(placeOf({ location, locationTbd }, midSentence)).toBe(expected),
);

it.each([
  [0, '00:00', '12:00 AM'],
  [570, '09:30', '9:30 AM'],
  [720, '12:00', '12:00 PM'],
  [1439, '23:59', '11:59 PM'],
])('%j minutes read %j and %j', (minutes, iso, label) => {
  expect(isoTime(minutes)).toBe(iso);
  expect(clock(minutes)).toBe(label);
});

describe.each([
  ['Mathematics, Engineering, Computer Science', ['Mathematics', 'Engineering', 'Computer Science']],
  ['Info Tech , Engineering, Computer Engineering', ['Info Tech', 'Engineering', 'Computer Engineering']],
  ['ENG - Computer,  ALL - Business', ['ENG - Computer', 'ALL - Business']],
  ['MATH - Computer Science, MATH -  Computer Science', ['MATH - Computer Science']],
  ['Recreation & Leisure Studies', ['Recreation & Leisure Studies']],
  ['', []],
])('normalisePrograms(%j)', (text, programs) => {
  it('splits, trims, collapses spaces and drops repeats', () => expect(normalisePrograms(text)).toEqual(programs));
});

it.each([
  ['MATH - Computer Science', 'math-computer-science'],
  ['Recreation & Leisure Studies', 'recreation-and-leisure-studies'],
  ['Co-op and Graduating Students', 'co-op-and-graduating-students'],
  ['Café', 'cafe'],
  ['***', 'other'],
])('slugify(%j) is %j', (text, slug) => expect(slugify(text)).toBe(slug));

it.each([
  ['www.example.com', 'https://www.example.com/'],
  ['http://mckinsey.com/careers', 'http://mckinsey.com/careers'],
  ['bit.ly/A9WLOO614', 'https://bit.ly/A9WLOO614'],
  ['http://blackberry,com', undefined],
  ['', undefined],
])('websiteHref(%j) is %j', (text, href) => expect(websiteHref(text)).toBe(href));

it('links URLs and e-mail addresses in free text, leaving the rest as text', () => {
  expect(linkSegments('Contact abdavidson@uwaterloo.ca or see www.palantir.com, <b>now</b>.')).toEqual([
    { text: 'Contact ' },
    { text: 'abdavidson@uwaterloo.ca', href: 'mailto:abdavidson@uwaterloo.ca' },
    { text: ' or see ' },
    { text: 'www.palantir.com', href: 'http://www.palantir.com' },
    { text: ', <b>now</b>.' },
  ]);
});

describe('iCalendar text', () => {
  it.each([
    ['a, b; c\\d', 'a\\, b\\; c\\\\d'],
    ['line one\nline two\r\nthree', 'line one\\nline two\\nthree'],
    ['plain', 'plain'],
  ])('escapes %j', (text, escaped) => expect(escapeText(text)).toBe(escaped));

  it('folds lines at 75 octets, continuation lines starting with a space, never splitting a character', () => {
    const line = `DESCRIPTION:${'é😀a'.repeat(40)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, p] of parts.entries()) {
      expect(Buffer.byteLength(p)).toBeLessThanOrEqual(75);
      if (i > 0) expect(p.startsWith(' ')).toBe(true);
      expect(p).not.toContain('\uFFFD');
    }
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
  });

  it('leaves short lines alone', () => expect(foldLine('SUMMARY:Hi')).toBe('SUMMARY:Hi'));

  it('folds as greedily as the octets allow, counted by TextEncoder (the oracle)', () => {
    const octets = (text: string) => new TextEncoder().encode(text).length;
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (value) => {
        const line = `X:${value}`;
        const parts = foldLine(line).split('\r\n');
        const chars = parts.map((p, i) => [...(i === 0 ? p : p.slice(1))]);
        expect(chars.flat().join('')).toBe(line);
        for (const [i, p] of parts.entries()) {
          expect(octets(p)).toBeLessThanOrEqual(75);
          const next = chars[i + 1]?.[0];
          if (next !== undefined) expect(octets(p + next)).toBeGreaterThan(75);
        }
      }),
    );
  });

  it('writes an event in America/Toronto, with STATUS:CANCELLED for a cancelled session', () => {
    const s: Session = {
      id: '2414',
      employer: 'The Jonah Group',
      cancelled: true,
      kind: 'session',
      date: { year: 2014, month: 2, day: 25 },
      start: 1050,
      end: 1140,
      location: 'DC 1301',
      locationTbd: false,
      website: 'www.jonahgroup.com',
      websiteHref: 'https://www.jonahgroup.com/',
      audience: 'Co-op',
      audiences: audienceCatalog(undefined).resolve('Co-op'),
      programs: ['MATH'],
      openTo: openToOf(['MATH'], noList),
      allDay: false,
      description: 'Hi',
      term: parseTermCode('1141')!,
    };
    const text = sessionEvent(s, { url: 'https://x.test/a/', timestamp: 1700000000 });
    expect(text).toContain('DTSTART;TZID=America/Toronto:20140225T173000\r\n');
    expect(text).toContain('DTEND;TZID=America/Toronto:20140225T190000\r\n');
    expect(text).toContain('STATUS:CANCELLED\r\n');
    expect(text).toContain('UID:infosession-2414@campus-api-static\r\n');
    expect(text).toContain('DTSTAMP:20231114T221320Z\r\n');
    expect(text).toContain('URL:https://x.test/a/infosessions/2414/\r\n');
    expect(text).toContain('SUMMARY:Cancelled: The Jonah Group information session\r\n');
    // The pages' one style of times (format.ts), not "5:30 PM to 7:00 PM".
    expect(text).toContain('DESCRIPTION:5:30 PM–7:00 PM\\, DC 1301.\\n\\nAudience: Co-op');
  });
});

it('without a program list, groups programs into facets by slug, labelled with the first spelling met', () => {
  const catalog = programCatalog(undefined);
  const mk = (id: string, programs: string) =>
    ({
      id,
      programs: normalisePrograms(programs),
      openTo: openToOf(normalisePrograms(programs), catalog),
      date: { year: 2014, month: 1, day: 1 },
      start: 0,
    }) as unknown as Session;
  const facets = programFacets([mk('1', 'ENG - Software, MATH'), mk('2', 'ENG -  Software, Math'), mk('3', 'MATH')]);
  expect(facets.map((f) => [f.slug, f.label, f.sessions.map((s) => s.id)])).toEqual([
    ['eng-software', 'ENG - Software', ['1', '2']],
    ['math', 'MATH', ['1', '2', '3']],
  ]);
});

describe('session pages rendered outside Astro', () => {
  const hostile: Session = {
    id: '1',
    employer: '<script>alert(1)</script> & "Co"',
    cancelled: true,
    kind: 'session',
    date: { year: 2014, month: 1, day: 13 },
    start: 600,
    end: 660,
    location: '</textarea><b>x</b>',
    locationTbd: false,
    website: 'javascript:alert(1)',
    websiteHref: websiteHref('javascript:alert(1)'),
    audience: 'A & B',
    audiences: audienceCatalog(undefined).resolve('A & B'),
    programs: ['<i>P</i>'],
    openTo: openToOf(['<i>P</i>'], noList),
    allDay: false,
    description: 'Mail <a@b.ca> or see "https://example.com/?a=1&b=<2>"',
    term: parseTermCode('1141')!,
  };

  it('escapes every value from the data', () => {
    const body = sessionBody(hostile, { url: 'https://example.org/base/', basePath: '/base/' });
    expect(body).not.toMatch(/<script|<b>|<i>|<\/textarea>/);
    expect(body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(body).toContain('<span class="where">&lt;/textarea&gt;&lt;b&gt;x&lt;/b&gt;</span>');
    expect(body).not.toContain('href="javascript:');
    expect(body).toContain('href="mailto:a@b.ca"');
    expect(
      sessionBody({ ...hostile, cancelled: false }, { url: 'https://example.org/base/', basePath: '/base/' }),
    ).toContain('href="/base/infosessions/1.ics"');
  });

  it('fills the shell at its markers, escaping the title', () => {
    const shell = parseShell(
      '<title>@@PAGE_TITLE@@ · x</title><meta content="@@PAGE_SUMMARY@@">@@PAGE_HEAD@@<main>@@PAGE_BODY@@</main>',
    );
    const body = sessionBody(hostile, { url: 'https://example.org/', basePath: '/' });
    expect(shell.fill({ title: '<A> & B', summary: '"q"', head: '<link>', body }).replace(/\n/g, '')).toMatch(
      new RegExp(
        '^<title>&lt;A&gt; &amp; B · x</title><meta content="&quot;q&quot;"><link><main>' +
          '<nav class="crumbs".*<h1><s>&lt;script&gt;',
      ),
    );
    expect(() => parseShell('<main>@@PAGE_BODY@@</main>')).toThrow(/PAGE_TITLE/);
  });
});

describe('subscription feeds over a long archive', () => {
  const codes = ['1129', '1131', '1135', '1139', '1141', '1145', '1149', '1151'];
  const catalog = programCatalog(undefined);
  const audienceList = audienceCatalog(undefined);
  const sessions: Session[] = codes.flatMap((code, t) => {
    const term = parseTermCode(code)!;
    return [0, 1].map((i) =>
      testSession({
        id: String(t * 10 + i),
        employer: `E${t}`,
        date: { year: term.year, month: term.firstMonth, day: 10 + i },
        audience: 'Co-op',
        audiences: audienceList.resolve('Co-op'),
        programs: t === 0 ? ['Old Program'] : ['Math'],
        openTo: openToOf(t === 0 ? ['Old Program'] : ['Math'], catalog),
        term,
      }),
    );
  });
  // Built on 2014-01-05: the window runs from 2013-12-08 to 2015-01-06, the sessions of 1141, 1145 and 1149.
  const feeds = subscriptionFeeds(sessions, catalog, audienceList, Date.UTC(2014, 0, 5, 17) / 1000);
  const HELD = 6;

  it('holds the sessions of the past 4 weeks and the year ahead in the feeds of all, each audience and program', () => {
    expect(feeds.window.map((t) => t.code)).toEqual(['1149', '1145', '1141']);
    expect(feeds.all.sessions.map((s) => s.term.code)).toEqual(['1141', '1145', '1149'].flatMap((c) => [c, c]));
    expect(feeds.audiences.map((f) => [f.path, f.sessions.length])).toEqual([
      ['infosessions/audiences/co-op.ics', HELD],
    ]);
    expect(feeds.all.description).toMatch(/next 366 days and of the past 28/);
  });

  it('holds the last 4 weeks of an archive whose newest session is past, and says so', () => {
    const late = subscriptionFeeds(sessions, catalog, audienceList, Date.UTC(2016, 5, 1) / 1000);
    expect(late.all.sessions.map((s) => s.id)).toEqual(['70', '71']);
    expect(late.all.description).toContain('The data ends with a session on Sun, Jan 11, 2015: nothing is ahead');
  });

  it('keeps every term whole in its own feed, and a feed for a program seen only before the window', () => {
    expect(feeds.terms.map((f) => f.sessions.length)).toEqual(codes.map(() => 2));
    expect(feeds.programs.map((f) => [f.path, f.sessions.length])).toEqual([
      ['infosessions/programs/math.ics', HELD],
      ['infosessions/programs/old-program.ics', 0],
    ]);
  });

  it('writes every file once: a feed per term, audience and program, an .ics per session', () => {
    const files = [...renderFeedFiles(feeds, { url: 'https://x.test/', timestamp: 0 })];
    expect(new Set(files.map((f) => f.path)).size).toBe(files.length);
    // all, each term, the audience, the two programs, each session; every program's feed, the "other" faculty,
    // each program for the audience.
    expect(files).toHaveLength(1 + codes.length + 1 + 2 + sessions.length + 1 + 1 + 2);
    const all = files.find((f) => f.path === 'infosessions.ics')!.body;
    expect(all.match(/BEGIN:VEVENT/g)).toHaveLength(HELD);
    expect(files.find((f) => f.path === 'infosessions/programs/old-program.ics')!.body).not.toContain('BEGIN:VEVENT');
  });
});
