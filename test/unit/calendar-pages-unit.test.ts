import { describe, expect, it } from 'vitest';
import type { Building } from '../../src/core/buildings/building.ts';
import { buildingLookup } from '../../src/core/buildings/location.ts';
import { audienceCatalog } from '../../src/core/calendar/audiences.ts';
import {
  byDay,
  chronological,
  monthSlug,
  monthsWithin,
  realSessions,
  termsWithin,
} from '../../src/core/calendar/calendar.ts';
import { FRONT_TERMS, subscriptionFeeds } from '../../src/core/calendar/feeds.ts';
import { calendarPages } from '../../src/core/calendar/pages/calendar-pages.ts';
import { listingPages, monthPage, termPage } from '../../src/core/calendar/pages/listing-pages.ts';
import { UPCOMING_SHOWN, upcomingWindow } from '../../src/core/calendar/pages/upcoming.ts';
import { isOpenTo, openToOf, programCatalog } from '../../src/core/calendar/programs.ts';
import { readSessions, type Session, websiteHref } from '../../src/core/calendar/session.ts';
import { slugify } from '../../src/core/calendar/slug.ts';
import { buildingPages, PAST_SESSIONS_SHOWN } from '../../src/core/pages/building-page.ts';
import { isoDate } from '../../src/core/records/session-time.ts';
import { parseTermCode } from '../../src/core/records/term.ts';
import { parseSiteUrl, renderContext } from '../../src/core/site/address.ts';
import { calendarPaths } from '../../src/core/site/paths.ts';
import { buildingPageBody } from '../../src/integrations/page-components.ts';
import { calendarMarkup } from '../helpers/calendar-markup.ts';
import { realSite } from '../helpers/real-data.ts';
import { testSession } from '../helpers/session.ts';
import { renderedSessionPage } from '../helpers/session-page.ts';
import { audiencesOf } from '../helpers/student-oracle.ts';

/** The calendar's lists as their components render them. */
const markup = await calendarMarkup();

/** A building page's body as its component renders it. */
const buildingBody = await buildingPageBody();

// The page bodies of the calendar, rendered in-process from the real data (read as the build
// reads it) and from hand-made sessions with hostile text; structure is asserted, not snapshots.
const site = realSite();
const catalog = programCatalog(site.programs);
const audiences = audienceCatalog(site.audiences);
const sessions = chronological(readSessions(site, catalog, audiences));
const address = renderContext(parseSiteUrl('https://example.org/campus/'), 1700000000);

