import { type BrowseData, rowFile } from '../core/browse/browse-data.ts';
import {
  type BrowseQuery,
  facetCounts,
  facetName,
  matchingRows,
  PAGE_SIZE,
  pageCount,
  pageRows,
  queryString,
  readQuery,
  sortedRows,
} from '../core/browse/browse-query.ts';

/** The parts of a table's page the script reads and fills. */
interface BrowseView {
  root: HTMLElement;
  form: HTMLFormElement;
  status: HTMLElement;
  range: HTMLElement;
  rows: HTMLElement;
  pager: HTMLElement;
}

/** The parts of the table's page, or undefined on any other page. */
function findView(): BrowseView | undefined {
  const root = document.querySelector<HTMLElement>('[data-browse]');
  const form = root?.querySelector<HTMLFormElement>('form[data-browse-form]');
  const status = root?.querySelector<HTMLElement>('[data-browse-status]');
  const range = root?.querySelector<HTMLElement>('[data-browse-range]');
  const rows = root?.querySelector<HTMLElement>('[data-browse-rows]');
  const pager = root?.querySelector<HTMLElement>('[data-browse-pager]');
  if (!root || !form || !status || !range || !rows || !pager) return undefined;
  return { root, form, status, range, rows, pager };
}

/** An element with text (never markup: the data's text stays text). */
function el(tag: string, text = '', attrs: Record<string, string> = {}): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The page's rows, as the view shows them: cells labelled by column, and the row's API file. */
function fillRows(view: BrowseView, data: BrowseData, shown: readonly number[]): void {
  const withLinks = view.root.querySelector('th:last-child')?.textContent === 'API file';
  const trs = shown.map((i) => {
    const tr = el('tr');
    tr.append(...data.rows[i]!.map((c, j) => el('td', c ?? '', { 'data-label': data.columns[j]! })));
    if (withLinks) {
      const td = el('td', '', { 'data-label': 'API file' });
      const link = rowFile(data, i);
      if (link) td.append(el('a', link.split('/').pop()!.split('?')[0]!, { href: link }));
      tr.append(td);
    }
    return tr;
  });
  view.rows.replaceChildren(...trs);
}

/** The pager of the view: previous and next pages of the same view, and where it stands. */
function fillPager(view: BrowseView, query: BrowseQuery, last: number): void {
  const folder = view.root.dataset.folder!;
  const link = (n: number, rel: string, text: string) => {
    const qs = queryString({ ...query, page: n });
    return el('a', text, { href: qs ? `${folder}?${qs}` : folder, rel, 'data-browse-link': '' });
  };
  const cell = (className: string, child?: HTMLElement) => {
    const span = el('span', '', className ? { class: className } : {});
    if (child) span.append(child);
    return span;
  };
  view.pager.replaceChildren(
    cell('', query.page > 1 ? link(query.page - 1, 'prev', '← Previous') : undefined),
    cell('up', el('span', `Page ${query.page} of ${last}`)),
    cell('next', query.page < last ? link(query.page + 1, 'next', 'Next →') : undefined),
  );
}

/** The form as the view asks: its search, each facet's values with their counts, its sort. */
function fillForm(view: BrowseView, data: BrowseData, query: BrowseQuery): void {
  const field = (name: string) => view.form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  field('_search').value = query.search;
  for (const facet of data.facets) {
    const name = facetName(facet);
    const chosen = query.filters.find(([n]) => n === name)?.[1] ?? '';
    const counts = facetCounts(data, query, facet);
    if (chosen && !counts.some(([v]) => v === chosen)) counts.unshift([chosen, 0]);
    const options = counts.map(([value, n]) => el('option', `${value} (${n.toLocaleString('en-US')})`, { value }));
    const select = field(name) as HTMLSelectElement;
    select.replaceChildren(el('option', 'any', { value: '' }), ...options);
    select.value = chosen;
  }
  field('_sort').value = query.sort?.column ?? '';
  field('_order').value = query.sort?.desc ? 'desc' : '';
}

/** Shows the view the address asks for: its rows, the count, the pager and the form. */
function show(view: BrowseView, data: BrowseData): void {
  const asked = readQuery(new URLSearchParams(location.search), data);
  const all = sortedRows(data, matchingRows(data, asked), asked);
  const { page, rows } = pageRows(all, asked.page);
  const query = { ...asked, page };
  fillForm(view, data, query);
  const count = `${all.length.toLocaleString('en-US')} row${all.length === 1 ? '' : 's'}`;
  view.status.textContent = `${count} match.`;
  // A page of the pre-rendered list, asked for no view: shown as it is.
  if (location.search === '' && location.pathname !== view.root.dataset.folder) return;
  const first = (page - 1) * PAGE_SIZE + 1;
  view.range.textContent = rows.length ? `Rows ${first}–${first + rows.length - 1} of ${count}` : 'No row matches.';
  fillRows(view, data, rows);
  fillPager(view, query, pageCount(all.length));
  view.rows.removeAttribute('aria-busy');
}

/** The view the form asks for, as a query string. */
function formQuery(view: BrowseView, data: BrowseData): string {
  const form = new FormData(view.form);
  const params = new URLSearchParams();
  for (const [name, value] of form) {
    if (typeof value === 'string' && value !== '' && !name.startsWith('_')) params.append(name, value);
  }
  const query = readQuery(params, data);
  const search = String(form.get('_search') ?? '').trim();
  const column = String(form.get('_sort') ?? '');
  const sort = column ? { column, desc: form.get('_order') === 'desc' } : undefined;
  return queryString({ ...query, search, ...(sort ? { sort } : {}), page: 1 });
}

/** Turns the form's controls off while the table's compact file loads (shown at once: nothing moves when it comes). */
function formBusy(view: BrowseView, busy: boolean): void {
  for (const control of view.form.elements) (control as HTMLInputElement).disabled = busy;
  if (busy) view.status.textContent = 'Loading the rows to filter…';
}

/**
 * A data set's table page: reads the table's compact file, then filters, sorts and pages it as the address asks
 * (`?subject=CS&_sort=date&_page=2`), and keeps every choice in the address. Without JavaScript the form stays
 * hidden and the page is one page of the pre-rendered list.
 */
export function attachDataBrowser(): void {
  const view = findView();
  if (!view) return;
  if (location.search !== '') view.rows.setAttribute('aria-busy', 'true');
  view.form.hidden = false;
  formBusy(view, true);
  const go = (url: string, data: BrowseData) => {
    history.pushState(null, '', url);
    show(view, data);
  };
  fetch(view.root.dataset.browse!)
    .then((r) => r.json() as Promise<BrowseData>)
    .then((data) => {
      formBusy(view, false);
      show(view, data);
      view.form.addEventListener('submit', (e) => {
        e.preventDefault();
        const qs = formQuery(view, data);
        go(qs ? `${view.root.dataset.folder}?${qs}` : view.root.dataset.folder!, data);
      });
      view.form.addEventListener('change', (e) => {
        if ((e.target as Element).tagName === 'SELECT') view.form.requestSubmit();
      });
      view.pager.addEventListener('click', (e) => {
        const a = (e.target as Element).closest<HTMLAnchorElement>('a[data-browse-link]');
        if (!a) return;
        e.preventDefault();
        go(a.href, data);
      });
      addEventListener('popstate', () => show(view, data));
    })
    .catch(() => {
      view.form.hidden = true;
      view.rows.removeAttribute('aria-busy');
      view.range.textContent = 'The rows could not be loaded to filter; the list below is one page of the whole table.';
    });
}
