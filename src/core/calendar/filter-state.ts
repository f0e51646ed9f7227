import { calendarPaths, sitePaths } from '../site/paths.ts';

/** The filters a calendar page keeps in its URL (`?program=computer-science&audience=co-op-students&employer=…`). */
export const FILTER_FIELDS = ['program', 'audience', 'employer'] as const;

/** The filters a device remembers between visits: who the student is, not what they searched. */
export const REMEMBERED_FIELDS = ['program', 'audience'] as const;

/** A page's active filters, by field; an absent or empty field is no filter. */
export type FilterState = Partial<Record<(typeof FILTER_FIELDS)[number], string>>;

/** The filters a query string names (empty ones left out). */
export function filtersOf(search: string): FilterState {
  const params = new URLSearchParams(search);
  const out: FilterState = {};
  for (const name of FILTER_FIELDS) {
    const value = params.get(name)?.trim();
    if (value) out[name] = value;
  }
  return out;
}

/** `?program=…&audience=…`, or '' when no filter is on. */
export function filterQuery(state: FilterState): string {
  const params = new URLSearchParams();
  for (const name of FILTER_FIELDS) if (state[name]) params.set(name, state[name]);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/**
 * The month and term pages' folders (`infosessions/2014/01/`, `infosessions/terms/1141/`), as calendarPaths has them.
 */
const LISTING = new RegExp(`^(?:${calendarPaths.term('\\d+')}|${calendarPaths.month('\\d{4}/\\d{2}')})$`);

/**
 * Whether a link to this site-relative path carries the active filters: the pages that list
 * sessions or lead to them (the front door, all terms, each term and month, the feeds page).
 */
export function keepsFilters(sitePath: string): boolean {
  return [sitePaths.home, calendarPaths.home, calendarPaths.feeds].includes(sitePath) || LISTING.test(sitePath);
}

/** `href` with its query replaced by `query` (its fragment kept). */
export function withQuery(href: string, query: string): string {
  const [, path, hash] = /^([^?#]*)(?:\?[^#]*)?(#.*)?$/.exec(href)!;
  return `${path}${query}${hash ?? ''}`;
}
