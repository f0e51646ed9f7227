import { localDay } from './local-day.ts';

/** Shows the archive notice (`data-archive-notice`) once the visitor's day is past its newest session's day. */
export function markArchive(now = new Date()): void {
  const today = localDay(now);
  for (const note of document.querySelectorAll<HTMLElement>('[data-archive-notice][data-newest]'))
    note.hidden = today <= note.dataset.newest!;
}
