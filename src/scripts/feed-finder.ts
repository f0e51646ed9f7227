/** The feeds page's finder: shows only the feeds whose names hold every typed word, and opens the one left (or the one the URL's fragment names). */
export function attachFeedFinder(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-feed-finder]');
  const status = document.querySelector<HTMLElement>('[data-feed-finder-status]');
  if (!form || !status) return;
  const input = form.querySelector<HTMLInputElement>('input[name=find]')!;
  const items = [...document.querySelectorAll<HTMLElement>('[data-feed-item]')];
  form.hidden = false;
  // A link to one feed (`#program-computer-science`) opens it.
  const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
  if (target?.matches('[data-feed-item]')) target.querySelector('details')!.open = true;
  form.addEventListener('submit', (e) => e.preventDefault());
  input.addEventListener('input', () => {
    const words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    const shown = items.filter((item) => {
      const match = words.every((w) => item.dataset.find!.includes(w));
      item.hidden = !match;
      return match;
    });
    for (const section of document.querySelectorAll<HTMLElement>('[data-feed-section]')) section.hidden = !section.querySelector('[data-feed-item]:not([hidden])');
    if (shown.length === 1) shown[0]!.querySelector('details')!.open = true;
    status.textContent = words.length === 0 ? '' : shown.length === 0 ? 'No feed has that name. Try part of it, e.g. "computer".' : `${shown.length} feed${shown.length === 1 ? ' matches' : 's match'}.`;
  });
}
