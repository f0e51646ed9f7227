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
 * The front door by the visitor's own clock: this week's sessions (today to Saturday) and the
 * next ones after it, picked from sessions.json. Without JavaScript, or when the data holds
 * nothing after today, the server's list of the newest term's first days stays.
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
  const note = next.querySelector('[data-note]');
  if (today < window.from) return;
  if (!window.days.some((d) => d.date >= today)) {
    if (note) note.textContent = 'No sessions are listed after today. These were the first of the newest term with sessions.';
    return;
  }
  const thisWeek = window.days.filter((d) => d.date >= today && d.date <= end);
  fill(week.querySelector('[data-list]')!, thisWeek);
  week.querySelector('[data-none]')!.toggleAttribute('hidden', thisWeek.length > 0);
  week.hidden = false;
  fill(next.querySelector('[data-list]')!, nextDays(window.days, end, window.show));
  next.querySelector('h2')!.textContent = 'After this week';
  note?.remove();
  // A filter chosen before the lists arrived applies to the new items too.
  root.querySelector('form[data-session-filter]')?.dispatchEvent(new Event('input'));
}
