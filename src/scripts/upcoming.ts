import type { UpcomingWindow } from '../core/calendar/pages/upcoming.ts';

/**
 * Replaces the front door's static list with the sessions after the visitor's today, when
 * sessions.json has any: clones of the items the server rendered, data attributes included.
 */
export async function showUpcoming(): Promise<void> {
  const section = document.querySelector<HTMLElement>('[data-upcoming]');
  const list = section?.querySelector<HTMLElement>('[data-upcoming-list]');
  const note = section?.querySelector<HTMLElement>('[data-upcoming-note]');
  if (!section || !list || !note || !section.dataset.source) return;
  const now = new Date();
  const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  let window: UpcomingWindow;
  try {
    window = await (await fetch(section.dataset.source)).json();
  } catch {
    return;
  }
  const next = window.items.filter((s) => s.date >= today).slice(0, window.show);
  if (next.length === 0 || today < window.from) {
    note.textContent = next.length === 0 ? `No sessions are listed after today (${today}); here is the start of the newest term.` : `Sessions before ${window.from} are not listed here; here is the start of the newest term.`;
    return;
  }
  section.querySelector('h2')!.textContent = 'Coming up';
  note.textContent = `The next sessions from today, ${today}.`;
  const items = document.createElement('template');
  items.innerHTML = next.map((s) => s.html).join('');
  list.replaceChildren(items.content);
  // A filter chosen before the list arrived applies to the new items too.
  section.querySelector('form[data-session-filter]')?.dispatchEvent(new Event('input'));
}
