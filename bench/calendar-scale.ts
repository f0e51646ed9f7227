// The guard on the calendar stage's cost per session: how much each page reads of the sessions,
// counted (not timed), at two sizes ten times apart. A page of a larger archive reads as much
// as one of a smaller; a change that makes each page read something that grows with the
// archive (a scan of every session, a lookup made again per page) reads about ten times more
// per page at the larger size, and the guard fails. The bench prints it with the CPU per page
// (in this process, off the disk: the disk's swings are the build cases' business).
import { hash } from 'node:crypto';
import { buildingLookup } from '../src/core/buildings/location.ts';
import { parseShell } from '../src/core/calendar/pages/page-shell.ts';
import type { Session } from '../src/core/calendar/session.ts';
import { listingPageParts, listingShell, sessionPageParts, sessionShell } from '../src/integrations/page-components.ts';
import { type BuildContext, type BuildSettings, createBuildContext } from '../src/pipeline/context.ts';
import { filledCalendarPages } from '../src/pipeline/digested-files.ts';
import { inputDigests } from '../src/pipeline/input-digests.ts';
import { round } from './measure.ts';

/** The calendar stage's cost at one size. */
export interface CalendarCost {
  sessions: number;
  pages: number;
  bytes: number;
  /** Reads of a session's fields (or of the session list's items) while the pages were made, per page. */
  reads_per_page: number;
  /** CPU seconds of the stage's work (the least of the repetitions), and per page in microseconds. */
  cpu_s: number;
  us_per_page: number;
}

/** What the guard found: the cost at each size, and the larger size's reads per page over the smaller's. */
export interface CalendarScale {
  small: CalendarCost;
  large: CalendarCost;
  ratio: number;
  limit: number;
  ok: boolean;
}

/**
 * How much more a page may read at ten times the sessions before the guard fails (an O(n) scan per page reads about 10
 * times more).
 */
export const SCALE_LIMIT = 1.5;

/** A shell of a real shell's size (about 2 KB around its markers), so filling it costs what a build's does. */
const SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>@@PAGE_TITLE@@</title>' +
  '<meta name="description" content="@@PAGE_SUMMARY@@">@@PAGE_HEAD@@' +
  `${'<link rel="stylesheet" href="/_astro/x.css">'.repeat(12)}</head>` +
  `<body><header>${'<a href="/">campus</a>'.repeat(30)}</header><main>@@PAGE_BODY@@</main>` +
  `<footer>${'<p>footer</p>'.repeat(40)}</footer></body></html>`;

/**
 * The stage's work for every page, as a cold build does it but for the disk: digest, text filled into its shell,
 * content hash.
 */
/** The session page's components, as the build renders them. */
const parts = await sessionPageParts();
const listingParts = await listingPageParts();

function makePages(context: BuildContext): { pages: number; bytes: number } {
  const shells = {
    listing: listingShell(parseShell(SHELL), listingParts),
    session: sessionShell(parseShell(SHELL), parts),
  };
  const buildings = buildingLookup(context.buildings);
  const digests = inputDigests(context, 'calendar-scale', buildings);
  let pages = 0;
  let bytes = 0;
  for (const f of filledCalendarPages(context, shells, digests, buildings)) {
    const body = (f.body as () => string)();
    hash('sha1', body, 'base64url');
    pages += 1;
    bytes += body.length;
  }
  return { pages, bytes };
}

/** The context with its sessions (and their list) counting every read of their fields and items into `count`. */
function counting(context: BuildContext, count: { reads: number }): BuildContext {
  const session: ProxyHandler<Session> = {
    get(target, key, receiver) {
      count.reads += 1;
      return Reflect.get(target, key, receiver);
    },
  };
  const sessions = new Proxy(
    context.sessions.map((s) => new Proxy(s, session)),
    {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) count.reads += 1;
        return Reflect.get(target, key, receiver);
      },
    },
  );
  return { ...context, sessions };
}

/**
 * The calendar stage's reads per page (counted once) and CPU (the least of `reps` runs after one not counted) for a
 * data folder.
 */
export function calendarCost(root: string, settings: BuildSettings, sessions: number, reps = 3): CalendarCost {
  const context = createBuildContext(root, settings);
  const count = { reads: 0 };
  const { pages, bytes } = makePages(counting(context, count));
  let best = Infinity;
  for (let rep = 0; rep <= reps; rep++) {
    const started = process.cpuUsage();
    makePages(context);
    const used = process.cpuUsage(started);
    if (rep > 0) best = Math.min(best, (used.user + used.system) / 1e6);
  }
  return {
    sessions,
    pages,
    bytes,
    reads_per_page: Math.round((count.reads / pages) * 10) / 10,
    cpu_s: round(best),
    us_per_page: Math.round((best / pages) * 1e7) / 10,
  };
}

/** The guard's verdict: the larger size's reads per page over the smaller's, within the limit or not. */
export function scaleVerdict(small: CalendarCost, large: CalendarCost, limit = SCALE_LIMIT): CalendarScale {
  const ratio = Math.round((large.reads_per_page / small.reads_per_page) * 100) / 100;
  return { small, large, ratio, limit, ok: ratio <= limit };
}
