import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import type { Session } from '../session.ts';
import { sessionItem } from './session-list.ts';

/** How many sessions the front door's "coming up" list shows. */
export const UPCOMING_SHOWN = 12;

/**
 * infosessions/sessions.json: what the front door's script picks the sessions after the
 * visitor's today from, each as the very `<li>` the server renders (data attributes included,
 * so the filter works on them). It holds the feeds' window (the newest terms, see FEED_TERMS),
 * not the archive: a visitor's today is within or after the newest terms of a live data set.
 */
export interface UpcomingWindow {
  /** The date of the window's first session: before it the window cannot tell what comes next. */
  from: string;
  /** How many sessions the list shows. */
  show: number;
  /** The window's sessions in time order: their date (`2014-01-10`) and their list item. */
  items: { date: string; html: string }[];
}

/** The "coming up" window of `sessions` (in time order), items rendered as the front door lists them. */
export function upcomingWindow(sessions: readonly Session[], ctx: Pick<RenderContext, 'basePath'>): UpcomingWindow {
  const items = sessions.map((s) => ({ date: isoDate(s.date), html: sessionItem(s, ctx, { showDate: true }).value }));
  return { from: items[0]?.date ?? '', show: UPCOMING_SHOWN, items };
}
