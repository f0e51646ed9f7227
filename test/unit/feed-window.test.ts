// What a subscriber's feed holds (src/core/calendar/feed-window.ts), counted here day by day: the past 4 weeks and
// the year ahead of the build's clock, at most 800 events, and an archive's last 4 weeks.
import { describe, expect, it } from 'vitest';
import { AHEAD_DAYS, addDays, FEED_MOST, feedWindow, RECENT_DAYS } from '../../src/core/calendar/feed-window.ts';
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
});
