import { chunkFile } from '../core/browse/browse-chunks.ts';
import { type BrowseData, rowFile } from '../core/browse/browse-data.ts';
import {
  aheadFile,
  type BrowseFileSpec,
  rowsSourceFile,
  specQuery,
  valuePageFile,
} from '../core/browse/browse-first-file.ts';
import type { BrowseFirstPage } from '../core/browse/browse-first-pages.ts';
import {
  type BrowseQuery,
  facetCounts,
  facetName,
  matchingRows,
  PAGE_SIZE,
  pageCount,
  pageRows,
  queryString,
  sortedRows,
} from '../core/browse/browse-query.ts';
import { type BrowseShardData, type FacetTotals, facetsFile } from '../core/browse/browse-shards.ts';
import { rowCount, thousands } from '../core/browse/row-count.ts';
import type { BrowseFacet } from '../core/records/browse-spec.ts';
import { loadAhead } from './data-browse-ahead.ts';
import { load, pickedRows } from './data-browse-rows.ts';
import { holdAhead, loadedTable, loadTable } from './data-browse-table.ts';

/** The parts of a table's page the script reads and fills, and where its view stands. */
interface BrowseView {
  root: HTMLElement;
  form: HTMLFormElement;
  status: HTMLElement;
  range: HTMLElement;
  rows: HTMLElement;
  pager: HTMLElement;
  /** The table as its page knows it before any rows are in: the names an address may use, and its files'. */
  spec: BrowseFileSpec;
  /** Counts the addresses shown, so that a later one wins over an earlier one still loading. */
  turn: number;
  /** Whether the rows are still the ones the build rendered. */
  rendered: boolean;
  /** The turn whose first rows are shown already, before all its rows are in. */
  painted: number;
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
  const spec = { rows: root.dataset.browse!, chunks: Number(root.dataset.chunks ?? '1'), ...formNames(form) };
  return { root, form, status, range, rows, pager, spec, turn: 0, rendered: true, painted: 0 };
}

/** An element with text (never markup: the data's text stays text). */
function el(tag: string, text = '', attrs: Record<string, string> = {}): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  return node;
}

/** The class of a short column's heads and cells, as the built page gives it (TableBody.astro). */
const SHORT_CLASS = 'short-value';

/** The page's rows, as the view shows them: cells labelled by column (a short one's kept on one line), and the row's
 * API file. */
