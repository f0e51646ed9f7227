import {
  type FilterState,
  filterQuery,
  keepsFilters,
  REMEMBERED_FIELDS,
  withQuery,
} from '../core/calendar/filter-state.ts';

/** Where this device keeps the student's last program and audience (one site per base path). */
function key(base: string): string {
  return `infosessions-filters:${base}`;
}

/** The program and audience this device remembers ({} when none, or when storage is off). */
export function rememberedFilters(base: string): FilterState {
  try {
    const saved = JSON.parse(localStorage.getItem(key(base)) ?? '{}') as FilterState;
    const out: FilterState = {};
    for (const name of REMEMBERED_FIELDS) if (typeof saved[name] === 'string' && saved[name]) out[name] = saved[name];
    return out;
  } catch {
    return {};
  }
}

/** Remembers the program and audience of `state` on this device (forgets them when neither is on). */
export function rememberFilters(base: string, state: FilterState): void {
  const kept: FilterState = {};
  for (const name of REMEMBERED_FIELDS) if (state[name]) kept[name] = state[name];
  try {
    if (Object.keys(kept).length === 0) localStorage.removeItem(key(base));
    else localStorage.setItem(key(base), JSON.stringify(kept));
  } catch {
    // storage off (private mode, blocked): the URL still carries the filters
  }
}

/** Forgets what this device remembers. */
export function forgetFilters(base: string): void {
  rememberFilters(base, {});
}

/**
 * Makes every link to a page that lists sessions (pagers, term and month links, the front door's
 * terms, the site's navigation) carry the active filters, as the server wrote the link otherwise.
 */
export function carryFilters(base: string, state: FilterState, root: ParentNode = document): void {
  const query = filterQuery(state);
  // A subscribe block's links are feeds, filled by the script: never pages to carry filters to.
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[href]:not([data-subscribe-link])')) {
    const written = link.dataset.href ?? link.getAttribute('href')!;
    if (!written) continue;
    const url = new URL(written, location.href);
    if (url.origin !== location.origin || !url.pathname.startsWith(base)) continue;
    if (!keepsFilters(decodeURIComponent(url.pathname.slice(base.length)))) continue;
    // A link already right is left untouched: a page of links rewritten for nothing costs a phone a restyle.
    const carried = withQuery(written, query);
    if (link.getAttribute('href') === carried) continue;
    link.dataset.href = written;
    link.setAttribute('href', carried);
  }
}
