// A compact list of every session in time order, for the front door's "coming up" script.
import { buildContext } from '../../build/context.ts';
import { chronological } from '../../core/calendar/calendar.ts';
import { clock, isoTime, placeOf } from '../../core/calendar/session.ts';
import { isoDate } from '../../core/records/session-time.ts';
import { calendarPaths, withBase } from '../../core/site/paths.ts';

export function GET(): Response {
  const { sessions, render } = buildContext();
  const brief = chronological(sessions).map((s) => ({
    id: s.id,
    employer: s.employer,
    date: isoDate(s.date),
    time: isoTime(s.start),
    label: clock(s.start),
    where: placeOf(s, true),
    url: withBase(render.basePath, calendarPaths.session(s.id)),
    cancelled: s.cancelled,
  }));
  return new Response(JSON.stringify(brief), { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
