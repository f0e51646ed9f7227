import { describe, expect, it } from 'vitest';
import type { BuildingLookup, BuildingOfLocation } from '../../src/core/buildings/location.ts';
import { audienceCatalog } from '../../src/core/calendar/audiences.ts';
import { calendarLinks, canAddToCalendar } from '../../src/core/calendar/pages/add-to-calendar.ts';
import { buildingNote, mapHref } from '../../src/core/calendar/pages/building-link.ts';
import { sessionSummary } from '../../src/core/calendar/pages/session-page.ts';
import { openToOf, programCatalog } from '../../src/core/calendar/programs.ts';
import { type Session, websiteHref } from '../../src/core/calendar/session.ts';
import { eventName } from '../../src/core/calendar/session-wording.ts';
import { utcOffset } from '../../src/core/calendar/time-zone.ts';
import { parseTermCode } from '../../src/core/records/term.ts';
import { realSite } from '../helpers/real-data.ts';
import { renderedSessionPage } from '../helpers/session-page.ts';

/** A session page's body as its component renders it. */
const sessionBody = (await renderedSessionPage()).body;

// A session's page: "Add to calendar" at its top (not for a cancelled session or a holiday),
// the building's map from a lookup the build may give, and no filler for what the data lacks.
const ctx = { url: 'https://example.org/campus/', basePath: '/campus/' };
const session: Session = {
  id: '2172',
  employer: 'Palantir Technologies',
  cancelled: false,
  kind: 'session',
  date: { year: 2014, month: 1, day: 13 },
  start: 1170,
  end: 1260,
  location: 'DC 1301',
  locationTbd: false,
  website: '',
  websiteHref: websiteHref(''),
  audience: 'Co-op Students',
  audiences: audienceCatalog(undefined).resolve('Co-op Students'),
  programs: ['MATH - Computer Science'],
  description: 'Food & drinks. See https://example.com/jobs',
  term: parseTermCode('1141')!,
  openTo: openToOf(['MATH - Computer Science'], programCatalog(undefined)),
  allDay: false,
};
/** The data's holiday row as the calendar reads it: 8:00 AM to 8:00 AM, no place. */
const holiday: Session = {
  ...session,
  id: '2079',
  employer: 'Canadian Thanksgiving - Holiday',
  kind: 'holiday',
  date: { year: 2013, month: 10, day: 14 },
  start: 480,
  end: 480,
  location: '',
  locationTbd: true,
  audience: 'Co-op Students',
  programs: [],
  description: '',
  term: parseTermCode('1139')!,
  openTo: openToOf([], programCatalog(undefined)),
  allDay: true,
};

/** The query parameters of a URL, as an object. */
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe.each([
  [{ year: 2014, month: 1, day: 13 }, 1170, '-05:00'],
  [{ year: 2014, month: 6, day: 2 }, 690, '-04:00'],
  [{ year: 2014, month: 3, day: 9 }, 60, '-05:00'],
  [{ year: 2014, month: 3, day: 9 }, 180, '-04:00'],
  [{ year: 2014, month: 11, day: 2 }, 30, '-04:00'],
  [{ year: 2014, month: 11, day: 2 }, 150, '-05:00'],
])('utcOffset(%j, %i)', (date, minutes, offset) => {
  it(`is ${offset} in America/Toronto`, () => expect(utcOffset(date, minutes)).toBe(offset));
});

describe('utcOffset, asked of Intl once a day', () => {
  // The offset is looked up by day (time-zone.ts): around the changes it must still be Intl's own.
  const zone = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Toronto',
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  /** The offset of a local time as Intl gives it: the UTC instant whose local fields are those. */
  const intlOffset = (date: { year: number; month: number; day: number }, minutes: number) => {
    const local = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
    for (const hours of [-4, -5]) {
      const p = Object.fromEntries(zone.formatToParts(local - hours * 3_600_000).map((x) => [x.type, Number(x.value)]));
      if (Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!) === local)
        return `${hours < 0 ? '-' : '+'}0${Math.abs(hours)}:00`;
    }
    return 'none';
  };
  it.each([
    { year: 2014, month: 3, day: 8 },
    { year: 2014, month: 3, day: 9 },
    { year: 2014, month: 3, day: 10 },
    { year: 2014, month: 11, day: 1 },
    { year: 2014, month: 11, day: 2 },
    { year: 2014, month: 11, day: 3 },
    { year: 2026, month: 3, day: 8 },
    { year: 2026, month: 11, day: 1 },
    { year: 2026, month: 7, day: 1 },
  ])("is Intl's own every quarter hour of %j", (date) => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
      const expected = intlOffset(date, minutes);
      // 2:00 to 2:59 on the spring day does not exist, and utcOffset gives the offset after it.
      if (expected !== 'none') expect(`${minutes} ${utcOffset(date, minutes)}`).toBe(`${minutes} ${expected}`);
    }
  });
});

