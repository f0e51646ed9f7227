import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chronological, monthsWithin, termsWithin } from '../src/core/calendar/calendar.ts';
import { calendarPages } from '../src/core/calendar/pages/calendar-pages.ts';
import { FEED_TERMS, subscriptionFeeds } from '../src/core/calendar/feeds.ts';
import { calendarPaths } from '../src/core/site/paths.ts';
import { filterForm } from '../src/core/calendar/pages/filter-form.ts';
import { listingPages, monthPage, termPage } from '../src/core/calendar/pages/listing-pages.ts';
import { readSessions, websiteHref, type Session } from '../src/core/calendar/session.ts';
import { sessionItem, sessionItems } from '../src/core/calendar/pages/session-list.ts';
import { sessionBody } from '../src/core/calendar/pages/session-page.ts';
import { slugify } from '../src/core/calendar/slug.ts';
import { upcomingWindow, UPCOMING_SHOWN } from '../src/core/calendar/pages/upcoming.ts';
import { parseSiteUrl, renderContext } from '../src/core/site/address.ts';
import { parseTermCode } from '../src/core/records/term.ts';
import { loadSiteData } from '../src/load/data-fs.ts';
import { ROOT } from './helpers/build.ts';

// The page bodies of the calendar, rendered in-process from the real data (read as the build
// reads it) and from hand-made sessions with hostile text; structure is asserted, not snapshots.
const sessions = chronological(readSessions(loadSiteData(path.join(ROOT, 'data'), ROOT)));
const address = renderContext(parseSiteUrl('https://example.org/campus/'), 1700000000);
const base = address.basePath;

/** The attributes of every start tag `tag` in `markup`, in order. */
function tags(markup: string, tag: string): Record<string, string>[] {
  return [...markup.matchAll(new RegExp(`<${tag}(\\s[^>]*)?>`, 'g'))].map((m) => Object.fromEntries([...(m[1] ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!, a[2] ?? ''])));
}

