import { campusDay } from '../records/campus-clock.ts';
import { isoDate } from '../records/session-time.ts';
import { dayLabel } from './format.ts';
import { RECENT_DAYS } from './pages/front-words.ts';
import type { Session } from './session.ts';

/**
 * How far back a subscriber's feed reaches: the past 4 weeks (a session just held stays in the calendar). The front
 * door's last sessions reach as far, so it is said once, where the browser's script can read it.
 */
export { RECENT_DAYS } from './pages/front-words.ts';
/** How far ahead a subscriber's feed reaches: a year (sessions are posted a term or so ahead). */
export const AHEAD_DAYS = 366;
/**
 * The most events a subscriber's feed holds, the soonest kept: Google Calendar keeps about 1 MB (about 1,100 events)
 * of a subscribed feed and silently drops the rest; 800 events stay under 900 KB.
 */
export const FEED_MOST = 800;

/** What the subscribers' feeds hold, chosen by the build's clock. */
export interface FeedWindow {
  /** The sessions the windowed feeds choose from, in time order. */
  sessions: Session[];
  /** The window in words, for each windowed feed's description and the feeds page. */
  words: string;
  /** Whether the data's newest session is before the build's day (an archive: nothing is ahead). */
  archive: boolean;
}

/** `2014-01-05` moved by `days` (negative: earlier). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * The subscribers' window at `now` (Unix seconds, the build's clock): the sessions of the past RECENT_DAYS and those
 * ahead up to AHEAD_DAYS, at most FEED_MOST (the earliest kept). When the data's newest session is past (an
 * archive), the window ends at that session instead of today (the newest FEED_MOST kept), so a subscriber gets its
 * last 4 weeks, not an empty calendar, and the words say that nothing is ahead. `sessions` in time order.
 */
export function feedWindow(sessions: readonly Session[], now: number): FeedWindow {
  const today = campusDay(now);
  const last = sessions.at(-1);
  const lastDay = last ? isoDate(last.date) : today;
  const archive = lastDay < today;
  const from = addDays(archive ? lastDay : today, -RECENT_DAYS);
  const until = addDays(today, AHEAD_DAYS);
  const inWindow = sessions.filter((s) => {
    const day = isoDate(s.date);
    return day >= from && day < until;
  });
  // An archive keeps its newest (those the front door lists, RECENT_DAYS), a window ahead its soonest.
  const kept = archive ? inWindow.slice(-FEED_MOST) : inWindow.slice(0, FEED_MOST);
  const which = archive ? 'last' : 'first';
  const cut =
    kept.length < inWindow.length ? ` (the ${which} ${FEED_MOST}: calendars drop events past about 1 MB)` : '';
  const words = archive
    ? `The data ends with a session on ${dayLabel(last!.date)}: nothing is ahead, so this feed holds the sessions ` +
      `of the ${RECENT_DAYS} days up to it${cut}. Each term's feed holds that term whole.`
    : `The sessions of the next ${AHEAD_DAYS} days and of the past ${RECENT_DAYS}, as of the last build${cut}. ` +
      `Each term's feed holds that term whole.`;
  return { sessions: kept, words, archive };
}
