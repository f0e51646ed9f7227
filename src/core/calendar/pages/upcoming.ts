import { campusDay } from '../../records/campus-clock.ts';
import { isoDate } from '../../records/session-time.ts';
import { html, SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { byDay, countSessions } from '../calendar.ts';
import { dayLabel } from '../format.ts';
import type { Session } from '../session.ts';
import { comingUpHeading, endedNote, lastDays, NOTHING_AHEAD } from './front-words.ts';
import { pastDay, sessionItems } from './session-list.ts';

export { comingUpHeading, endedNote, lastDays, NOTHING_AHEAD } from './front-words.ts';

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
 * next from, by the visitor's today: the days of the newest terms (see
 * FRONT_TERMS), not the archive, each rendered by the server (data attributes included, so the
 * filter works on them); the script only chooses days and never formats a date.
 */
export interface UpcomingWindow {
  /** The date of the window's first session: before it the window cannot tell what comes next. */
  from: string;
  /** How many sessions the "coming up" list shows at least, in whole days. */
  show: number;
  /** The window's days in time order. */
  days: UpcomingDay[];
  /**
   * The newest term with sessions and the day of its last one (`Fri, Mar 27, 2015`): what the page says when nothing is
   * ahead.
   */
  newest?: { label: string; last: string };
}

/** One day as a list item of the front door: its date as a heading, then its sessions. */
export function upcomingDay(
  day: { date: Session['date']; sessions: readonly Session[] },
  ctx: Pick<RenderContext, 'basePath'>,
  until = '',
): SafeHtml {
  const iso = isoDate(day.date);
  const past = pastDay(iso, until);
  return html`<li data-session-group data-date="${iso}"${past.attr}>
<h3><time datetime="${iso}">${dayLabel(day.date)}</time>${past.tag}</h3>
<ul class="sessions">${sessionItems(day.sessions, ctx)}</ul></li>`;
}

/** The first days of `sessions` (in time order) that hold at least `shown` sessions, as list items. */
export function firstDays(
  sessions: readonly Session[],
  ctx: Pick<RenderContext, 'basePath'>,
  shown = UPCOMING_SHOWN,
  until = '',
): SafeHtml {
  const out: string[] = [];
  let count = 0;
  for (const day of byDay(sessions)) {
    if (count >= shown) break;
    out.push(upcomingDay(day, ctx, until).value);
    count += countSessions(day.sessions);
  }
  return new SafeHtml(out.join(''));
}

/**
 * The front door's list as the build sees it (the build's time, `ctx.timestamp`): the first days
 * from its day on, under "Coming up in <term>"; or, when the data holds nothing ahead, "No
 * sessions coming up", the newest term and when it ended, and its last days, marked past. The
 * script decides again by the visitor's clock (src/scripts/front-door.ts).
 */
export function frontList(
  sessions: readonly Session[],
  newest: { label: string; last: string } | undefined,
  ctx: Pick<RenderContext, 'basePath' | 'timestamp'>,
): { heading: string; note: string; days: SafeHtml } {
  const today = campusDay(ctx.timestamp);
  const ahead = sessions.filter((s) => isoDate(s.date) >= today);
  const first = ahead[0];
  if (first) return { heading: comingUpHeading(first.term.label), note: '', days: firstDays(ahead, ctx) };
  if (!newest) return { heading: NOTHING_AHEAD, note: '', days: new SafeHtml('') };
  const days = byDay(sessions).map((day) => ({ day, sessions: countSessions(day.sessions) }));
  const last = lastDays(days, UPCOMING_SHOWN).map(({ day }) => upcomingDay(day, ctx, '\uffff').value);
  return { heading: NOTHING_AHEAD, note: endedNote(newest), days: new SafeHtml(last.join('')) };
}

/** The "coming up" window of `sessions` (in time order), days rendered as the front door lists them. */
export function upcomingWindow(
  sessions: readonly Session[],
  ctx: Pick<RenderContext, 'basePath'>,
  newest?: { label: string; last: string },
): UpcomingWindow {
  const days = byDay(sessions).map((day) => ({
    date: isoDate(day.date),
    sessions: countSessions(day.sessions),
    html: upcomingDay(day, ctx).value,
  }));
  return { from: days[0]?.date ?? '', show: UPCOMING_SHOWN, days, ...(newest ? { newest } : {}) };
}
