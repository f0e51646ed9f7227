import { calendarPaths, feedSubscription, withBase } from '../core/site/paths.ts';

/** The form fields a filter keeps in the URL (`?program=computer-science&audience=…&employer=…`). */
const FIELDS = ['program', 'audience', 'employer'] as const;

/** An option's label without its count: `Computer Science (75)` → `Computer Science`. */
function optionLabel(select: HTMLSelectElement | null): string {
  return select?.selectedOptions[0]?.textContent?.replace(/\s*\(\d+\)$/, '') ?? '';
}

/** Fills a subscribe block (the server's template) with the feed at site-relative `path`, addressed at the site's URL (SITE_URL, as the feeds page gives it). */
function fillSubscribe(block: HTMLElement, site: string, base: string, path: string, label: string): void {
  const href = withBase(base, path);
  const links: Record<string, string> = { ...feedSubscription(new URL(href, site).href, `Information sessions: ${label}`), download: href };
  for (const el of block.querySelectorAll<HTMLElement>('[data-subscribe-link]')) {
    const value = links[el.dataset.subscribeLink!]!;
    if (el instanceof HTMLInputElement) el.value = value;
    else el.setAttribute('href', value);
  }
  for (const el of block.querySelectorAll('[data-subscribe-name]')) el.textContent = label;
}

/** Shows every "Copy address" button; a click copies the feed address beside it. */
export function attachCopyButtons(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const input = button.parentElement?.querySelector('input');
      if (!input) return;
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Press Ctrl+C to copy';
      }
      setTimeout(() => (button.textContent = 'Copy address'), 2000);
    });
  }
}

/**
 * Makes each session filter form work: restores its choices from the URL, hides sessions (and
 * days left empty) that do not match, keeps the choices in the URL and in the previous/next
 * links, offers the feed of exactly what it shows, and says when nothing matches.
 */
export function attachFilters(): void {
  const params = new URLSearchParams(location.search);
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-session-filter]')) {
    form.hidden = false;
    const scope = form.parentElement ?? document.body;
    const base = form.dataset.base ?? '/';
    const site = form.dataset.site || location.href;
    const status = form.querySelector<HTMLElement>('.filter-status');
    const clear = form.querySelector<HTMLElement>('[data-clear]');
    const slot = form.querySelector<HTMLElement>('[data-subscribe-slot]');
    const searchAll = form.querySelector<HTMLAnchorElement>('[data-search-all]');
    const program = form.querySelector<HTMLSelectElement>('select[name=program]');
    const audience = form.querySelector<HTMLSelectElement>('select[name=audience]');
    for (const name of FIELDS) {
      const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
      const value = params.get(name);
      if (field && value && (!(field instanceof HTMLSelectElement) || [...field.options].some((o) => o.value === value))) field.value = value;
    }
    const apply = () => {
      const p = program?.value ?? '';
      const group = (program?.selectedOptions[0]?.parentElement as HTMLElement | null | undefined)?.dataset.group ?? '';
      const a = audience?.value ?? '';
      const employer = String(new FormData(form).get('employer') ?? '').trim().toLowerCase();
      let shown = 0;
      const items = scope.querySelectorAll<HTMLElement>('li.session');
      for (const item of items) {
        const tokens = (item.dataset.programs ?? '').split(' ');
        const match =
          (!a || item.dataset.audience === a) &&
          (!p || tokens.includes(p) || tokens.includes(group) || tokens.includes('@all')) &&
          (!employer || (item.querySelector('.what a')?.textContent ?? '').toLowerCase().includes(employer));
        item.hidden = !match;
        if (match) shown += 1;
      }
      for (const g of scope.querySelectorAll<HTMLElement>('[data-session-group]')) {
        g.classList.toggle('filtered-out', g.querySelectorAll('li.session:not([hidden]), li.all-day').length === 0);
      }
      const active = Boolean(p || a || employer);
      const chosen = [p && optionLabel(program), a && optionLabel(audience), employer && `“${employer}”`].filter(Boolean).join(', ');
      if (status) {
        status.textContent = !active ? '' : shown > 0 ? `${shown} of ${items.length} sessions match.` : `No sessions here match ${chosen}. Clear the filters${document.querySelector('a[rel~="next"]') ? ', try the next month,' : ''} or search all terms.`;
        status.classList.toggle('empty-state', active && shown === 0);
      }
      if (clear) clear.hidden = !active;
      if (searchAll) {
        searchAll.href = withBase(base, calendarPaths.search) + (employer ? `?q=${encodeURIComponent(employer)}` : '');
        searchAll.textContent = employer ? `Search all terms for “${employer}”` : 'Search all terms';
      }
      if (slot) {
        slot.hidden = !(p || a);
        const path = p && a ? calendarPaths.programAudienceFeed(p, a) : p ? calendarPaths.programFeed(p) : a ? calendarPaths.audienceFeed(a) : '';
        if (path) fillSubscribe(slot, site, base, path, [p && optionLabel(program), a && optionLabel(audience)].filter(Boolean).join(', '));
      }
      const query = new URLSearchParams(location.search);
      for (const [name, value] of [['program', p], ['audience', a], ['employer', employer]]) value ? query.set(name!, value) : query.delete(name!);
      const search = query.toString() ? `?${query}` : '';
      history.replaceState(history.state, '', `${location.pathname}${search}${location.hash}`);
      for (const link of document.querySelectorAll<HTMLAnchorElement>('a[rel~="prev"], a[rel~="next"], a[data-keep-filters]')) {
        // The written href stays as the server wrote it (site-relative) while no filter is on.
        const [, path, hash] = /^([^?#]*)(?:\?[^#]*)?(#.*)?$/.exec(link.getAttribute('href')!)!;
        link.setAttribute('href', `${path}${search}${hash ?? ''}`);
      }
    };
    form.addEventListener('input', apply);
    form.addEventListener('reset', () => setTimeout(apply));
    form.addEventListener('submit', (e) => e.preventDefault());
    apply();
  }
}
