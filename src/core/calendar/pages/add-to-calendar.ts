import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { timeRange } from '../format.ts';
import { isoTime, placeOf, type Session } from '../session.ts';
import { sessionTitle } from '../session-wording.ts';
import { SESSION_TIME_ZONE, utcOffset } from '../time-zone.ts';

/** Where "Add to calendar" sends a visitor: Google Calendar, Outlook.com, or the session's .ics. */
export interface CalendarLinks {
  google: string;
  outlook: string;
  ics: string;
}

/** Whether a session can be added to a calendar: not when it was cancelled, nor an all-day note (a holiday). */
export function canAddToCalendar(s: Pick<Session, 'cancelled' | 'kind' | 'allDay'>): boolean {
  return !s.cancelled && !s.allDay && s.kind !== 'holiday';
}

/**
 * The text of a session's event: time and place, and its page, where the description is. The
 * description stays out: the links would carry it twice on every session page (thousands of
 * pages in a large archive), and the page is one tap from the event.
 */
function eventDetails(s: Session, page: string): string {
  return `${timeRange(s.start, s.end)}, ${placeOf(s)}.\n\nDetails: ${page}`;
}

/** A query string with every value percent-encoded (spaces as %20, which every calendar reads). */
function query(params: Record<string, string>): string {
  return Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
    .join('&');
}

/**
 * The "Add to calendar" links of a session; undefined when it cannot be added (cancelled, a
 * holiday). Google takes local times with the time zone's name; Outlook.com takes times with
 * their UTC offset. Both get the title, the place and a link back to the session's page.
 */
export function calendarLinks(s: Session, ctx: Pick<RenderContext, 'url' | 'basePath'>): CalendarLinks | undefined {
  if (!canAddToCalendar(s)) return undefined;
  const page = new URL(withBase(ctx.basePath, calendarPaths.session(s.id)), ctx.url).href;
  const end = Math.max(s.end, s.start);
  const compact = (minutes: number) => `${isoDate(s.date).replace(/-/g, '')}T${isoTime(minutes).replace(':', '')}00`;
  const withOffset = (minutes: number) => `${isoDate(s.date)}T${isoTime(minutes)}:00${utcOffset(s.date, minutes)}`;
  const title = sessionTitle(s);
  const details = eventDetails(s, page);
  return {
    google: `https://calendar.google.com/calendar/render?${query({
      action: 'TEMPLATE',
      text: title,
      dates: `${compact(s.start)}/${compact(end)}`,
      ctz: SESSION_TIME_ZONE,
      details,
      location: placeOf(s),
    })}`,
    outlook: `https://outlook.live.com/calendar/0/action/compose?${query({
      rru: 'addevent',
      subject: title,
      startdt: withOffset(s.start),
      enddt: withOffset(end),
      location: placeOf(s),
      body: details,
    })}`,
    ics: withBase(ctx.basePath, calendarPaths.sessionFeed(s.id)),
  };
}
