import { html, SafeHtml } from '../../render/html.ts';
import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import { byDay, countSessions } from '../calendar.ts';
import { dayLabel } from '../format.ts';
import type { Session } from '../session.ts';
import { sessionItems } from './session-list.ts';

/** How many sessions the front door's "coming up" list shows (whole days: a day is never cut). */
export const UPCOMING_SHOWN = 12;

/** One day of the front door's lists: its date, how many sessions, and its markup. */
export interface UpcomingDay {
  /** `2014-01-10`. */
  date: string;
  /** Its sessions, not counting all-day notes (holidays). */
  sessions: number;
  /** The day's `<li>`: its heading and its sessions, as the server renders them. */
  html: string;
}

/**
 * infosessions/sessions.json: what the front door's script picks this week and what comes
 * next from, by the visitor's today: the days of the feeds' window (the newest terms, see
 * FEED_TERMS), not the archive, each rendered by the server (data attributes included, so the
 * filter works on them); the script only chooses days and never formats a date.
 */
export interface UpcomingWindow {
  /** The date of the window's first session: before it the window cannot tell what comes next. */
  from: string;
  /** How many sessions the "coming up" list shows at least, in whole days. */
  show: number;
  /** The window's days in time order. */
  days: UpcomingDay[];
}

/** One day as a list item of the front door: its date as a heading, then its sessions. */
export function upcomingDay(day: { date: Session['date']; sessions: readonly Session[] }, ctx: Pick<RenderContext, 'basePath'>): SafeHtml {
  const iso = isoDate(day.date);
  return html`<li data-session-group data-date="${iso}"><h3><time datetime="${iso}">${dayLabel(day.date)}</time></h3><ul class="sessions">${sessionItems(day.sessions, ctx)}</ul></li>`;
}

/** The first days of `sessions` (in time order) that hold at least `shown` sessions, as list items. */
export function firstDays(sessions: readonly Session[], ctx: Pick<RenderContext, 'basePath'>, shown = UPCOMING_SHOWN): SafeHtml {
  const out: string[] = [];
  let count = 0;
  for (const day of byDay(sessions)) {
    if (count >= shown) break;
    out.push(upcomingDay(day, ctx).value);
    count += countSessions(day.sessions);
  }
  return new SafeHtml(out.join(''));
}

/** The "coming up" window of `sessions` (in time order), days rendered as the front door lists them. */
export function upcomingWindow(sessions: readonly Session[], ctx: Pick<RenderContext, 'basePath'>): UpcomingWindow {
  const days = byDay(sessions).map((day) => ({ date: isoDate(day.date), sessions: countSessions(day.sessions), html: upcomingDay(day, ctx).value }));
  return { from: days[0]?.date ?? '', show: UPCOMING_SHOWN, days };
}
