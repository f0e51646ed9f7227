import type { Term } from '../records/term.ts';
import type { RenderContext } from '../site/address.ts';
import { calendarPaths } from '../site/paths.ts';
import { audienceFacets, chronological, programFacets, termsWithin, type Facet } from './calendar.ts';
import { calendarFile, sessionEvent } from './ics.ts';
import type { Session } from './session.ts';

/** A calendar feed: where it is published (site-relative) and what it holds. */
export interface Feed {
  path: string;
  name: string;
  description: string;
  sessions: Session[];
}

/**
 * How many of the newest terms with sessions the subscription feeds (all, by audience, by
 * program) hold: two years. A calendar client fetches a whole feed again every few hours, so
 * a feed of a long archive's every session would be megabytes read for nothing (and more
 * than some clients accept); each term keeps a whole feed of its own, each session its .ics.
 */
export const FEED_TERMS = 6;

/** The subscribable feeds, and the terms the windowed ones hold. */
export interface SubscriptionFeeds {
  all: Feed;
  terms: Feed[];
  audiences: Feed[];
  programs: Feed[];
  /** The newest terms with sessions (newest first) that `all`, `audiences` and `programs` hold. */
  window: Term[];
}

/**
 * Every subscribable feed: all sessions, each audience and each program over the newest
 * `FEED_TERMS` terms; each term whole. Every audience and program the data ever named keeps
 * its feed (a subscription never breaks), empty when it has no session in the window.
 */
export function subscriptionFeeds(sessions: readonly Session[]): SubscriptionFeeds {
  const terms = termsWithin(sessions);
  const window = terms.slice(0, FEED_TERMS);
  const windowCodes = new Set(window.map((t) => t.term.code));
  const recent = chronological(sessions).filter((s) => windowCodes.has(s.term.code));
  const windowed = (all: Facet[], inWindow: Facet[]) => {
    const held = new Map(inWindow.map((f) => [f.slug, f.sessions]));
    return all.map((f) => ({ ...f, sessions: held.get(f.slug) ?? [] }));
  };
  return {
    all: { path: calendarPaths.allFeed, name: 'Information sessions', description: 'Every employer information session of the newest terms', sessions: recent },
    terms: terms.map((t) => ({ path: calendarPaths.termFeed(t.term.code), name: `Information sessions, ${t.term.label}`, description: `Employer information sessions of ${t.term.label}`, sessions: t.sessions })),
    audiences: windowed(audienceFacets(sessions), audienceFacets(recent)).map((f) => ({ path: calendarPaths.audienceFeed(f.slug), name: `Information sessions for ${f.label}`, description: `Employer information sessions for ${f.label}`, sessions: f.sessions })),
    programs: windowed(programFacets(sessions), programFacets(recent)).map((f) => ({ path: calendarPaths.programFeed(f.slug), name: `Information sessions: ${f.label}`, description: `Employer information sessions for ${f.label}`, sessions: f.sessions })),
    window: window.map((t) => t.term),
  };
}

/**
 * Every .ics file, one at a time (a large archive's feeds do not fit in memory at once): term
 * by term, the term's feed and each of its sessions' own; then the windowed feeds. Each event
 * is rendered once; only the window's events are kept for the feeds that share them.
 */
export function* renderFeedFiles(feeds: SubscriptionFeeds, ctx: Pick<RenderContext, 'url' | 'timestamp'>): Generator<{ path: string; body: string }> {
  const windowCodes = new Set(feeds.window.map((t) => t.code));
  const kept = new Map<string, string>();
  for (const f of feeds.terms) {
    const events = f.sessions.map((s) => sessionEvent(s, ctx));
    yield { path: f.path, body: calendarFile(f.name, f.description, events) };
    for (let i = 0; i < f.sessions.length; i++) {
      const s = f.sessions[i]!;
      yield { path: calendarPaths.sessionFeed(s.id), body: calendarFile(`${s.employer} information session`, `Information session ${s.id}`, [events[i]!]) };
      if (windowCodes.has(s.term.code)) kept.set(s.id, events[i]!);
    }
  }
  for (const f of [feeds.all, ...feeds.audiences, ...feeds.programs]) {
    yield { path: f.path, body: calendarFile(f.name, f.description, f.sessions.map((s) => kept.get(s.id)!)) };
  }
}
