import { emptyWeekNote, endedNote, lastDays, NOTHING_AHEAD } from '../core/calendar/pages/front-words.ts';
import type { UpcomingDay, UpcomingWindow } from '../core/calendar/pages/upcoming.ts';
import { localDay } from './local-day.ts';

/** The last day (a Saturday) of the visitor's week: weeks run Sunday to Saturday, as the month grid does. */
function weekEnd(now: Date): string {
  return localDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + (6 - now.getDay())));
}

/** The first days after `after` that hold at least `show` sessions. */
function nextDays(days: readonly UpcomingDay[], after: string, show: number): UpcomingDay[] {
  const out: UpcomingDay[] = [];
  let count = 0;
  for (const day of days) {
    if (day.date <= after) continue;
    if (count >= show) break;
    out.push(day);
    count += day.sessions;
  }
  return out;
}

/** Fills a list with days the server rendered. */
function fill(list: Element, days: readonly UpcomingDay[]): void {
  const t = document.createElement('template');
  t.innerHTML = days.map((d) => d.html).join('');
  list.replaceChildren(t.content);
}

/**
 * This week's part of the front door: its days from `today` to `end`; with none, when the next session is
 * and how far ahead ("No more sessions this week; the next is on …, 16 weeks ahead").
 */
function showWeek(week: HTMLElement, days: readonly UpcomingDay[], today: string, end: string): void {
  const thisWeek = days.filter((d) => d.date >= today && d.date <= end);
  fill(week.querySelector('[data-list]')!, thisWeek);
  const none = week.querySelector<HTMLElement>('[data-none]')!;
  const next = days.find((d) => d.date > end);
  none.textContent = next ? emptyWeekNote(today, next) : 'No more sessions this week.';
  none.hidden = thisWeek.length > 0;
  week.hidden = false;
}

/**
 * The front door by the visitor's own clock: this week's sessions (today to Saturday) and the
 * next ones after it, picked from sessions.json; before the data, its first days; after it, that
 * nothing is coming up, the newest term and when it ended, and its last days. Without
 * JavaScript the server's list, made by the build's clock, stays.
 */
export async function showThisWeek(now = new Date()): Promise<void> {
  const root = document.querySelector<HTMLElement>('[data-upcoming]');
  const week = root?.querySelector<HTMLElement>('[data-this-week]');
  const next = root?.querySelector<HTMLElement>('[data-next]');
  if (!root?.dataset.source || !week || !next) return;
  let window: UpcomingWindow;
  try {
    window = await (await fetch(root.dataset.source)).json();
  } catch {
    return;
  }
  const today = localDay(now);
  const end = weekEnd(now);
  const note = next.querySelector<HTMLElement>('[data-note]');
  const heading = next.querySelector('h2')!;
  const list = next.querySelector('[data-list]')!;
  if (today < window.from) {
    // A clock before the data: its first days are what comes up.
    const first = nextDays(window.days, '', window.show);
    fill(list, first);
    heading.textContent = 'Coming up';
    if (note) note.hidden = true;
  } else if (!window.days.some((d) => d.date >= today)) {
    // Nothing ahead: say so, name the newest term and when it ended, and show its last days.
    fill(list, lastDays(window.days, window.show));
    heading.textContent = NOTHING_AHEAD;
    if (note && window.newest) {
      note.textContent = endedNote(window.newest);
      note.hidden = false;
    }
  } else {
    showWeek(week, window.days, today, end);
    const after = nextDays(window.days, end, window.show);
    fill(list, after);
    heading.textContent = 'After this week';
    if (note) note.hidden = true;
    // No "After this week" over an empty list.
    next.hidden = after.length === 0;
  }
  // A filter chosen before the lists arrived applies to the new items too.
  root.querySelector('form[data-session-filter]')?.dispatchEvent(new Event('input'));
}
