import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { audienceFacets, countSessions, programFacets, realSessions } from '../calendar.ts';
import type { Session } from '../session.ts';
import { type ProgramLinksView, programLinks } from './program-links.ts';

/** A choice of the filter, with how many sessions choosing it shows. */
export interface FilterChoice {
  slug: string;
  label: string;
  count: number;
}

/**
 * The filter form of a list of sessions (src/components/calendar/FilterForm.astro): program (by
 * faculty, every program of the catalog with the sessions open to it through its faculty too),
 * audience (one tap each), employer; clear, search all terms, "subscribe to exactly this" (its
 * template), and what this device remembers. Hidden without JavaScript; the script (src/scripts/session-filter.ts)
 * shows it, keeps its state in the URL and on the device, and only hides items.
 */
export interface FilterFormView {
  site: string;
  base: string;
  /** Every session of the list, not counting all-day notes. */
  all: number;
  /** The programs by faculty; the faculty's token once per group (`@arts`). */
  groups: { name: string; slug: string; programs: FilterChoice[] }[];
  audiences: FilterChoice[];
  searchHref: string;
  /** What the page offers without JavaScript instead (ProgramLinks.astro). */
  noScript: ProgramLinksView;
}

/**
 * The filter form of `sessions`; without JavaScript, the page links to the feeds page, and with `allPrograms` (the
 * front door) to every program's entry there and its feed.
 */
export function filterForm(
  sessions: readonly Session[],
  ctx: Pick<RenderContext, 'url' | 'basePath'>,
  allPrograms = false,
): FilterFormView {
  const real = realSessions(sessions);
  const counted = new Map(programFacets(real).map((f) => [f.slug, f]));
  const catalog = real[0]?.openTo.catalog.groups() ?? [];
  const groups = catalog.map((g) => ({
    name: g.name,
    slug: g.slug,
    programs: g.programs.map((p) => ({
      slug: p.slug,
      label: p.name,
      count: countSessions(counted.get(p.slug)?.sessions ?? []),
    })),
  }));
  return {
    site: ctx.url,
    base: ctx.basePath,
    all: countSessions(real),
    groups,
    audiences: audienceFacets(real).map((f) => ({ slug: f.slug, label: f.label, count: countSessions(f.sessions) })),
    searchHref: withBase(ctx.basePath, calendarPaths.search),
    noScript: programLinks({ groups }, ctx, allPrograms),
  };
}
