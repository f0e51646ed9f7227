import type { Term } from '../records/term.ts';
import type { OutputSpec, TextFile } from '../render/output.ts';
import type { RenderContext } from '../site/address.ts';
import { calendarPaths } from '../site/paths.ts';
import type { AudienceCatalog } from './audiences.ts';
import { audienceFacets, chronological, termsWithin } from './calendar.ts';
import { calendarFile, sessionEvent, sessionZone } from './ics.ts';
import { isOpenTo, type Program, type ProgramCatalog, type ProgramGroup } from './programs.ts';
import type { Session } from './session.ts';
import { sessionCalendarName, sessionSummary } from './session-wording.ts';

/** A calendar feed: where it is published (site-relative) and what it holds. */
export interface Feed {
  path: string;
  name: string;
  description: string;
  sessions: Session[];
}

/** A program's feed, and its feed for each audience (program and audience together). */
export interface ProgramFeed extends Feed {
  program: Program;
  byAudience: Feed[];
}

/** A faculty's feed (sessions open to any of its programs) and its programs' feeds: how the feeds page groups them. */
export interface FacultyFeeds extends Feed {
  group: ProgramGroup;
  programs: ProgramFeed[];
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
  /** Each audience's feed (data/audiences/): the sessions open to it. */
  audiences: (Feed & { slug: string; label: string })[];
  /**
   * The feeds audience labels had before audiences were data, where a label is no audience of
   * its own (`audiences/co-op-and-graduating-students.ics`, `audiences/students.ics`): each
   * holds what its name says, the sessions open to every audience the label names.
   */
  audienceLabels: (Feed & { slug: string; label: string })[];
  /** Every canonical program's feed, by faculty. */
  faculties: FacultyFeeds[];
  /** The sessions open to every program (labels like `ALL - All`). */
  everyProgram: Feed;
  /** Every program's feed (the faculties' programs, in order). */
  programs: ProgramFeed[];
  /**
   * The feeds programs had before they were canonical (`programs/math-computer-science.ics`,
   * `programs/all-math-faculty.ics`): each raw label's file, the same bytes as the feed it
   * now means, so no old subscription breaks.
   */
  aliases: { path: string; target: string }[];
  /** The newest terms with sessions (newest first) that `all`, `audiences` and `programs` hold. */
  window: Term[];
}

/**
 * Every subscribable feed: all sessions, each audience, each faculty, each canonical program
 * (with the sessions open to its whole faculty or to every program) and each program for each
 * audience, over the newest `FEED_TERMS` terms; each term whole. An audience's feed holds the
 * sessions open to it (data/audiences/), a label's old feed those open to every audience it
 * names. Every audience, audience label and program the data or the lists ever named keeps
 * its feed (a subscription never breaks), empty when it has no session in the window.
 * All-day notes (holidays) are in the feeds of all sessions and of terms only.
 */
export function subscriptionFeeds(
  sessions: readonly Session[],
  catalog: ProgramCatalog,
  audienceList: AudienceCatalog,
): SubscriptionFeeds {
  const terms = termsWithin(sessions);
  const window = terms.slice(0, FEED_TERMS);
  const windowCodes = new Set(window.map((t) => t.term.code));
  const recent = chronological(sessions).filter((s) => windowCodes.has(s.term.code));
  const events = recent.filter((s) => !s.allDay);
  const held = new Map(audienceFacets(events).map((f) => [f.slug, f.sessions]));
  const audiences = audienceList.list.map((a) => ({
    slug: a.slug,
    label: a.name,
    path: calendarPaths.audienceFeed(a.slug),
    name: `Information sessions for ${a.name}`,
    description: `Employer information sessions open to ${a.name}`,
    sessions: held.get(a.slug) ?? [],
  }));
  const own = new Set(audiences.map((a) => a.slug));
  const audienceLabels = [...audienceList.labels()]
    .filter(([slug]) => !own.has(slug))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([slug, reach]) => ({
      slug,
      label: reach.label,
      path: calendarPaths.audienceFeed(slug),
      name: `Information sessions for ${reach.label}`,
      description: `Employer information sessions open to ${reach.label}`,
      sessions: events.filter((s) => reach.audiences.every((a) => s.audiences.includes(a))),
    }));
  const programFeed = (program: Program): ProgramFeed => {
    const open = events.filter((s) => isOpenTo(s.openTo, program));
    const forAudience = new Set(open);
    return {
      program,
      path: calendarPaths.programFeed(program.slug),
      name: `Information sessions: ${program.name}`,
      description: `Employer information sessions open to ${program.name}`,
      sessions: open,
      byAudience: [...audiences, ...audienceLabels].map((a) => ({
        path: calendarPaths.programAudienceFeed(program.slug, a.slug),
        name: `Information sessions: ${program.name}, ${a.label}`,
        description: `Employer information sessions open to ${program.name}, for ${a.label}`,
        sessions: a.sessions.filter((s) => forAudience.has(s)),
      })),
    };
  };
  const faculties = catalog.groups().map((group) => {
    const programs = group.programs.map(programFeed);
    const inGroup = new Set(programs.flatMap((p) => p.sessions));
    return {
      group,
      programs,
      path: calendarPaths.facultyFeed(group.slug),
      name: `Information sessions: ${group.fullName}`,
      description: `Employer information sessions open to programs of ${group.fullName}`,
      sessions: events.filter((s) => inGroup.has(s)),
    };
  });
  const everyOpen = events.filter((s) => s.openTo.groups.some((g) => g.slug === catalog.every.slug));
  const everyFeed = {
    path: calendarPaths.facultyFeed(catalog.every.slug),
    name: 'Information sessions open to every program',
    description: 'Employer information sessions open to every program',
    sessions: everyOpen,
  };
  const programs = faculties.flatMap((f) => f.programs);
  return {
    all: {
      path: calendarPaths.allFeed,
      name: 'Information sessions',
      description: 'Every employer information session of the newest terms',
      sessions: recent,
    },
    terms: terms.map((t) => ({
      path: calendarPaths.termFeed(t.term.code),
      name: `Information sessions, ${t.term.label}`,
      description: `Employer information sessions of ${t.term.label}`,
      sessions: t.sessions,
    })),
    audiences,
    audienceLabels,
    faculties,
    everyProgram: everyFeed,
    programs,
    aliases: labelAliases(catalog, new Set(programs.map((p) => p.path))),
    window: window.map((t) => t.term),
  };
}

