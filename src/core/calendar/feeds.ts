import { audienceFacets, chronological, programFacets, termsWithin } from './calendar.ts';
import { calendarFile, sessionEvent, type FeedContext } from './ics.ts';
import type { Session } from './session.ts';

/** A calendar feed: where it is published (site-relative) and what it holds. */
export interface Feed {
  path: string;
  name: string;
  description: string;
  sessions: Session[];
}

/** Site-relative paths of the calendar's pages and feeds, in one place. */
export const calendarPaths = {
  home: 'infosessions/',
  feeds: 'infosessions/feeds/',
  month: (slug: string) => `infosessions/${slug}/`,
  term: (code: string) => `infosessions/terms/${code}/`,
  session: (id: string) => `infosessions/${id}/`,
  allFeed: 'infosessions.ics',
  termFeed: (code: string) => `infosessions/terms/${code}.ics`,
  sessionFeed: (id: string) => `infosessions/${id}.ics`,
  audienceFeed: (slug: string) => `infosessions/audiences/${slug}.ics`,
  programFeed: (slug: string) => `infosessions/programs/${slug}.ics`,
};

/** Every subscribable feed: all sessions, each term, each audience, each program. */
export function subscriptionFeeds(sessions: readonly Session[]): { all: Feed; terms: Feed[]; audiences: Feed[]; programs: Feed[] } {
  const ordered = chronological(sessions);
  return {
    all: { path: calendarPaths.allFeed, name: 'Information sessions', description: 'Every employer information session', sessions: ordered },
    terms: termsWithin(ordered).map((t) => ({ path: calendarPaths.termFeed(t.term.code), name: `Information sessions, ${t.term.label}`, description: `Employer information sessions of ${t.term.label}`, sessions: t.sessions })),
    audiences: audienceFacets(ordered).map((f) => ({ path: calendarPaths.audienceFeed(f.slug), name: `Information sessions for ${f.label}`, description: `Employer information sessions for ${f.label}`, sessions: f.sessions })),
    programs: programFacets(ordered).map((f) => ({ path: calendarPaths.programFeed(f.slug), name: `Information sessions: ${f.label}`, description: `Employer information sessions for ${f.label}`, sessions: f.sessions })),
  };
}

/**
 * Every .ics file, one at a time (a large archive's feeds do not fit in memory at once): the
 * subscription feeds, then one per session. Each event is rendered once and shared.
 */
export function* renderFeedFiles(sessions: readonly Session[], ctx: FeedContext): Generator<{ path: string; body: string }> {
  const events = new Map(sessions.map((s) => [s.id, sessionEvent(s, ctx)]));
  const feeds = subscriptionFeeds(sessions);
  for (const f of [feeds.all, ...feeds.terms, ...feeds.audiences, ...feeds.programs]) {
    yield { path: f.path, body: calendarFile(f.name, f.description, f.sessions.map((s) => events.get(s.id)!)) };
  }
  for (const s of sessions) {
    yield { path: calendarPaths.sessionFeed(s.id), body: calendarFile(`${s.employer} information session`, `Information session ${s.id}`, [events.get(s.id)!]) };
  }
}