/** Text of markup without tags, entities decoded (the few `html` writes). */
function text(markup: string): string {
  return markup.replace(/<[^>]*>/g, '').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

const hostile: Session = {
  id: '7', employer: '<img src=x onerror=alert(1)> & "Co"', cancelled: true, kind: 'career fair', date: { year: 2014, month: 1, day: 13 }, start: 570, end: 660,
  location: '"><script>x</script>', locationTbd: false, website: 'example.com', websiteHref: websiteHref('example.com'), audience: 'Co-op "A" & <B>', programs: ['ENG - <Soft>', 'MATH & "X"'],
  description: 'See <b>x</b>', term: parseTermCode('1141')!,
};

describe('session list items', () => {
  it('carries the data attributes the filter matches on, for every real session', () => {
    const items = tags(sessionItems(sessions, address).value, 'li');
    expect(items).toHaveLength(sessions.length);
    items.forEach((attrs, i) => {
      const s = sessions[i]!;
      expect(attrs['data-audience']).toBe(slugify(s.audience));
      expect(attrs['data-programs']).toBe(s.programs.map(slugify).join(' '));
      expect(text(attrs['data-employer']!)).toBe(s.employer.toLowerCase());
      expect(attrs.class!.split(' ')).toEqual(['session', ...(s.cancelled ? ['cancelled'] : [])]);
    });
  });

  it('escapes hostile text, strikes a cancelled session through and labels its kind', () => {
    const item = sessionItem(hostile, address, { showDate: true }).value;
    expect(item).not.toMatch(/<img|<script|<B>/);
    expect(tags(item, 'li')[0]).toMatchObject({ class: 'session cancelled', 'data-audience': 'co-op-a-and-b', 'data-programs': 'eng-soft math-and-x' });
    expect(tags(item, 'a')).toEqual([{ href: '/campus/infosessions/7/' }]);
    expect(item).toMatch(/<s><a [^>]*>&lt;img src=x onerror=alert\(1\)&gt; &amp; &quot;Co&quot;<\/a><\/s>/);
    expect(text(item)).toBe('2014-01-13 9:30 AM Cancelled career fair <img src=x onerror=alert(1)> & "Co" "><script>x</script>');
  });

  it('leaves the place out of a compact item and names a placeholder as to be announced', () => {
    expect(text(sessionItem(hostile, address, { compact: true }).value)).not.toContain('script');
    expect(text(sessionItem({ ...hostile, locationTbd: true }, address).value)).toMatch(/location to be announced$/);
  });
});

describe('the filter form', () => {
  it('offers each audience and program of the sessions once, with its count, and starts hidden', () => {
    const january = sessions.filter((s) => s.date.year === 2014 && s.date.month === 1);
    const form = filterForm(january).value;
    expect(tags(form, 'form')[0]).toMatchObject({ 'data-session-filter': '', hidden: '', role: 'search' });
    const selects = [...form.matchAll(/<select name="(\w+)">(.*?)<\/select>/g)].map((m) => [m[1], tags(m[2]!, 'option').map((o) => o.value)]);
    expect(selects.map((s) => s[0])).toEqual(['audience', 'program']);
    const audiences = [...new Set(january.map((s) => slugify(s.audience)).filter(Boolean))].sort();
    expect([...selects[0]![1]!].sort()).toEqual(['', ...audiences].sort());
    const counts = [...form.matchAll(/<option value="([\w-]+)">[^<]*\((\d+)\)<\/option>/g)].filter((m) => audiences.includes(m[1]!));
    expect(counts.map((m) => m[1]).sort()).toEqual(audiences);
    for (const [, slug, n] of counts) expect(Number(n)).toBe(january.filter((s) => slugify(s.audience) === slug).length);
    expect(tags(form, 'input')[0]).toMatchObject({ type: 'search', name: 'employer' });
  });

  it('escapes hostile labels', () => {
    const form = filterForm([hostile]).value;
    expect(form).not.toMatch(/<Soft>|<B>/);
    expect(form).toContain('<option value="co-op-a-and-b">Co-op &quot;A&quot; &amp; &lt;B&gt; (1)</option>');
  });
});

describe('listing pages', () => {
  const months = monthsWithin(sessions);

  it('lays a month out as whole weeks, every session of it once, with a pager to the months around it', () => {
    const i = months.findIndex((m) => m.year === 2014 && m.month === 1);
    const page = monthPage({ month: months[i]!, prev: months[i - 1], next: months[i + 1] }, address);
    expect(page).toMatchObject({ path: 'infosessions/2014/01/', title: 'Sessions in January 2014' });
    const body = page.body.value;
    const grid = body.slice(body.indexOf('<ol class="day-list month-grid"'));
    expect(grid.match(/<li class="blank"|<li class="empty"|<li data-session-group>/g)!.length % 7).toBe(0);
    expect(grid.match(/<li data-session-group>|<li class="empty"/g)).toHaveLength(31);
    expect(tags(grid, 'li').filter((a) => a.class?.startsWith('session')).map((a) => a['data-audience'])).toEqual(months[i]!.sessions.map((s) => slugify(s.audience)));
    expect(tags(body, 'a').filter((a) => a.rel)).toEqual([
      { href: '/campus/infosessions/2013/12/', rel: 'prev' },
      { href: '/campus/infosessions/2014/02/', rel: 'next' },
    ]);
    expect(text(body)).toContain(`${months[i]!.sessions.length} sessions.`);
  });

  it('says a month without sessions has none, and has no filter then', () => {
    const empty = monthPage({ month: { year: 2014, month: 7, sessions: [] }, prev: undefined, next: undefined }, address).body.value;
    expect(text(empty)).toContain('No sessions this month.');
    expect(empty).not.toContain('data-session-filter');
  });

  it('lists a term day by day with its feed', () => {
    const [newest] = termsWithin(sessions);
    const body = termPage(newest!, address).body.value;
    expect(body.match(/<section data-session-group>/g)!.length).toBe(new Set(newest!.sessions.map((s) => `${s.date.year}-${s.date.month}-${s.date.day}`)).size);
    expect(tags(body, 'li').filter((a) => a.class?.startsWith('session'))).toHaveLength(newest!.sessions.length);
    expect(tags(body, 'a').map((a) => a.href)).toContain(`/campus/${calendarPaths.termFeed(newest!.term.code)}`);
  });

  it('escapes hostile text in a month page', () => {
    const body = monthPage({ month: { year: 2014, month: 1, sessions: [hostile] }, prev: undefined, next: undefined }, address).body.value;
    expect(body).not.toMatch(/<img|<script|<Soft>|<B>/);
  });
});

describe('every calendar page', () => {
  const pages = [...calendarPages(sessions, address)];

  it('is each month from the first to the last, each term and each session, once, as a listing or a session', () => {
    const paths = pages.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(pages.filter((p) => p.kind === 'listing').map((p) => p.path)).toEqual([...listingPages(sessions, address)].map((p) => p.path));
    expect(pages.filter((p) => p.kind === 'session').map((p) => p.path)).toEqual(sessions.map((s) => calendarPaths.session(s.id)));
    expect(paths).toContain('infosessions/2014/01/');
    expect(paths).toContain('infosessions/terms/1145/');
  });

  it('gives a session page its title, summary and the body the session page renders', () => {
    const page = pages.find((p) => p.path === 'infosessions/2172/')!;
    expect(page).toMatchObject({ kind: 'session', title: 'Palantir Technologies', summary: 'Palantir Technologies: Monday, January 13, 2014, 7:30 PM' });
    expect(page.body.value).toBe(sessionBody(sessions.find((s) => s.id === '2172')!, address).value);
    expect(text(page.body.value)).toContain('7:30 PM to 9:00 PM (Eastern time)');
    expect(tags(page.body.value, 'a').map((a) => a.href)).toEqual(expect.arrayContaining(['/campus/infosessions/2172.ics', '/campus/infosessions/2014/01/', '/campus/infosessions/terms/1141/']));
  });
});

describe('the "coming up" window (infosessions/sessions.json)', () => {
  it('holds the feeds\' window as the front door\'s own list items, in time order', () => {
    const feeds = subscriptionFeeds(sessions);
    const window = upcomingWindow(feeds.all.sessions, address);
    expect(window.show).toBe(UPCOMING_SHOWN);
    expect(window.items).toHaveLength(feeds.all.sessions.length);
    expect(window.from).toBe(window.items[0]!.date);
    expect(window.items.map((i) => i.date)).toEqual(window.items.map((i) => i.date).toSorted());
    window.items.forEach((item, i) => expect(item.html).toBe(sessionItem(feeds.all.sessions[i]!, address, { showDate: true }).value));
  });

  it('holds only the newest terms of a longer archive', () => {
    const old = sessions.map((s) => ({ ...s, id: `9${s.id}`, date: { ...s.date, year: s.date.year - 10 }, term: parseTermCode(`1${String((s.date.year - 10) % 100).padStart(2, '0')}${s.term.code.slice(-1)}`)! }));
    const archive = chronological([...old, ...sessions]);
    const newest = new Set(termsWithin(archive).slice(0, FEED_TERMS).map((t) => t.term.code));
    const held = archive.filter((s) => newest.has(s.term.code));
    const window = upcomingWindow(subscriptionFeeds(archive).all.sessions, address);
    expect(held.length).toBeLessThan(archive.length);
    expect(window.items.map((i) => i.html)).toEqual(held.map((s) => sessionItem(s, address, { showDate: true }).value));
    expect(window.from).toBe('2004-05-06');
  });
});
