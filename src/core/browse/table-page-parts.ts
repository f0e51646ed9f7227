import { rowCount, type TableBodyView, type TablePageInput, tableBodyView, tableHeading } from './browse-page.ts';
import { pageCount } from './browse-query.ts';

/** One page of a table's list as the data shell takes it: its title, its summary and its body's view. */
export interface TablePageView {
  title: string;
  summary: string;
  body: TableBodyView;
}

/** One page of a table's list, ready for the data shell (or, under `astro dev`, its page component). */
export function tablePageView(input: TablePageInput): TablePageView {
  const heading = tableHeading(input);
  const pages = pageCount(input.table.rows.length);
  const page = pages > 1 ? `, page ${input.page} of ${pages}` : '';
  return {
    title: `${heading}${input.page > 1 ? `, page ${input.page}` : ''}`,
    summary: `The ${rowCount(input.table.rows.length)} of the data set ${heading}${page}: search, filter, sort them.`,
    body: tableBodyView(input),
  };
}