/** The attributes of every start tag `tag` in `markup`, in order. */
function tags(markup: string, tag: string): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>`, 'g'))].map((m) =>
    Object.fromEntries([...(m[1] ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? ''])),
  );
}

/** Text of markup without tags, entities decoded (the few `html` writes). */
function text(markup: string): string {
  return markup
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

const hostile: Session = {
  id: '7',
  employer: '<img src=x onerror=alert(1)> & "Co"',
  cancelled: true,
  kind: 'career fair',
  date: { year: 2014, month: 1, day: 13 },
  start: 570,
  end: 660,
  location: '"><script>x</script>',
  locationTbd: false,
  website: 'example.com',
  websiteHref: websiteHref('example.com'),
  audience: 'Co-op "A" & <B>',
  audiences: audienceCatalog(undefined).resolve('Co-op "A" & <B>'),
  programs: ['ENG - <Soft>', 'MATH & "X"'],
  openTo: openToOf(['ENG - <Soft>', 'MATH & "X"'], programCatalog(undefined)),
  allDay: false,
  description: 'See <b>x</b>',
  term: parseTermCode('1141')!,
};

describe('session list items', () => {
  it('carries the data attributes the filter matches on, for every real session', () => {
    const items = tags(markup.items(sessions, address), 'li');
    expect(items).toHaveLength(sessions.length);
    items.forEach((attrs, i) => {
      const s = sessions[i]!;
      if (s.allDay) {
        expect(attrs).toEqual({ class: 'all-day' });
        return;
      }
      // The audiences the label opens the session to (data/audiences/), read apart from the code.
      expect(attrs['data-audience']).toBe(audiencesOf(s.audience).map(slugify).join(' '));
      expect(attrs['data-programs']).toBe(
        [...s.openTo.programs.map((p) => p.slug), ...s.openTo.groups.map((g) => `@${g.slug}`)].join(' '),
      );
      expect(attrs.class!.split(' ')).toEqual(['session', ...(s.cancelled ? ['cancelled'] : [])]);
    });
    expect(items.filter((a) => a.class === 'all-day')).toHaveLength(1);
    const mozilla = items[sessions.findIndex((s) => s.id === '2247')]!;
    expect(mozilla['data-programs']).toBe('software-engineering information-technology-management computer-science');
    const enflick = items[sessions.findIndex((s) => s.id === '2379')]!;
    expect(enflick['data-programs']).toBe('@mathematics @engineering');
    expect(enflick['data-audience']).toBe('co-op-students graduating-students');
  });

  it('escapes hostile text, strikes a cancelled session through and labels its kind', () => {
    const item = markup.item(hostile, address);
    expect(item).not.toMatch(/<img|<script|<B>/);
    expect(tags(item, 'li')[0]).toMatchObject({
      class: 'session cancelled',
      'data-audience': 'co-op-a-and-b',
      'data-programs': 'eng-soft math-and-x',
    });
    expect(tags(item, 'a')).toEqual([{ href: '/campus/infosessions/7/' }]);
    expect(item).toMatch(/<s><a [^>]*>&lt;img src=x onerror=alert\(1\)&gt; &amp; &quot;Co&quot;<\/a><\/s>/);
    expect(text(item)).toBe(
      '9:30 AM–11:00 AMCancelled career fair <img src=x onerror=alert(1)> & "Co""><script>x</script>',
    );
  });

  it('gives the start and end as times with ISO values, in the one time style, and the place', () => {
    const item = markup.item({ ...hostile, cancelled: false, kind: 'session', location: 'DC 1301' }, address);
    expect(tags(item, 'time')).toEqual([{ datetime: '09:30' }, { datetime: '11:00' }]);
    expect(item).toContain(
      '<span class="when"><time datetime="09:30">9:30 AM</time>–<time datetime="11:00">11:00 AM</time></span>',
    );
    expect(item).toContain('<span class="where">DC 1301</span>');
    expect(text(markup.item({ ...hostile, end: hostile.start }, address))).toMatch(/^9:30 AM[^–]/);
  });

  it('names a placeholder location as to be announced', () => {
    expect(text(markup.item({ ...hostile, locationTbd: true }, address))).toMatch(/Location to be announced$/);
  });
});

describe('the filter form', () => {
  it('offers each audience and program of the sessions once, with its count, and starts hidden', () => {
    const january = sessions.filter((s) => s.date.year === 2014 && s.date.month === 1);
    const form = markup.filter(january, address);
    expect(tags(form, 'form')[0]).toMatchObject({ 'data-session-filter': '', hidden: '', role: 'search' });
    const selects = [...form.matchAll(/<select name="(\w+)">(.*?)<\/select>/g)].map((m) => [
      m[1],
      tags(m[2]!, 'option').map((o) => o.value),
    ]);
    expect(selects.map((s) => s[0])).toEqual(['program']);
    // The audiences as one-tap choices: every audience of the list the month's sessions are open to, in its order.
    const radios = tags(form, 'input').filter((i) => i.type === 'radio');
    expect(radios.map((r) => r.value)).toEqual(['', 'co-op-students', 'graduating-students']);
    expect(radios.every((r) => r.name === 'audience')).toBe(true);
    // Every canonical program, by faculty, counted with the sessions open to it through its faculty.
    expect(selects[0]![1]).toEqual(['', ...catalog.groups().flatMap((g) => g.programs.map((p) => p.slug))]);
    const cs = catalog.every.programs.find((p) => p.slug === 'computer-science')!;
    expect(form).toContain(
      `<option value="computer-science">Computer Science (${january.filter((s) => isOpenTo(s.openTo, cs)).length})` +
        '</option>',
    );
    // The faculty's token, which faculty-wide sessions carry, stands once on the program's group.
    expect(tags(form, 'optgroup').find((g) => g.label === 'Mathematics')).toEqual({
      label: 'Mathematics',
      'data-group': '@mathematics',
    });
    expect(january.filter((s) => isOpenTo(s.openTo, cs)).length).toBeGreaterThan(
      january.filter((s) => s.programs.includes('MATH - Computer Science')).length,
    );
    // Each audience counts the sessions open to it (holidays never): co-op counts "Co-op and Graduating Students" too.
    const counts = [...form.matchAll(/value="([\w-]*)"(?: checked)?> <span data-count>[^<]*\((\d+)\)<\/span>/g)].map(
      (m) => [m[1], Number(m[2])],
    );
    const real = january.filter((s) => !s.allDay);
    expect(counts).toEqual([
      ['', real.length],
      ['co-op-students', real.filter((s) => audiencesOf(s.audience).includes('Co-op Students')).length],
      ['graduating-students', real.filter((s) => audiencesOf(s.audience).includes('Graduating Students')).length],
    ]);
    expect(counts[1]![1]).toBeGreaterThan(real.filter((s) => s.audience === 'Co-op Students').length);
    expect(tags(form, 'input').find((i) => i.type === 'search')).toMatchObject({ type: 'search', name: 'employer' });
  });

  it('escapes hostile labels', () => {
    const form = markup.filter([hostile], address);
    expect(form).not.toMatch(/<Soft>|<B>/);
    expect(form).toContain(
      '<input type="radio" name="audience" value="co-op-a-and-b"> ' +
        '<span data-count>Co-op &quot;A&quot; &amp; &lt;B&gt; (1)</span>',
    );
  });
});

describe('listing pages', () => {
  const months = monthsWithin(sessions).filter((m) => m.sessions.length > 0);
  const pages = [...listingPages(sessions, address)];

  it('lays a month out as whole weeks, every session of it once, each day with its date, pagers at both ends', () => {
    const i = months.findIndex((m) => m.year === 2014 && m.month === 1);
    const page = monthPage({ month: months[i]!, prev: months[i - 1], next: months[i + 1] }, address);
    expect(page).toMatchObject({ path: 'infosessions/2014/01/', title: 'Sessions in January 2014' });
    const body = markup.body(page);
    const grid = body.slice(body.indexOf('<ol class="day-list month-grid"'));
    expect(grid.match(/<li class="blank"|<li class="empty"|<li data-session-group/g)!.length % 7).toBe(0);
    expect(
      tags(grid, 'li')
        .filter((a) => 'data-date' in a)
        .map((a) => a['data-date']),
    ).toEqual(Array.from({ length: 31 }, (_, d) => `2014-01-${String(d + 1).padStart(2, '0')}`));
    expect(
      tags(grid, 'li')
        .filter((a) => a.class?.startsWith('session'))
        .map((a) => a['data-audience']),
    ).toEqual(months[i]!.sessions.map((s) => audiencesOf(s.audience).map(slugify).join(' ')));
    expect(tags(body, 'nav').map((n) => n['aria-label'])).toEqual(['Months', 'Months, end of page']);
    const pagerLinks = tags(body, 'a').filter((a) => a.class && ['prev', 'up', 'next'].includes(a.class));
    expect(pagerLinks).toEqual([
      ...[0, 1].flatMap(() => [
        { class: 'prev', href: '/campus/infosessions/2013/10/', rel: 'prev' },
        { class: 'up', href: '/campus/infosessions/terms/1141/' },
        { class: 'next', href: '/campus/infosessions/2014/02/', rel: 'next' },
      ]),
    ]);
    expect(text(body)).toContain('67 sessions, in Winter 2014.');
    expect(text(body)).toContain('Tue, Jan 7, 2014');
  });

  it('generates no page for a month without sessions, and pages skip over such months', () => {
    const paths = pages.map((p) => p.path);
    const all = monthsWithin(sessions);
    const empty = all.filter((m) => m.sessions.length === 0);
    expect(empty.length).toBeGreaterThan(5);
    for (const m of empty) expect(paths).not.toContain(calendarPaths.month(monthSlug(m)));
    for (const m of months) expect(paths).toContain(calendarPaths.month(monthSlug(m)));
    const june = markup.body(pages.find((p) => p.path === 'infosessions/2014/06/')!);
    expect(tags(june, 'a').find((a) => a.rel === 'next')).toEqual({
      class: 'next',
      href: '/campus/infosessions/2015/01/',
      rel: 'next',
    });
    const january = markup.body(pages.find((p) => p.path === 'infosessions/2015/01/')!);
    expect(tags(january, 'a').find((a) => a.rel === 'prev')).toEqual({
      class: 'prev',
      href: '/campus/infosessions/2014/06/',
      rel: 'prev',
    });
  });

  it('lists a term by month and day, with its feed, month jumps and the terms around it, by name only', () => {
    const terms = termsWithin(sessions);
    const winter = terms.findIndex((t) => t.term.code === '1141');
    const body = markup.body(
      termPage({ ...terms[winter]!, prev: terms[winter + 1]!.term, next: terms[winter - 1]!.term }, address),
    );
    const t = terms[winter]!;
    expect(body.match(/<section data-session-group data-date=/g)!.length).toBe(
      new Set(t.sessions.map((s) => `${s.date.year}-${s.date.month}-${s.date.day}`)).size,
    );
    expect(tags(body, 'li').filter((a) => a.class?.startsWith('session'))).toHaveLength(t.sessions.length);
    expect(tags(body, 'a').map((a) => a.href)).toContain(`/campus/${calendarPaths.termFeed('1141')}`);
    expect(
      tags(body, 'a')
        .filter((a) => a.href?.startsWith('#'))
        .map((a) => a.href),
    ).toEqual(['#m2014-01', '#m2014-02', '#m2014-03']);
    expect(tags(body, 'h2').map((h) => h.id)).toEqual(['m2014-01', 'm2014-02', 'm2014-03']);
    expect(tags(body, 'a').filter((a) => a.rel)).toEqual([
      ...[0, 1].flatMap(() => [
        { class: 'prev', href: '/campus/infosessions/terms/1139/', rel: 'prev' },
        { class: 'next', href: '/campus/infosessions/terms/1145/', rel: 'next' },
      ]),
    ]);
    expect(text(body)).toContain('107 sessions from Tue, Jan 7, 2014 to');
    expect(text(body)).not.toMatch(/1141|term \d/);
  });

  it('gives the oldest and the newest term a pager with one side only', () => {
    const terms = pages.filter((p) => p.path.startsWith('infosessions/terms/'));
    expect(terms.map((p) => p.path)).toEqual([
      'infosessions/terms/1151/',
      'infosessions/terms/1145/',
      'infosessions/terms/1141/',
      'infosessions/terms/1139/',
    ]);
    expect(
      tags(markup.body(terms[0]!), 'a')
        .filter((a) => a.rel)
        .map((a) => a.rel),
    ).toEqual(['prev', 'prev']);
    expect(
      tags(markup.body(terms[3]!), 'a')
        .filter((a) => a.rel)
        .map((a) => a.rel),
    ).toEqual(['next', 'next']);
  });

  it('escapes hostile text in a month page', () => {
    const body = markup.body(
      monthPage({ month: { year: 2014, month: 1, sessions: [hostile] }, prev: undefined, next: undefined }, address),
    );
    expect(body).not.toMatch(/<img|<script|<Soft>|<B>/);
  });
});

describe('every calendar page', () => {
  const pages = [...calendarPages(sessions, address)];

  it('is each month with sessions, each term and each session, once, as a listing or a session', () => {
    const paths = pages.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(pages.filter((p) => p.kind === 'listing').map((p) => p.path)).toEqual(
      [...listingPages(sessions, address)].map((p) => p.path),
    );
    expect(pages.filter((p) => p.kind === 'session').map((p) => p.path)).toEqual(
      sessions.map((s) => calendarPaths.session(s.id)),
    );
    expect(paths).toContain('infosessions/2014/01/');
    expect(paths).toContain('infosessions/terms/1145/');
  });

  it('gives a session page its title, summary and the body the session page renders', async () => {
    const page = pages.find((p) => p.path === 'infosessions/2172/')!;
    if (page.kind !== 'session') throw new Error('infosessions/2172/ is not a session page');
    expect(page.view).toMatchObject({
      title: 'Palantir Technologies information session',
      summary: 'Palantir Technologies information session: Mon, Jan 13, 2014, 7:30 PM–9:00 PM',
    });
    // Built in 2023 (the address's timestamp): the page says the 2014 session has ended.
    expect(page.view.body.ended).toBe(true);
    const { body: sessionBody, view } = await renderedSessionPage();
    const body = view.body(page.view.body);
    expect(body).toBe(sessionBody(sessions.find((s) => s.id === '2172')!, address, true));
    expect(text(body)).toContain('Mon, Jan 13, 2014, 7:30 PM–9:00 PM (Eastern time)');
    expect(tags(body, 'a').map((a) => a.href)).toEqual(
      expect.arrayContaining([
        '/campus/infosessions/2172.ics',
        '/campus/infosessions/2014/01/',
        '/campus/infosessions/terms/1141/',
      ]),
    );
  });
});

describe("the front door's days (infosessions/sessions.json and the page)", () => {
  it('holds the newest terms day by day, each day as the front door renders it, in time order', () => {
    const feeds = subscriptionFeeds(sessions, catalog, audiences, address.timestamp);
    const window = markup.window(upcomingWindow(feeds.newestTerms, address));
    const days = byDay(feeds.newestTerms);
    expect(window.show).toBe(UPCOMING_SHOWN);
    expect(window.days.map((d) => d.sessions)).toEqual(days.map((d) => realSessions(d.sessions).length));
    expect(window.from).toBe(window.days[0]!.date);
    expect(window.days.map((d) => d.date)).toEqual(window.days.map((d) => d.date).toSorted());
    window.days.forEach((day, i) => {
      expect(day.html).toBe(markup.day(days[i]!, address));
    });
    expect(tags(window.days[0]!.html, 'li')[0]).toEqual({
      'data-session-group': '',
      'data-date': window.days[0]!.date,
    });
    expect(text(window.days[0]!.html).trim()).toMatch(/^(Sun|Mon|Tue|Wed|Thu|Fri|Sat), [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  });

  it('renders whole first days holding at least the sessions shown', () => {
    const [newest] = termsWithin(sessions);
    const days = markup.firstDays(newest!.sessions, address);
    const items = tags(days, 'li').filter((a) => a.class?.startsWith('session')).length;
    const groups = byDay(newest!.sessions);
    let n = 0;
    let d = 0;
    while (n < UPCOMING_SHOWN) n += realSessions(groups[d++]!.sessions).length;
    expect(items).toBe(n);
    expect(tags(days, 'li').filter((a) => 'data-date' in a)).toHaveLength(d);
  });

  it("holds only the newest terms of a longer archive, whatever the build's clock", () => {
    const old = sessions.map((s) => ({
      ...s,
      id: `9${s.id}`,
      date: { ...s.date, year: s.date.year - 10 },
      term: parseTermCode(`1${String((s.date.year - 10) % 100).padStart(2, '0')}${s.term.code.slice(-1)}`)!,
    }));
    const archive = chronological([...old, ...sessions]);
    const newest = new Set(
      termsWithin(archive)
        .slice(0, FRONT_TERMS)
        .map((t) => t.term.code),
    );
    const held = archive.filter((s) => newest.has(s.term.code));
    // Built on 2014-01-05 (the subscribers' feeds hold a year ahead of it): the front door holds the newest terms.
    const now = Date.UTC(2014, 0, 5, 17) / 1000;
    const window = markup.window(
      upcomingWindow(subscriptionFeeds(archive, catalog, audiences, now).newestTerms, address),
    );
    expect(held.length).toBeLessThan(archive.length);
    expect(window.days.map((d) => d.html)).toEqual(byDay(held).map((d) => markup.day(d, address)));
    expect(window.from).toBe('2004-05-06');
  });
});

describe("a building's page: the sessions held there, by the build's day", () => {
  const building: Building = {
    id: '1',
    code: 'TC',
    name: 'Tatham Centre',
    alternateNames: [],
    position: null,
    parts: [],
    parentCode: null,
  };
  /** Sessions in TC on every third day of 2014, in time order: 122 of them. */
  const sessions = Array.from({ length: 122 }, (_, i) => {
    const day = new Date(Date.UTC(2014, 0, 1 + 3 * i));
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    return testSession({ id: String(i + 1), employer: `Employer ${i + 1}`, date, location: 'TC 1208' });
  });
  /** The page's body for a build on `day` (noon, campus time). */
  const fill = (day: string) => {
    const render = renderContext(parseSiteUrl('https://x.test/'), Date.parse(`${day}T12:00:00-05:00`) / 1000);
    const [page] = buildingPages([building], sessions, buildingLookup([building]), [], render);
    return buildingBody(page!.view);
  };
  /** The ids a list of the fill links to, in order. */
  const ids = (text: string | undefined) => [...(text ?? '').matchAll(/\/infosessions\/(\d+)\//g)].map((m) => m[1]);

  it.each(['2013-12-31', '2014-01-01', '2014-01-02', '2014-06-15', '2014-12-27', '2014-12-28', '2015-03-01'])(
    'built on %s: every session ahead, soonest first, then the newest 30 past, newest first, and the count',
    (today) => {
      // The oracle: each session's day against the build's, one by one.
      const ahead = sessions.filter((s) => isoDate(s.date) >= today);
      const past = sessions.filter((s) => isoDate(s.date) < today).reverse();
      const text = fill(today);
      const [comingUp, pastList] = text.includes('<h3>Coming up</h3>')
        ? [text.split('<h3>Past')[0], text.split('<h3>Past')[1]]
        : [undefined, text];
      expect(ids(comingUp)).toEqual(ahead.map((s) => s.id));
      expect(ids(pastList)).toEqual(past.slice(0, PAST_SESSIONS_SHOWN).map((s) => s.id));
      const words = text.replace(/<[^>]+>/g, '');
      if (past.length > PAST_SESSIONS_SHOWN) {
        expect(words).toContain(`the newest ${PAST_SESSIONS_SHOWN} of ${past.length} sessions, newest first`);
        expect(words).toContain(`${past.length - PAST_SESSIONS_SHOWN} sessions held here before these`);
      } else if (past.length > 0) expect(words).toContain(`(${past.length} session`);
      // The past part is written empty and hidden: the script fills it by the visitor's clock.
      else expect(text).toContain('<div data-held-past hidden>');
      expect(text.includes('<div data-held-ahead hidden>')).toBe(ahead.length === 0);
    },
  );
});