/**
 * The old feed path of every raw label, with the feed it now means (labels whose slug is that feed's own are left out).
 */
function labelAliases(catalog: ProgramCatalog, canonical: ReadonlySet<string>): { path: string; target: string }[] {
  const out: { path: string; target: string }[] = [];
  for (const [slug, reach] of catalog.labels()) {
    const path = calendarPaths.programFeed(slug);
    const target = reach.direct[0]
      ? calendarPaths.programFeed(reach.direct[0].slug)
      : calendarPaths.facultyFeed(reach.groups[0]!.slug);
    if (path !== target && !canonical.has(path)) out.push({ path, target });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}

/**
 * Every .ics file, one at a time, each made when asked (a large archive's feeds do not fit in
 * memory at once): term by term, the term's feed and each of its sessions' own; then the
 * windowed feeds, then the old program feeds as copies of what they now mean. A feed is made
 * from its name, description, sessions, the context and the time zone's span, and from nothing else.
 * Each event is rendered once per term; only the window's events are kept for the feeds that share them.
 */
export function* feedFiles(
  feeds: SubscriptionFeeds,
  ctx: Pick<RenderContext, 'url' | 'timestamp'>,
  revisions?: ReadonlyMap<Session, number>,
): Generator<OutputSpec> {
  let from = Infinity;
  let to = -Infinity;
  let everyRevised = true;
  for (const f of feeds.terms)
    for (const s of f.sessions) {
      [from, to] = [Math.min(from, s.date.year), Math.max(to, s.date.year)];
      if (!revisions?.has(s)) everyRevised = false;
    }
  // The zone's lines are made from its span of years alone: a feed is made from the span, not from every line.
  const span = from <= to ? [from, to] : [2000, 2000];
  const zone = sessionZone(span[0]!, span[1]!);
  // Exactly what an event reads of the context: what a feed is made from names nothing else. When every session
  // has its own time, the build's is not read (a session's time is named with the session: build.ts).
  const at = { url: ctx.url, timestamp: everyRevised ? null : ctx.timestamp };
  const windowCodes = new Set(feeds.window.map((t) => t.code));
  const kept = new Map<Session, string>();
  let term = new Map<Session, string>();
  const event = (s: Session): string => {
    let e = kept.get(s) ?? term.get(s);
    if (e === undefined)
      (windowCodes.has(s.term.code) ? kept : term).set(s, (e = sessionEvent(s, at, revisions?.get(s))));
    return e;
  };
  const file = (path: string, name: string, description: string, sessions: readonly Session[]): OutputSpec => ({
    path,
    from: [name, description, sessions, at, span],
    body: () => calendarFile(name, description, sessions.map(event), zone),
  });
  for (const f of feeds.terms) {
    term = new Map();
    yield file(f.path, f.name, f.description, f.sessions);
    for (const s of f.sessions) {
      yield file(calendarPaths.sessionFeed(s.id), sessionCalendarName(s), sessionSummary(s), [s]);
    }
  }
  const targets = new Map(feeds.aliases.map((a) => [a.target, undefined as OutputSpec | undefined]));
  const windowed = [
    feeds.all,
    feeds.everyProgram,
    ...feeds.audiences,
    ...feeds.audienceLabels,
    ...feeds.faculties,
    ...feeds.programs.flatMap((p) => [p, ...p.byAudience]),
  ];
  for (const f of windowed) {
    const feed = file(f.path, f.name, f.description, f.sessions);
    if (targets.has(f.path)) {
      // An old program feed has the same bytes: made once for both.
      const make = feed.body;
      let body: string | undefined;
      feed.body = () => (body ??= make());
      targets.set(f.path, feed);
    }
    yield feed;
  }
  for (const a of feeds.aliases) yield { ...targets.get(a.target)!, path: a.path };
}

/** Every .ics file, one at a time, made (see feedFiles). */
export function* renderFeedFiles(
  feeds: SubscriptionFeeds,
  ctx: Pick<RenderContext, 'url' | 'timestamp'>,
): Generator<TextFile> {
  for (const f of feedFiles(feeds, ctx)) yield { path: f.path, body: f.body() };
}
