// What a subscriber's feed holds (src/core/calendar/feed-window.ts), counted here day by day: the past 4 weeks and
// the year ahead of the build's clock, at most 800 events, and an archive's last 4 weeks.
import { describe, expect, it } from 'vitest';
import { AHEAD_DAYS, addDays, FEED_MOST, feedWindow, RECENT_DAYS } from '../../src/core/calendar/feed-window.ts';
import { lastDays } from '../../src/core/calendar/pages/front-words.ts';
import { isoDate } from '../../src/core/records/session-time.ts';
import { testSession } from '../helpers/session.ts';

/** `n` sessions a day from `first` for `days` days, in time order. */
function daily(first: string, days: number, n = 1) {
  return Array.from({ length: days * n }, (_, i) => {
    const [year, month, day] = addDays(first, Math.floor(i / n))
      .split('-')
      .map(Number);
    return testSession({ id: String(i), date: { year: year!, month: month!, day: day! } });
  });
}
const at = (iso: string) => Date.parse(`${iso}T17:00:00Z`) / 1000; // noon in Toronto

describe("the subscribers' window", () => {
  it('holds the past 28 days and the next 366, by the build’s day', () => {
    const sessions = daily('2013-01-01', 900);
    const { sessions: held, archive, words } = feedWindow(sessions, at('2014-01-05'));
    const days = held.map((s) => isoDate(s.date));
    expect(days[0]).toBe(addDays('2014-01-05', -RECENT_DAYS));
    expect(days.at(-1)).toBe(addDays('2014-01-05', AHEAD_DAYS - 1));
    expect(held).toHaveLength(RECENT_DAYS + AHEAD_DAYS);
    expect(archive).toBe(false);
    expect(words).toBe(
      'The sessions of the next 366 days and of the past 28, as of the last build. ' +
        "Each term's feed holds that term whole.",
    );
  });

  it(`keeps the first ${FEED_MOST} when more are in the window, and says so`, () => {
    const sessions = daily('2014-01-01', 100, 10);
    const { sessions: held, words } = feedWindow(sessions, at('2014-01-05'));
    expect(held).toEqual(sessions.slice(0, FEED_MOST));
    expect(words).toContain(`(the first ${FEED_MOST}: calendars drop events past about 1 MB)`);
  });

  it('holds the last 28 days up to the newest session of an archive, never an empty calendar', () => {
    const sessions = daily('2014-01-01', 60);
    const { sessions: held, archive, words } = feedWindow(sessions, at('2026-11-28'));
    expect(archive).toBe(true);
    expect(held.map((s) => isoDate(s.date))).toEqual(sessions.slice(-RECENT_DAYS - 1).map((s) => isoDate(s.date)));
    expect(words).toMatch(/^The data ends with a session on Sat, Mar 1, 2014: nothing is ahead/);
  });

  it(`keeps an archive's newest ${FEED_MOST} when its last 28 days hold more: those the front door lists`, () => {
    const sessions = daily('2014-01-01', 60, 40);
    const { sessions: held, words } = feedWindow(sessions, at('2026-11-28'));
    expect(held).toEqual(sessions.slice(-FEED_MOST));
    expect(words).toContain(`(the last ${FEED_MOST}: calendars drop events past about 1 MB)`);
  });
});

// The front door after the data's end lists the last days (front-words.ts lastDays): none the feed beside it lacks.
describe("the front door's last days", () => {
  const on = (iso: string, id: string, allDay = false) => {
    const [year, month, day] = iso.split('-').map(Number);
    return testSession({ id, date: { year: year!, month: month!, day: day! }, allDay });
  };
  /** The days of `sessions` as the front door counts them (all-day notes count no session), in time order. */
  const daysOf = (sessions: ReturnType<typeof on>[]) =>
    [...new Set(sessions.map((s) => isoDate(s.date)))].map((date) => ({
      date,
      sessions: sessions.filter((s) => isoDate(s.date) === date && !s.allDay).length,
    }));

  it.each([
    ['a session', false],
    ['an all-day note', true],
  ])('reach back exactly as far as the archive feed, the last day being %s', (_, noteLast) => {
    const last = '2015-03-17';
    const sessions = [29, 28, 27, 1, 0].map((back, i) => on(addDays(last, -back), String(i), noteLast && back === 0));
    const feed = new Set(feedWindow(sessions, at('2026-11-28')).sessions.map((s) => isoDate(s.date)));
    const listed = lastDays(daysOf(sessions), 100).map((d) => d.date);
    expect(listed).toEqual([...feed]);
    expect(listed[0]).toBe(addDays(last, -RECENT_DAYS));
  });

  it('stop at the fewest last days holding the sessions shown', () => {
    const sessions = [5, 4, 3, 2, 1, 0].map((back, i) => on(addDays('2015-03-17', -back), String(i)));
    expect(lastDays(daysOf(sessions), 2).map((d) => d.date)).toEqual(['2015-03-16', '2015-03-17']);
  });
});
