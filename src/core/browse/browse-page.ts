import type { BrowseFacet } from '../records/browse-spec.ts';
import { html, type SafeHtml } from '../render/html.ts';
import { withBase } from '../site/paths.ts';
import { browsePaths } from './browse-paths.ts';
import { facetName, PAGE_SIZE, pageCount } from './browse-query.ts';
import type { BrowseRow, BrowseTable } from './browse-table.ts';

/** A table of a data set, as the pages name and reach it. */
export interface TableRef {
  set: string;
  table: string;
  /** Its page's folder, site-relative (browsePaths.table). */
  folder: string;
}

/** One page of a table's list: the set's title, its tables (for the chooser), the table, and which page. */
export interface TablePageInput {
  setTitle: string;
  tables: readonly TableRef[];
  at: TableRef;
  table: BrowseTable;
  page: number;
  basePath: string;
  /** Whether the site has the data portal's index (/data/), which the page then links back to. */
  portal: boolean;
}

/** A count in words, with the thousands separated (`19,575 rows`). */
export function rowCount(n: number): string {
  return `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`;
}

/** The page's heading: the set's name, and the table's when the set has several. */
export function tableHeading({ tables, at }: Pick<TablePageInput, 'tables' | 'at'>): string {
  return tables.length > 1 ? `${at.set}: ${at.table}` : at.set;
}

/** The links to the set's tables, the shown one marked, when it has more than one. */
function tableChooser({ tables, at, basePath }: TablePageInput): SafeHtml | false {
  if (tables.length < 2) return false;
  const current = (t: TableRef) => t.table === at.table && html` aria-current="page"`;
  const item = (t: TableRef) => html`<li><a href="${withBase(basePath, t.folder)}"${current(t)}>${t.table}</a></li>`;
  return html`<nav aria-label="Tables of ${at.set}"><ul class="link-list inline">${tables.map(item)}</ul></nav>`;
}

/** The filter form, hidden until the page's script fills its facets and shows it (a static host cannot filter). */
function filterForm(table: BrowseTable): SafeHtml {
  const facet = (f: BrowseFacet) =>
    html`<label>${facetName(f)} <select name="${facetName(f)}"><option value="">any</option></select></label>`;
  const column = (c: string) => html`<option value="${c}">${c}</option>`;
  return html`<form class="filters" data-browse-form hidden role="search" aria-label="Filter the rows">
<label>Search <input type="search" name="_search"></label>${table.facets.map(facet)}
<label>Sort by <select name="_sort"><option value="">record order</option>${table.columns.map(column)}</select></label>
<label>Order <select name="_order"><option value="">ascending</option><option value="desc">descending</option></select>
</label><button type="submit">Show</button>
<p class="filter-status" data-browse-status role="status" aria-live="polite"></p></form>`;
}

/** One row: its cells, each labelled by its column for the phone's stacked layout, and its API file. */
export function rowMarkup(row: BrowseRow, columns: readonly string[], links: boolean): SafeHtml {
  const cells = row.cells.map((c, i) => html`<td data-label="${columns[i]!}">${c ?? ''}</td>`);
  const file = row.link ? html`<a href="${row.link}">${row.link.split('/').pop()!.split('?')[0]!}</a>` : '';
  return html`<tr>${cells}${links ? html`<td data-label="API file">${file}</td>` : ''}</tr>`;
}

/** The previous and next pages' links around where this one stands. */
function pager({ at, page, table, basePath }: TablePageInput): SafeHtml {
  const last = pageCount(table.rows.length);
  const link = (n: number, rel: string, text: string) =>
    html`<a href="${withBase(basePath, browsePaths.page(at.folder, n))}" rel="${rel}">${text}</a>`;
  return html`<nav class="pager" aria-label="Pages" data-browse-pager>
<span>${page > 1 && link(page - 1, 'prev', '← Previous')}</span>
<span class="up">Page ${page} of ${last}</span>
<span class="next">${page < last && link(page + 1, 'next', 'Next →')}</span></nav>`;
}

/** The body of one page of a table's list: what the table is, its filters (with JavaScript), its rows, the pager. */
export function tablePageBody(input: TablePageInput): SafeHtml {
  const { table, at, page, basePath } = input;
  const first = (page - 1) * PAGE_SIZE;
  const shown = table.rows.slice(first, first + PAGE_SIZE);
  const links = table.rows.some((r) => r.link !== undefined);
  const heads = [...table.columns, ...(links ? ['API file'] : [])].map((c) => html`<th scope="col">${c}</th>`);
  const range = shown.length ? `Rows ${first + 1}–${first + shown.length} of ${rowCount(table.rows.length)}` : '';
  const rowsFile = withBase(basePath, browsePaths.rows(at.set, at.table));
  const back = input.portal && html`<p><a href="${withBase(basePath, browsePaths.portal)}">All data sets</a></p>`;
  return html`${back}
<h1>${tableHeading(input)}</h1>
<p class="lead">${input.setTitle}</p>${tableChooser(input)}
<div data-browse="${rowsFile}" data-folder="${withBase(basePath, at.folder)}">
${filterForm(table)}<p data-browse-range>${range || 'This table holds no rows.'}</p>
<div class="table-scroll" role="region" aria-labelledby="browse-caption" tabindex="0">
<table class="stack"><caption id="browse-caption">${tableHeading(input)}, page ${page}</caption>
<thead><tr>${heads}</tr></thead><tbody data-browse-rows>${shown.map((r) => rowMarkup(r, table.columns, links))}</tbody>
</table></div>${pager(input)}</div>`;
}
