// A compact list of every session in time order, for the front door's "coming up" script.
import { context } from 'virtual:campus/context';
import { chronological, clock } from '../../core/calendar/calendar.ts';
import { calendarPaths } from '../../core/calendar/feeds.ts';
import { isoDate, isoTime } from '../../core/session-time.ts';
import { withBase } from '../../core/site-url.ts';

export function GET(): Response {
  const { sessions, address } = context;
  const brief = chronological(sessions).map((s) => ({
    id: s.id,
    employer: s.employer,
    date: isoDate(s.date),
    time: isoTime(s.start),
    label: clock(s.start),
    where: s.locationTbd || !s.location ? 'location to be announced' : s.location,
    url: withBase(address.basePath, calendarPaths.session(s.id)),
    cancelled: s.cancelled,
  }));
  return new Response(JSON.stringify(brief), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
