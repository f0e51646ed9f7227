import { readdir, readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { hasEnded, pastUntil, sessionEndsAt, sessionTitle } from '../../src/core/calendar/session-wording.ts';
import { parseTermCode } from '../../src/core/records/term.ts';
import { testSession } from '../helpers/session.ts';
import { renderedSessionPage } from '../helpers/session-page.ts';
import { rootSite } from '../helpers/sites.ts';

/** A session page's head and body as its components render them. */
const { body: sessionBody, head: sessionHead } = await renderedSessionPage();

// One session, one wording: what a student reads of a session in its page, its .ics, "Add to
// calendar", the search and its JSON-LD is the same text, read here from the built files.

/** Everything the built site calls session `id`. */
async function wordings(id: string) {
  const page = parseHTML(await readFile(rootSite(`infosessions/${id}/index.html`), 'utf8')).document;
  const cal = new ICAL.Component(ICAL.parse(await readFile(rootSite(`infosessions/${id}.ics`), 'utf8')));
  const google = page.querySelector<HTMLAnchorElement>('.add-calendar a[href^="https://calendar.google.com"]');
  let search: string | undefined;
  for (const f of await readdir(rootSite('infosessions/search-index/docs'))) {
    const docs = JSON.parse(await readFile(rootSite(`infosessions/search-index/docs/${f}`), 'utf8')) as string[][];
    search ??= docs.find((d) => d[0] === id)?.[2];
  }
  const ld = JSON.parse(page.querySelector('script[type="application/ld+json"]')!.textContent!);
  return {
    page: page.querySelector('title')!.textContent!.replace(/ · Campus info sessions$/, ''),
    ogTitle: page.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    calendarName: cal.getFirstPropertyValue('x-wr-calname'),
    event: cal.getFirstSubcomponent('vevent')!.getFirstPropertyValue('summary'),
    addToCalendar: google ? new URL(google.getAttribute('href')!).searchParams.get('text') : undefined,
    search,
    jsonLd: ld.name,
    eventStatus: ld.eventStatus,
  };
}

describe('a session is called the same everywhere', () => {
  it.each([
    ['a session', '2172', 'Palantir Technologies information session', true],
    ['a cancelled session', '2245', 'Cancelled: FreshBooks information session', false],
    ['a holiday', '2079', 'Canadian Thanksgiving - Holiday', false],
  ])(
    '%s (%s): page title, .ics calendar and event, add to calendar, search, JSON-LD',
    async (_, id, title, addable) => {
      const w = await wordings(id);
      // A holiday is an all-day note, not in the search index.
      const searched = id === '2079' ? undefined : title;
      expect(w).toEqual({
        page: title,
        ogTitle: title,
        calendarName: title,
        event: title,
        // Built in 2023 (SOURCE_DATE_EPOCH): the links are in the page, hidden as ended; none for a cancelled session
        // or a holiday.
        addToCalendar: addable ? title : undefined,
        search: searched,
        jsonLd: title,
        eventStatus: `https://schema.org/${id === '2245' ? 'EventCancelled' : 'EventScheduled'}`,
      });
    },
  );
});

describe('a session page built after the session', () => {
  it('says it took place, with a badge, and hides "Add to calendar" (without JavaScript)', async () => {
    const doc = parseHTML(await readFile(rootSite('infosessions/2172/index.html'), 'utf8')).document;
    const past = doc.querySelector<HTMLElement>('[data-if-past]')!;
    expect(past.hidden).toBe(false);
    expect(past.textContent!.replace(/\s+/g, ' ').trim()).toBe('Ended This session took place on Mon, Jan 13, 2014.');
    expect(doc.querySelector<HTMLElement>('.add-calendar')!.hidden).toBe(true);
    expect(doc.querySelector('article')!.getAttribute('data-ends')).toBe('2014-01-13T21:00:00-05:00');
  });

  it("links its .ics as the page's calendar, and a term page its term's feed", async () => {
    const session = parseHTML(await readFile(rootSite('infosessions/2172/index.html'), 'utf8')).document;
    expect(session.querySelector('link[rel=alternate][type="text/calendar"]')?.getAttribute('href')).toBe(
      '/infosessions/2172.ics',
    );
    const term = parseHTML(await readFile(rootSite('infosessions/terms/1141/index.html'), 'utf8')).document;
    expect(term.querySelector('link[rel=alternate][type="text/calendar"]')?.getAttribute('href')).toBe(
      '/infosessions/terms/1141.ics',
    );
  });
});

describe('the wording of time', () => {
  const session = testSession({
    id: '9',
    employer: 'Acme\u2028</script><script>alert(1)</script> & "Co"',
    date: { year: 2014, month: 7, day: 2 },
    location: 'DC 1301 </script>',
    description: 'Text with </script><!-- in it',
    term: parseTermCode('1145')!,
  });

  it("ends a session at its end, in the campus's offset (summer time here)", () => {
    expect(sessionEndsAt(session)).toBe('2014-07-02T11:00:00-04:00');
    expect(hasEnded(session, Date.parse('2014-07-02T10:59:00-04:00') / 1000)).toBe(false);
    expect(hasEnded(session, Date.parse('2014-07-02T11:00:00-04:00') / 1000)).toBe(true);
  });

  it('says a session has ended exactly when its end, placed to the minute, is past: near the instant or far', () => {
    // Instants at a day's edges in UTC and in Toronto, on the days summer time starts and ends, and at a year's end.
    const instants = [
      '2014-03-09T06:59:00Z',
      '2014-03-09T07:00:00Z',
      '2014-11-02T05:30:00Z',
      '2014-11-02T06:00:00Z',
      '2014-12-31T23:59:00Z',
      '2015-01-01T04:59:00Z',
      '2015-01-01T05:00:00Z',
      '2015-06-15T03:00:00Z',
    ].map((iso) => Date.parse(iso) / 1000);
    let checked = 0;
    for (const seconds of instants)
      for (let away = -4; away <= 4; away++) {
        const day = new Date(seconds * 1000 + away * 86_400_000);
        const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
        for (const [start, end, allDay] of [
          [0, 1, false],
          [600, 660, false],
          [1380, 1439, false],
          [1200, 1200, false],
          [0, 0, true],
        ] as const) {
          const s = testSession({ date, start, end, allDay });
          // The oracle: the end placed to the minute, in the campus's offset, against the instant.
          expect(hasEnded(s, seconds), `${sessionEndsAt(s)} at ${seconds}`).toBe(
            Date.parse(sessionEndsAt(s)) <= seconds * 1000,
          );
          checked += 1;
        }
      }
    expect(checked).toBe(8 * 9 * 5);
  });

  it("clamps the build's day to a list's days, so an old list is made from the same input", () => {
    const at = (iso: string) => Date.parse(`${iso}T12:00:00-05:00`) / 1000;
    expect(pastUntil(at('2014-01-01'), '2014-01-06', '2014-01-30')).toBe('');
    expect(pastUntil(at('2014-01-15'), '2014-01-06', '2014-01-30')).toBe('2014-01-15');
    expect(pastUntil(at('2023-11-14'), '2014-01-06', '2014-01-30')).toBe('~');
    expect(pastUntil(undefined, '2014-01-06', '2014-01-30')).toBe('');
  });

  it("takes the build's day on the campus's clock, not UTC's (winter and summer time)", () => {
    const day = (iso: string) => pastUntil(Date.parse(iso) / 1000, '2014-01-01', '2014-12-31');
    expect(day('2014-01-14T04:59:59Z')).toBe('2014-01-13');
    expect(day('2014-01-14T05:00:00Z')).toBe('2014-01-14');
    expect(day('2014-07-02T03:59:59Z')).toBe('2014-07-01');
    expect(day('2014-07-02T04:00:00Z')).toBe('2014-07-02');
  });

  it('keeps JSON-LD inside its script whatever the data holds, and the title in one form', () => {
    const head = sessionHead(session, { url: 'https://example.org/', basePath: '/' });
    // One script, whose text no value of the data ends or comments out (a value may hold `</script>` in an attribute).
    const { document: doc } = parseHTML(`<!doctype html><html><head>${head}</head><body></body></html>`);
    expect(doc.querySelectorAll('script')).toHaveLength(1);
    const json = doc.querySelector('script[type="application/ld+json"]')!.textContent!;
    expect(json).not.toMatch(/<\/script|<!--/i);
    const ld = JSON.parse(json);
    expect(ld.name).toBe(sessionTitle(session));
    expect(ld.location.name).toBe('DC 1301 </script>');
    expect(ld.description).toBe('Text with </script><!-- in it');
    expect(json).not.toContain('\u2028');
  });

  it('offers "Add to calendar" on a page built before the session, and no "Ended"', () => {
    const body = sessionBody(session, { url: 'https://example.org/', basePath: '/' }, false);
    const { document: doc } = parseHTML(`<!doctype html><html><body>${body}</body></html>`);
    expect(doc.querySelector<HTMLElement>('.add-calendar')!.hidden).toBe(false);
    expect(doc.querySelector<HTMLElement>('[data-if-past]')!.hidden).toBe(true);
  });
});
