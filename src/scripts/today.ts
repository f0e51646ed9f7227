import { localDay } from './local-day.ts';

/**
 * Marks the visitor's today on a calendar page: the day (grid cell or agenda day) whose
 * `data-date` is today gets the class `today`, `aria-current="date"` and a visible label. The
 * pages are built once for everyone, so only the visitor's own clock can say which day it is.
 */
export function markToday(now = new Date()): void {
  for (const day of document.querySelectorAll<HTMLElement>(`[data-date="${localDay(now)}"]`)) {
    day.classList.add('today');
    day.setAttribute('aria-current', 'date');
    const label = document.createElement('span');
    label.className = 'today-tag';
    label.textContent = 'Today';
    (day.querySelector('h2, h3') ?? day).append(label);
  }
}
