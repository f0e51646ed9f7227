import { filtersOf } from '../core/calendar/filter-state.ts';
import { findMatches, programAnchor } from '../core/calendar/finder.ts';

/**
 * The feeds page's finder: shows only the feeds each typed word names (an abbreviation such as
 * CS, or the start of a word of its names: "comp sci"), and opens the one left, or the one the
 * URL's fragment or its program filter names.
 */
export function attachFeedFinder(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-feed-finder]');
  const status = document.querySelector<HTMLElement>('[data-feed-finder-status]');
  if (!form || !status) return;
  const input = form.querySelector<HTMLInputElement>('input[name=find]')!;
  const items = [...document.querySelectorAll<HTMLElement>('[data-feed-item]')];
  form.hidden = false;
  // A link to one feed (`#program-computer-science`) opens it.
  const program = filtersOf(location.search).program;
  const named = location.hash ? decodeURIComponent(location.hash.slice(1)) : program && programAnchor(program);
  const target = named ? document.getElementById(named) : null;
  if (target?.matches('[data-feed-item]')) {
    target.querySelector('details')!.open = true;
    if (!location.hash) target.scrollIntoView({ block: 'center' });
  }
  form.addEventListener('submit', (e) => e.preventDefault());
  input.addEventListener('input', () => {
    const words = input.value.trim();
    const shown = items.filter((item) => {
      const match = findMatches(item.dataset.find!, words);
      item.hidden = !match;
      return match;
    });
    for (const section of document.querySelectorAll<HTMLElement>('[data-feed-section]'))
      section.hidden = !section.querySelector('[data-feed-item]:not([hidden])');
    if (shown.length === 1) shown[0]!.querySelector('details')!.open = true;
    status.textContent = !words
      ? ''
      : shown.length === 0
        ? 'No feed has that name. Try part of it, e.g. "computer".'
        : `${shown.length} feed${shown.length === 1 ? ' matches' : 's match'}.`;
  });
}
