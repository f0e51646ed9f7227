import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { programAnchor } from '../finder.ts';
import type { FilterFormView } from './filter-form.ts';

/** A program as a page without JavaScript offers it: its entry on the feeds page, and its feed. */
export interface ProgramLinkView {
  label: string;
  /** Its entry on the feeds page (`/infosessions/feeds/#program-computer-science`): its count, how to subscribe. */
  href: string;
  /** Its calendar feed (`/infosessions/programs/computer-science.ics`). */
  feed: string;
}

/**
 * What a page with the program filter offers without JavaScript, where the filter cannot work
 * (src/components/calendar/ProgramLinks.astro): the feeds page, and on the front door every program, by faculty.
 */
export interface ProgramLinksView {
  feedsHref: string;
  /** Every program by faculty (the front door); empty where the page only links to the feeds page. */
  groups: { name: string; programs: ProgramLinkView[] }[];
}

/** The programs of a filter's view as links, by faculty; `all` false for the feeds page's link alone. */
export function programLinks(
  form: Pick<FilterFormView, 'groups'>,
  ctx: Pick<RenderContext, 'basePath'>,
  all: boolean,
): ProgramLinksView {
  const feedsHref = withBase(ctx.basePath, calendarPaths.feeds);
  const groups = all
    ? form.groups.map((g) => ({
        name: g.name,
        programs: g.programs.map((p) => ({
          label: p.label,
          href: `${feedsHref}#${programAnchor(p.slug)}`,
          feed: withBase(ctx.basePath, calendarPaths.programFeed(p.slug)),
        })),
      }))
    : [];
  return { feedsHref, groups };
}
