import { html, type SafeHtml } from '../render/html.ts';
import { rowCount, type TablePageInput, tableHeading, tablePageBody } from './browse-page.ts';
import { pageCount } from './browse-query.ts';

/** What fills the shell for one page of a table's list: its title, its summary, no extra head, its body. */
export interface TablePageParts {
  title: string;
  summary: string;
  head: SafeHtml;
  body: SafeHtml;
}

/** One page of a table's list, ready for the data shell. */
export function tablePageParts(input: TablePageInput): TablePageParts {
  const heading = tableHeading(input);
  const pages = pageCount(input.table.rows.length);
  const page = pages > 1 ? `, page ${input.page} of ${pages}` : '';
  return {
    title: `${heading}${input.page > 1 ? `, page ${input.page}` : ''}`,
    summary: `The ${rowCount(input.table.rows.length)} of the data set ${heading}${page}: search, filter, sort them.`,
    head: html``,
    body: tablePageBody(input),
  };
}
