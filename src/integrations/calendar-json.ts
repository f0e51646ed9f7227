// infosessions/sessions.json's text, from the window's view and a renderer of its days.
import type { DayView } from '../core/calendar/pages/session-list.ts';
import type { UpcomingWindow, UpcomingWindowView } from '../core/calendar/pages/upcoming.ts';

/** infosessions/sessions.json's text: the window with each day's markup. */
export function sessionsJson(view: UpcomingWindowView, day: (d: DayView) => string): string {
  const { days, ...rest } = view;
  const file: UpcomingWindow = {
    from: rest.from,
    show: rest.show,
    days: days.map((d) => ({ date: d.date, label: d.day.label, sessions: d.sessions, html: day(d.day) })),
    ...(rest.newest ? { newest: rest.newest } : {}),
  };
  return JSON.stringify(file);
}