function fillRows(view: BrowseView, data: BrowseData): void {
  const withLinks = view.root.querySelector('th:last-child')?.textContent === 'API file';
  const short = [...view.root.querySelectorAll('thead th')].map((th) => th.classList.contains(SHORT_CLASS));
  const cell = (c: string | null, j: number) =>
    el('td', c ?? '', { 'data-label': data.columns[j]!, ...(short[j] ? { class: SHORT_CLASS } : {}) });
  const trs = data.rows.map((_, i) => {
    const tr = el('tr');
    tr.append(...data.rows[i]!.map(cell));
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

/**
 * The pager of the view: previous and next pages of the same view, and where it stands (without the last page while
 * the view's rows are still counted, and then without a next page).
 */
function fillPager(view: BrowseView, query: BrowseQuery, last: number | undefined): void {
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
    cell('up', el('span', last === undefined ? `Page ${query.page}` : `Page ${query.page} of ${last}`)),
    cell('next', last !== undefined && query.page < last ? link(query.page + 1, 'next', 'Next →') : undefined),
  );
}

/** A facet's choices: each value with its rows in the view (null: not known from the rows at hand). */
type Choices = [value: string, rows: number | null][];

/**
 * A facet's choices in a view of the rows at hand. A shard holds one value of its facet, so that facet's choices are
 * its totals over the whole table: with their counts when the view has no other filter nor search, else without.
 */
function choicesOf(data: BrowseData | BrowseShardData, query: BrowseQuery, facet: BrowseFacet): Choices {
  const name = facetName(facet);
  if (!('shard' in data) || data.shard.name !== name) return facetCounts(data, query, facet);
  const alone = query.search === '' && query.filters.every(([n]) => n === name);
  return data.totals.map(([value, n]) => [value, alone ? n : null]);
}

/** Fills a facet's select with its choices, the chosen value kept even when no row holds it. */
function fillSelect(select: HTMLSelectElement, choices: Choices, chosen: string): void {
  if (chosen && !choices.some(([v]) => v === chosen)) choices.unshift([chosen, 0]);
  const label = (value: string, n: number | null) => (n === null ? value : `${value} (${thousands(n)})`);
  const options = choices.map(([value, n]) => el('option', label(value, n), { value }));
  select.replaceChildren(el('option', 'any', { value: '' }), ...options);
  select.value = chosen;
}

/** The form as the view asks: its search, each facet's values with their counts, its sort. */
function fillForm(view: BrowseView, data: BrowseData, query: BrowseQuery): void {
  const field = (name: string) => view.form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
  field('_search').value = query.search;
  for (const facet of data.facets) {
    const name = facetName(facet);
    const chosen = query.filters.find(([n]) => n === name)?.[1] ?? '';
    fillSelect(field(name) as HTMLSelectElement, choicesOf(data, query, facet), chosen);
  }
  field('_sort').value = query.sort?.column ?? '';
  field('_order').value = query.sort?.desc ? 'desc' : '';
}

/**
 * Shows one page of a view: its rows (all of `data`'s), where they stand among the view's (`count`: the view's rows;
 * undefined while they are still counted, shown as at least the rows so far) and the pager.
 */
function fillPage(view: BrowseView, data: BrowseData, query: BrowseQuery, count?: number): void {
  const first = (query.page - 1) * PAGE_SIZE + 1;
  const last = first + data.rows.length - 1;
  const total = count === undefined ? `at least ${rowCount(last)}` : rowCount(count);
  view.range.textContent = data.rows.length ? `Rows ${first}–${last} of ${total}` : 'No row matches.';
  fillRows(view, data);
  fillPager(view, query, count === undefined ? undefined : pageCount(count));
}

/** Shows the view the address asks for, from the rows at hand: its rows, the count, the pager and the form. */
function show(view: BrowseView, data: BrowseData, asked: BrowseQuery): void {
  const all = sortedRows(data, matchingRows(data, asked), asked);
  const { page, rows } = pageRows(all, asked.page);
  const query = { ...asked, page };
  fillForm(view, data, query);
  view.status.textContent = `${rowCount(all.length)} match.`;
  fillPage(view, pickedRows(rows.map((i) => [data, i] as const)), query, all.length);
  view.rows.removeAttribute('data-browse-first');
  view.rows.removeAttribute('aria-busy');
}

/** The view the form asks for, as a query string. */
function formQuery(view: BrowseView): string {
  const form = new FormData(view.form);
  const params = new URLSearchParams();
  for (const [name, value] of form) {
    if (typeof value === 'string' && value !== '' && !name.startsWith('_')) params.append(name, value);
  }
  const query = specQuery(view.spec, params.toString());
  const search = String(form.get('_search') ?? '').trim();
  const column = String(form.get('_sort') ?? '');
  const sort = column ? { column, desc: form.get('_order') === 'desc' } : undefined;
  return queryString({ ...query, search, ...(sort ? { sort } : {}), page: 1 });
}

/** Turns the form's controls off while its choices load (shown at once: nothing moves when they come). */
function formBusy(view: BrowseView, busy: boolean): void {
  for (const control of view.form.elements) (control as HTMLInputElement).disabled = busy;
  if (busy) view.status.textContent = 'Loading the rows to filter…';
}

/**
 * The rows a view needs: the shard of the value it filters its table's first facet by (a small file), else the
 * whole table's chunks (a search or a sort over every row), `onChunk` told of each as they come in order; the
 * chunks too when the shard is missing.
 */
function rowsFor(view: BrowseView, query: BrowseQuery, onChunk: (chunk: BrowseData) => void): Promise<BrowseData> {
  const table = () => loadTable(view.spec.rows, view.spec.chunks, onChunk);
  const source = rowsSourceFile(view.spec, query);
  return source === chunkFile(view.spec.rows, 0) ? table() : load<BrowseData>(source).catch(table);
}

/**
 * Shows a view's page of rows before all its rows are in: the page, and the view's row count when known, else
 * how many rows match so far (the last page, and so the next page's link, waits for the count).
 */
function paintEarly(view: BrowseView, page: BrowseData, query: BrowseQuery, count?: number) {
  fillPage(view, page, query, count);
  view.status.textContent = 'Loading the rest of the rows to filter…';
  // Still busy (aria-busy) until all the view's rows are in; marked as showing its first ones meanwhile.
  view.rows.setAttribute('data-browse-first', '');
}

/**
 * Paints a view's page from a first page made ahead, unless another view was asked for or painted meanwhile: the
 * view's own first page (`exact`) as it is; any view of the file's rows when it holds all of them (a value's first
 * page of no more than a page of rows), filtered, sorted and paged here.
 */
function paintFirstPage(view: BrowseView, turn: number, query: BrowseQuery, file: BrowseFirstPage, exact: boolean) {
  if (turn !== view.turn || view.painted === turn) return;
  if (file.count === file.rows.length) {
    const all = sortedRows(file, matchingRows(file, query), query);
    const { page, rows } = pageRows(all, query.page);
    paintEarly(view, pickedRows(rows.map((i) => [file, i] as const)), { ...query, page }, all.length);
  } else if (exact && file.rows.length > 0) paintEarly(view, file, query, file.count);
  else return;
  view.painted = turn;
}

/**
 * A painter of a view's page from the table's chunks as they come, in order (a view with no sort only): it shows
 * the page's rows found so far, until the page is full.
 */
function chunkPainter(view: BrowseView, turn: number, query: BrowseQuery): (chunk: BrowseData) => void {
  const found: [BrowseData, number][] = [];
  const start = (query.page - 1) * PAGE_SIZE;
  return (chunk) => {
    if (turn !== view.turn || view.painted === turn || query.sort) return;
    for (const i of matchingRows(chunk, query)) found.push([chunk, i]);
    const page = found.slice(start, start + PAGE_SIZE);
    if (page.length === 0) return;
    paintEarly(view, pickedRows(page), query);
    if (page.length === PAGE_SIZE) view.painted = turn;
  };
}

/** The unfiltered page as the build made it: the form's choices from the facets' totals, the rows left as they are. */
function showUnfiltered(view: BrowseView): Promise<void> {
  return load<{ totals: FacetTotals }>(facetsFile(view.spec.rows)).then(({ totals }) => {
    for (const [name, counts] of totals) {
      fillSelect(view.form.elements.namedItem(name) as HTMLSelectElement, [...counts], '');
    }
    view.status.textContent = '';
  });
}

/** Shows the view the address asks for, once its rows are at hand (a later address wins over an earlier one). */
function showAddress(view: BrowseView): Promise<void> {
  const asked = specQuery(view.spec, location.search);
  const turn = ++view.turn;
  // A page of the pre-rendered list, asked for no view: shown as it is.
  if (location.search === '' && view.rendered) return showUnfiltered(view);
  // All the table's rows in already (loaded ahead, or for an earlier view): the view is made here at once.
  const whole = loadedTable(view.spec.rows);
  if (whole) {
    view.painted = turn;
    show(view, whole, asked);
    return Promise.resolve();
  }
  view.rows.setAttribute('aria-busy', 'true');
  view.rows.removeAttribute('data-browse-first');
  const ahead = aheadFile(view.spec, asked);
  const value = ahead ? undefined : valuePageFile(view.spec, asked);
  const early = ahead ?? value;
  // A table loading ahead waits while a file of the view's own comes (its first page, or its shard).
  const own = early !== undefined || rowsSourceFile(view.spec, asked) !== chunkFile(view.spec.rows, 0);
  const release = own ? holdAhead() : () => {};
  const first = early ? load<BrowseFirstPage>(early).then((f) => paintFirstPage(view, turn, asked, f, !value)) : null;
  const quiet = (first ?? Promise.resolve()).catch(() => undefined);
  // The view's first file is small: the rest of its rows wait for it, so that it comes as soon as it can.
  const rows = quiet.then(() => rowsFor(view, asked, chunkPainter(view, turn, asked)));
  const shown = Promise.all([rows, quiet]).then(([data]) => {
    if (turn !== view.turn) return;
    view.painted = turn;
    show(view, data, asked);
  });
  (first ? quiet : shown).then(release, release);
  return shown;
}

/**
 * The view's address of a link of the build's pager (`<folder>page/3/`): the same page of the unfiltered list as a
 * view (`<folder>?_page=3`), shown in place.
 */
function pagerAddress(view: BrowseView, href: string): string {
  const folder = view.root.dataset.folder!;
  const n = new URL(href, location.href).pathname.slice(folder.length).match(/^page\/(\d+)\/$/)?.[1];
  return n ? `${folder}?${queryString({ filters: [], search: '', page: Number(n) })}` : folder;
}

/** The names a view's address may use (the form's facets; its sort's columns), known before any rows are. */
function formNames(form: HTMLFormElement): Pick<BrowseFileSpec, 'columns' | 'facets'> {
  const facets = [...form.querySelectorAll('select')].map((s) => s.name).filter((n) => !n.startsWith('_'));
  const columns = [...form.querySelectorAll<HTMLOptionElement>('select[name="_sort"] option')].map((o) => o.value);
  return { columns: columns.filter(Boolean), facets };
}

/**
 * A data set's table page. The build renders the unfiltered list; the script offers the facets' choices from their
 * totals, and shows a view the address asks for (`?subject=CS&_sort=date&_page=2`) from its shard when it filters
 * by the table's first facet, else from the table's compact file, keeping every choice in the address. Without
 * JavaScript the form stays hidden and the page is one page of the pre-rendered list.
 */
export function attachDataBrowser(): void {
  const view = findView();
  if (!view) return;
  view.form.hidden = false;
  formBusy(view, true);
  const failed = () => {
    // Laid out from the first paint (site.css, html.js): without its rows the form goes, not just hides.
    view.form.remove();
    view.rows.removeAttribute('aria-busy');
    view.range.textContent = 'The rows could not be loaded to filter; the list below is one page of the whole table.';
  };
  const go = (url: string) => {
    history.pushState(null, '', url);
    view.rendered = false;
    showAddress(view).catch(failed);
  };
  showAddress(view)
    .then(() => {
      formBusy(view, false);
      loadAhead(view.spec);
    })
    .catch(failed);
  view.form.addEventListener('submit', (e) => {
    e.preventDefault();
    const qs = formQuery(view);
    go(qs ? `${view.root.dataset.folder}?${qs}` : view.root.dataset.folder!);
  });
  view.form.addEventListener('change', (e) => {
    if ((e.target as Element).tagName === 'SELECT') view.form.requestSubmit();
  });
  view.pager.addEventListener('click', (e) => {
    const a = (e.target as Element).closest<HTMLAnchorElement>('a[href]');
    if (!a || !view.form.isConnected) return;
    e.preventDefault();
    go(a.hasAttribute('data-browse-link') ? a.href : pagerAddress(view, a.href));
  });
  addEventListener('popstate', () => showAddress(view).catch(failed));
}
