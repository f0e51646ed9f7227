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

/**
 * Fills a list with days the server rendered; a list that holds those days already (the build's list, when the
 * visitor's clock picks the same days, as it does in an archive) is kept, so nothing is parsed or laid out anew.
 * Says whether the list changed.
 */
function fill(list: Element, days: readonly UpcomingDay[]): boolean {
  const held = [...list.children].map((li) => (li as HTMLElement).dataset.date).join(' ');
  if (held === days.map((d) => d.date).join(' ')) return false;
  const t = document.createElement('template');
  t.innerHTML = days.map((d) => d.html).join('');
  list.replaceChildren(t.content);
  return true;
}

/** Sets an element's text, unless it says that already (a text put anew is laid out anew). */
function say(el: Element, text: string): void {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * This week's part of the front door: its days from `today` to `end`; with none, when the next session is
 * and how far ahead ("No more sessions this week; the next is on …, 16 weeks ahead").
 */
function showWeek(week: HTMLElement, days: readonly UpcomingDay[], today: string, end: string): boolean {
  const thisWeek = days.filter((d) => d.date >= today && d.date <= end);
  const changed = fill(week.querySelector('[data-list]')!, thisWeek);
  const none = week.querySelector<HTMLElement>('[data-none]')!;
  const next = days.find((d) => d.date > end);
  say(none, next ? emptyWeekNote(today, next) : 'No more sessions this week.');
  none.hidden = thisWeek.length > 0;
  week.hidden = false;
  return changed;
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
  let changed: boolean;
  if (today < window.from) {
    // A clock before the data: its first days are what comes up.
    changed = fill(list, nextDays(window.days, '', window.show));
    say(heading, 'Coming up');
    if (note) note.hidden = true;
  } else if (!window.days.some((d) => d.date >= today)) {
    // Nothing ahead: say so, name the newest term and when it ended, and show its last days.
    changed = fill(list, lastDays(window.days, window.show));
    say(heading, NOTHING_AHEAD);
    if (note && window.newest) {
      say(note.querySelector('[data-note-text]') ?? note, endedNote(window.newest));
      note.hidden = false;
    }
  } else {
    const after = nextDays(window.days, end, window.show);
    const weekChanged = showWeek(week, window.days, today, end);
    changed = fill(list, after) || weekChanged;
    say(heading, 'After this week');
    if (note) note.hidden = true;
    // No "After this week" over an empty list.
    next.hidden = after.length === 0;
  }
  // A filter chosen before the lists arrived applies to the new items too.
  if (changed) root.querySelector('form[data-session-filter]')?.dispatchEvent(new Event('input'));
}
