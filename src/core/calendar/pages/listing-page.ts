import type { FeedHeadView } from './feed-links.ts';
import type { MonthBodyView } from './month-page.ts';
import type { TermBodyView } from './term-page.ts';

/**
 * A month or term page of the calendar, as data: where it goes (`infosessions/2014/01/`), its
 * title and summary, its feed for the head, and its body's view (src/components/calendar/).
 */
export type ListingPage = { path: string; title: string; summary: string; head: FeedHeadView | undefined } & (
  | { kind: 'month'; body: MonthBodyView }
  | { kind: 'term'; body: TermBodyView }
);
