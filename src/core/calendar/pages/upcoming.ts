import { campusDay } from '../../records/campus-clock.ts';
import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import { byDay, countSessions } from '../calendar.ts';
import type { Session } from '../session.ts';
import type { ArchiveNoticeView } from './archive-notice.ts';
import { comingUpHeading, endedNote, lastDays, NOTHING_AHEAD } from './front-words.ts';
import { type DayView, dayView } from './session-list.ts';

export { comingUpHeading, endedNote, lastDays, NOTHING_AHEAD } from './front-words.ts';

/** How many sessions the front door's "coming up" list shows (whole days: a day is never cut). */
export const UPCOMING_SHOWN = 12;

/** One day of the front door's lists: its date, how many sessions, and its markup. */
export interface UpcomingDay {
  /** `2014-01-10`. */
  date: string;
  /** `Fri, Jan 10, 2014`: what the page says of it when it is the next day with sessions. */
  label: string;
  /** Its sessions, not counting all-day notes (holidays). */
  sessions: number;
  /** The day's `<li>`: its heading and its sessions, as rendered by src/components/calendar/DayItem.astro. */
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

/** The window as data: each day's view where the file holds its markup. */
export type UpcomingWindowView = Omit<UpcomingWindow, 'days'> & {
  days: (Omit<UpcomingDay, 'html' | 'label'> & { day: DayView })[];
};

/** The first days of `sessions` (in time order) that hold at least `shown` sessions. */
export function firstDays(
  sessions: readonly Session[],
  ctx: Pick<RenderContext, 'basePath'>,
  shown = UPCOMING_SHOWN,
  until = '',
): DayView[] {
  return firstDayGroups(sessions, shown).map((day) => dayView(day, ctx, until));
}

/** A day's sessions, as byDay groups them. */
type DayGroup = ReturnType<typeof byDay>[number];

/** The first days (byDay's groups) of `sessions` that hold at least `shown` sessions. */
function firstDayGroups(sessions: readonly Session[], shown: number): DayGroup[] {
  const out: DayGroup[] = [];
  let count = 0;
  for (const day of byDay(sessions)) {
    if (count >= shown) break;
    out.push(day);
    count += countSessions(day.sessions);
  }
  return out;
}

/** The front door's list: its heading, the note under it ('' for none), and its days. */
export interface FrontListView {
  heading: string;
  note: string;
  days: DayView[];
  /** The archive notice of the whole data, if any. */
  archive?: ArchiveNoticeView | undefined;
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
): FrontListView {
  const { heading, note, days, until } = frontDays(sessions, newest, ctx);
  return { heading, note, days: days.map((day) => dayView(day, ctx, until)) };
}

/**
 * The sessions the front door lists as the build sees it (frontList): what its filter counts, so the counts the
 * page is built with are those its script counts on the same list, and nothing moves when the script runs.
 */
export function frontSessions(
  sessions: readonly Session[],
  newest: { label: string; last: string } | undefined,
  ctx: Pick<RenderContext, 'timestamp'>,
): Session[] {
  return frontDays(sessions, newest, ctx).days.flatMap((day) => day.sessions);
}

/** The front door's list before rendering: its heading, note, days, and the day before which a day is past. */
function frontDays(
  sessions: readonly Session[],
  newest: { label: string; last: string } | undefined,
  ctx: Pick<RenderContext, 'timestamp'>,
): { heading: string; note: string; days: DayGroup[]; until: string } {
  const today = campusDay(ctx.timestamp);
  const ahead = sessions.filter((s) => isoDate(s.date) >= today);
  const first = ahead[0];
  if (first)
    return {
      heading: comingUpHeading(first.term.label),
      note: '',
      days: firstDayGroups(ahead, UPCOMING_SHOWN),
      until: '',
    };
  if (!newest) return { heading: NOTHING_AHEAD, note: '', days: [], until: '' };
  const days = byDay(sessions).map((day) => ({ day, date: isoDate(day.date), sessions: countSessions(day.sessions) }));
  const last = lastDays(days, UPCOMING_SHOWN).map(({ day }) => day);
  return { heading: NOTHING_AHEAD, note: endedNote(newest), days: last, until: '\uffff' };
}

/** The "coming up" window of `sessions` (in time order), each day as the front door lists it. */
export function upcomingWindow(
  sessions: readonly Session[],
  ctx: Pick<RenderContext, 'basePath'>,
  newest?: { label: string; last: string },
): UpcomingWindowView {
  const days = byDay(sessions).map((day) => ({
    date: isoDate(day.date),
    sessions: countSessions(day.sessions),
    day: dayView(day, ctx),
  }));
  return { from: days[0]?.date ?? '', show: UPCOMING_SHOWN, days, ...(newest ? { newest } : {}) };
}
