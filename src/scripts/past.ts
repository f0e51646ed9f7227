import { PAST_DAY } from '../core/calendar/pages/front-words.ts';
import { localDay } from './local-day.ts';

/**
 * Marks the past by the visitor's own clock (pages are built once, and say what had ended at
 * the build; this corrects them however long ago that was): a session's end (markEnded) and the
 * days of a list (markPastDays).
 */
export function markPast(now = new Date()): void {
  markEnded(now);
  markPastDays(now);
}

/**
 * A session page (`data-ends`) shows its `data-if-past` parts and hides its `data-if-upcoming`
 * ones ("Add to calendar") once the session has ended: all a session page's script marks.
 */
export function markEnded(now = new Date()): void {
  for (const el of document.querySelectorAll<HTMLElement>('[data-ends]')) {
    const ended = Date.parse(el.dataset.ends!) <= now.getTime();
    for (const part of el.querySelectorAll<HTMLElement>('[data-if-past]')) part.hidden = !ended;
    for (const part of el.querySelectorAll<HTMLElement>('[data-if-upcoming]')) part.hidden = ended;
  }
}

/**
 * A day of a list (`data-session-group` with `data-date`) before today gets the class `past` and
 * a "Past" badge in its heading; a list's `data-all-past` notice shows only when every day has
 * passed.
 */
export function markPastDays(now = new Date()): void {
  const today = localDay(now);
  let all = true;
  for (const day of document.querySelectorAll<HTMLElement>('[data-session-group][data-date]')) {
    const past = day.dataset.date! < today;
    all &&= past;
    day.classList.toggle('past', past);
    const heading = day.querySelector('h2, h3, .result-title');
    const tag = heading?.querySelector('.tag.past');
    if (past && heading && !tag) {
      const badge = document.createElement('span');
      badge.className = 'tag past';
      badge.textContent = PAST_DAY;
      (heading.querySelector('.dfull') ?? heading).append(' ', badge);
    } else if (!past) tag?.remove();
  }
  // A list's "every session here has ended", as the build wrote it, when the visitor's clock says otherwise.
  for (const note of document.querySelectorAll<HTMLElement>('[data-all-past]')) note.hidden = !all;
}