describe('"Add to calendar"', () => {
  it('gives Google the local times with the time zone, and Outlook.com the times with their offset', () => {
    const links = calendarLinks(session, ctx)!;
    expect(links.ics).toBe('/campus/infosessions/2172.ics');
    expect(links.google.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    expect(params(links.google)).toMatchObject({
      action: 'TEMPLATE',
      text: 'Palantir Technologies information session',
      dates: '20140113T193000/20140113T210000',
      ctz: 'America/Toronto',
      location: 'DC 1301',
    });
    expect(params(links.google).details).toBe(
      '7:30 PM–9:00 PM, DC 1301.\n\nDetails: https://example.org/campus/infosessions/2172/',
    );
    expect(params(links.outlook).body).toBe(params(links.google).details);
    expect(links.outlook.startsWith('https://outlook.live.com/calendar/0/action/compose?')).toBe(true);
    expect(params(links.outlook)).toMatchObject({
      rru: 'addevent',
      subject: 'Palantir Technologies information session',
      startdt: '2014-01-13T19:30:00-05:00',
      enddt: '2014-01-13T21:00:00-05:00',
      location: 'DC 1301',
    });
    expect(links.google).not.toMatch(/[ +]/);
  });

  it('leaves the description on the page, so a long one does not weigh on every session page', () => {
    const links = calendarLinks({ ...session, description: 'word '.repeat(400) }, ctx)!;
    expect(links.google.length + links.outlook.length).toBeLessThan(800);
  });

  it('is offered at the top of the page, before the facts and the description', () => {
    const body = sessionBody(session, ctx);
    expect(body.indexOf('class="add-calendar"')).toBeGreaterThan(body.indexOf('<h1>'));
    expect(body.indexOf('class="add-calendar"')).toBeLessThan(body.indexOf('<dl class="facts">'));
    expect(body.indexOf('class="add-calendar"')).toBeLessThan(body.indexOf('<h2>About</h2>'));
    expect(
      [...body.matchAll(/<a class="button" href="([^"]*)"/g)].map(
        (m) => new URL(m[1]!.replace(/&amp;/g, '&'), ctx.url).origin,
      ),
    ).toEqual(['https://calendar.google.com', 'https://outlook.live.com', 'https://example.org']);
  });

  it.each([
    ['a cancelled session', { cancelled: true }],
    ['a holiday', { kind: 'holiday' as const, employer: 'Family Day holiday' }],
  ])('is not offered for %s', (_, change) => {
    const s = { ...session, ...change };
    expect(canAddToCalendar(s)).toBe(false);
    expect(calendarLinks(s, ctx)).toBeUndefined();
    expect(sessionBody(s, ctx)).not.toMatch(/add-calendar|\.ics|calendar\.google|outlook/);
  });

  it('titles a career fair by its own name', () => {
    expect(eventName({ employer: 'P4E Career Fair', kind: 'career fair', allDay: false })).toBe('P4E Career Fair');
  });
});

describe("the session page's facts", () => {
  it('leaves out what the data does not give: no website, audience or programs rows, no session ID', () => {
    const body = sessionBody(
      { ...session, audience: '', programs: [], openTo: openToOf([], programCatalog(undefined)) },
      ctx,
    );
    expect(body).not.toMatch(/<dt>|none given|not given|Session ID/);
    expect(body).toContain(
      'Mon, Jan 13, 2014</time>, <time datetime="2014-01-13T19:30">7:30 PM</time>–' +
        '<time datetime="2014-01-13T21:00">9:00 PM</time>',
    );
  });

  it('leads to its term and month first', () => {
    const body = sessionBody(session, ctx);
    expect(body.replace(/>\s+</g, '><')).toMatch(
      new RegExp(
        '^<nav class="crumbs" aria-label="Breadcrumb"><ol>' +
          '<li><a href="/campus/infosessions/terms/1141/">Winter 2014</a></li>' +
          '<li><a href="/campus/infosessions/2014/01/">January 2014</a></li></ol></nav>',
      ),
    );
  });
});

