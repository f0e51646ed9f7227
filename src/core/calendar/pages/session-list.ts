import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { audienceTokens } from '../audiences.ts';
import { dayLabel } from '../format.ts';
import { programTokens } from '../programs.ts';
import { placeOf, type Session } from '../session.ts';
import { PAST_DAY } from '../session-wording.ts';
import { type SessionTimes, sessionTimesOf } from './session-page.ts';

/**
 * One session as a list shows it (src/components/calendar/SessionItem.astro): times in a column of
 * fixed width (the time alone: its day's heading gives the date), labels, employer link and place,
 * and the filters' data. An all-day note (a holiday) has `note` instead: no times, place or filter data.
 */
export interface SessionItemView {
  href: string;
  employer: string;
  /** An all-day note: its tag (`holiday`, or `note`) and its date; undefined for a session. */
  note: { tag: string; iso: string } | undefined;
  cancelled: boolean;
  /** Its kind's tag when it is not a plain session. */
  kind: string | undefined;
  place: string;
  times: SessionTimes;
  /** The filters' tokens (data-audience, data-programs). */
  audience: string;
  programs: string;
}

/** A session as a list item's view. */
export function sessionItemView(s: Session, ctx: Pick<RenderContext, 'basePath'>): SessionItemView {
  return {
    href: withBase(ctx.basePath, calendarPaths.session(s.id)),
    employer: s.employer,
    note: s.allDay ? { tag: s.kind === 'session' ? 'note' : s.kind, iso: isoDate(s.date) } : undefined,
    cancelled: s.cancelled,
    kind: s.kind === 'session' ? undefined : s.kind,
    place: placeOf(s),
    times: sessionTimesOf(s, false),
    audience: s.allDay ? '' : audienceTokens(s.audiences),
    programs: s.allDay ? '' : programTokens(s.openTo),
  };
}

/** One day of a list: its date, whether it had passed at the build, and its sessions. */
export interface DayView {
  /** `2014-01-10`. */
  iso: string;
  /** `Fri, Jan 10, 2014`. */
  label: string;
  /** Marked past ("Past" badge): its date before `until` (see pastDay). */
  past: boolean;
  sessions: SessionItemView[];
}

/** The label of the badge of a day that has passed. */
export const PAST_TAG = PAST_DAY;

/** A day of a list as its view; `until` as pastDay reads it. */
export function dayView(
  day: { date: Session['date']; sessions: readonly Session[] },
  ctx: Pick<RenderContext, 'basePath'>,
  until = '',
): DayView {
  const iso = isoDate(day.date);
  return {
    iso,
    label: dayLabel(day.date),
    past: pastDay(iso, until),
    sessions: day.sessions.map((s) => sessionItemView(s, ctx)),
  };
}

/**
 * Whether a day of a list is marked past as the build saw it: its date before `until` (see
 * pastUntil) while later days had not passed; on a page whose every day had passed (`until` is
 * `~`) one notice says so instead (allPast), which keeps a busy month's bytes down. The script
 * (src/scripts/past.ts) decides again by the visitor's clock.
 */
export function pastDay(iso: string, until: string): boolean {
  return iso < until && until !== '~';
}

/** Whether every day of a list had passed at the build (`until` is `~`): its notice says so. */
export function allPast(until: string): boolean {
  return until === '~';
}
