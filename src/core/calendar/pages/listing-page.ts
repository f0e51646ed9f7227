import type { ShellParts } from './page-shell.ts';

/** A page of the calendar filled into the listing shell: where it goes and what fills it. */
export interface ListingPage extends ShellParts {
  /** Site-relative folder of the page: `infosessions/2014/01/`. */
  path: string;
}