describe("a holiday's page", () => {
  it('is an all-day note: its date and "all day", no times, no place, nothing to add, no empty description', () => {
    const body = sessionBody(holiday, ctx);
    expect(body).toContain('<time datetime="2013-10-14">Mon, Oct 14, 2013</time>, all day</span>');
    expect(body).not.toMatch(/8:00 AM|Eastern time|class="where"|add-calendar|\.ics|gave no description|<h2>About/);
    expect(body).toContain('A note in the calendar, not an information session.');
    expect(sessionSummary(holiday)).toBe('Canadian Thanksgiving - Holiday: Mon, Oct 14, 2013, all day');
    expect(canAddToCalendar({ ...session, allDay: true })).toBe(false);
  });
});

describe("a session's programs", () => {
  it('are the canonical programs, each leading to its feed, and a faculty-wide label as its faculty', () => {
    const list = realSite().programs;
    const catalog = programCatalog(list);
    const body = sessionBody(
      {
        ...session,
        programs: ['MATH - Computer Science', 'ALL - ENG faculty'],
        openTo: openToOf(['MATH - Computer Science', 'ALL - ENG faculty'], catalog),
      },
      ctx,
    );
    expect(body).toContain(
      '<dt>Programs</dt><dd><ul class="facts-list">' +
        '<li><a href="/campus/infosessions/feeds/#program-computer-science">Computer Science</a></li>' +
        '<li>Any program of Faculty of Engineering</li></ul></dd>',
    );
    expect(body).not.toContain('MATH - Computer Science');
  });
});

describe('the building of a session', () => {
  const dc: BuildingOfLocation = {
    code: 'DC',
    name: 'Davis Centre',
    lat: 43.4723,
    lon: -80.5449,
    page: 'buildings/dc/',
  };
  const lookup: BuildingLookup = (location) => (/^DC\b/.test(location) ? dc : undefined);

  it('is named with its page, an OpenStreetMap link and directions when the lookup knows it and where it is', () => {
    const body = sessionBody(session, { ...ctx, buildings: lookup });
    expect(body).toContain(
      '<span class="where">DC 1301 · <span class="building"><a href="/campus/buildings/dc/">Davis Centre</a> (DC) · ' +
        '<a href="https://www.openstreetmap.org/?mlat=43.47230&amp;mlon=-80.54490#map=18/43.47230/-80.54490">' +
        'Map<span class="visually-hidden"> of Davis Centre</span> (OpenStreetMap)</a> · ' +
        '<a href="https://www.google.com/maps/dir/?api=1&amp;destination=43.4723%2C-80.5449" data-directions ' +
        'data-label="Davis Centre" data-lat="43.4723" data-lon="-80.5449">Directions<span class="visually-hidden"> ' +
        'to Davis Centre</span></a></span></span>',
    );
  });

  it('has no map without coordinates, and nothing when the lookup knows no building', () => {
    expect(mapHref({ lat: null, lon: null })).toBeUndefined();
    const qnc = { code: 'QNC', name: 'Quantum-Nano Centre', lat: null, lon: null, page: 'buildings/QNC/' };
    expect(buildingNote('QNC 0101', { basePath: '/', buildings: () => qnc })).toEqual({
      name: 'Quantum-Nano Centre',
      code: 'QNC',
      page: '/buildings/QNC/',
      map: undefined,
    });
    expect(
      sessionBody({ ...session, location: 'QNC 0101' }, { ...ctx, basePath: '/', buildings: () => qnc }),
    ).toContain('<span class="building"><a href="/buildings/QNC/">Quantum-Nano Centre</a> (QNC)</span>');
    expect(sessionBody({ ...session, location: 'SCH Festival Room' }, { ...ctx, buildings: lookup })).not.toContain(
      'class="building"',
    );
    expect(
      sessionBody({ ...session, locationTbd: true, location: 'TBD' }, { ...ctx, buildings: () => dc }),
    ).not.toContain('class="building"');
    expect(sessionBody(session, ctx)).not.toContain('class="building"');
  });
});
