import { campusDay } from '../records/campus-clock.ts';
import { isoDate } from '../records/session-time.ts';
import { dayLabel, timeRange } from './format.ts';
import { isoTime, type Session } from './session.ts';
import { utcOffset } from './time-zone.ts';

// The one place that words a session: its title, its summary, its calendar's name, and its
// cancelled, holiday and ended forms. Pages, feeds, "Add to calendar" and search all ask here,
// so a session is called the same wherever a student meets it.

/** What the wording reads of a session. */
type Worded = Pick<Session, 'employer' | 'kind' | 'allDay' | 'cancelled'>;

/** What a cancelled session's title starts with, in pages, feeds and search alike. */
export const CANCELLED_PREFIX = 'Cancelled: ';

/**
 * What a session is: `Palantir Technologies information session`; a career fair or an all-day
 * note (a holiday) is called what the data calls it (`P4E Career Fair`, `Canadian Thanksgiving -
 * Holiday`), with no "information session" after it.
 */
export function eventName(s: Omit<Worded, 'cancelled'>): string {
  const name = s.employer || 'Information session';
  return s.kind === 'session' && !s.allDay && s.employer ? `${name} information session` : name;
}

/** The title of a session everywhere: its name, after `Cancelled: ` when it was cancelled. */
export function sessionTitle(s: Worded): string {
  return `${s.cancelled ? CANCELLED_PREFIX : ''}${eventName(s)}`;
}

/** When a session is, in words: `Mon, Jan 13, 2014, 7:30 PM–9:00 PM` (an all-day note: `…, all day`). */
export function sessionWhen(s: Pick<Session, 'date' | 'start' | 'end' | 'allDay'>): string {
  return `${dayLabel(s.date)}, ${s.allDay ? 'all day' : timeRange(s.start, s.end)}`;
}

/** The one-line summary of a session (its page's description, its calendar's description). */
export function sessionSummary(s: Worded & Pick<Session, 'date' | 'start' | 'end'>): string {
  return `${sessionTitle(s)}: ${sessionWhen(s)}`;
}

/** The name of a session's own calendar file (X-WR-CALNAME of `infosessions/<id>.ics`): its title. */
export function sessionCalendarName(s: Worded): string {
  return sessionTitle(s);
}

/**
 * `2014-01-13T21:00:00-05:00`: when a session ends, with the campus's UTC offset, for machines
 * (a browser compares it with its clock). An all-day note, or a session without a later end,
 * ends at the end of its day.
 */
export function sessionEndsAt(s: Pick<Session, 'date' | 'start' | 'end' | 'allDay'>): string {
  const minutes = s.allDay || s.end <= s.start ? 24 * 60 - 1 : s.end;
  return `${isoDate(s.date)}T${isoTime(minutes)}:00${utcOffset(s.date, minutes)}`;
}

/** `2014-01-13T19:30:00-05:00`: when a session starts (an all-day note: its day's start). */
export function sessionStartsAt(s: Pick<Session, 'date' | 'start' | 'allDay'>): string {
  const minutes = s.allDay ? 0 : s.start;
  return `${isoDate(s.date)}T${isoTime(minutes)}:00${utcOffset(s.date, minutes)}`;
}

/**
 * Whether a session had ended at `seconds` (Unix time): the build's clock, or a visitor's. A session two days or more
 * from that instant's UTC day has ended, or not, whatever the campus's offset (under a day): only the others are
 * placed to the minute (every session page asks, and placing one costs a few µs).
 */
export function hasEnded(s: Pick<Session, 'date' | 'start' | 'end' | 'allDay'>, seconds: number): boolean {
  const day = Date.UTC(s.date.year, s.date.month - 1, s.date.day) / 86_400_000;
  const today = Math.floor(seconds / 86_400);
  if (day < today - 1) return true;
  if (day > today + 1) return false;
  return Date.parse(sessionEndsAt(s)) <= seconds * 1000;
}

/** What a page says of a session that has ended: `This session took place on Mon, Jan 13, 2014.` */
export function pastSentence(s: Worded & Pick<Session, 'date'>): string {
  const day = dayLabel(s.date);
  if (s.cancelled) return `It was planned for ${day}.`;
  if (s.allDay) return `This was on ${day}.`;
  return `This ${s.kind === 'career fair' ? 'career fair' : 'session'} took place on ${day}.`;
}

/** The label of the badge of something that has ended. */
export const ENDED = 'Ended';

export { PAST_DAY } from './pages/front-words.ts';

/**
 * The day before which a list's days had passed at the build, clamped to the list's days (`first`
 * to `last`, ISO dates): '' when none had, `~` (after every date) when all had. A page is made
 * from this rather than from the build's time, so a new timestamp remakes only the lists it changes.
 */
export function pastUntil(seconds: number | undefined, first: string, last: string): string {
  if (seconds === undefined) return '';
  const today = campusDay(seconds);
  return today <= first ? '' : today > last ? '~' : today;
}
