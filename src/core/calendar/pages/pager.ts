/** A link of a pager: where it goes and what it says. */
export interface PagerLink {
  href: string;
  text: string;
}

/**
 * Previous, up and next as one row of three (src/components/calendar/Pager.astro), and the
 * landmark's name. A page shows it at its top and again at its end, where its name says so.
 */
export interface PagerView {
  label: string;
  prev?: PagerLink | undefined;
  up: PagerLink;
  next?: PagerLink | undefined;
}
