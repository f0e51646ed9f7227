import type { Term } from '../records/term.ts';
import type { OutputSpec, TextFile } from '../render/output.ts';
import type { RenderContext } from '../site/address.ts';
import { calendarPaths } from '../site/paths.ts';
import type { AudienceCatalog } from './audiences.ts';
import { audienceFacets, chronological, termsWithin } from './calendar.ts';
import { feedWindow } from './feed-window.ts';
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

/** The subscribable feeds, and the window the windowed ones hold. */
export interface SubscriptionFeeds {
  all: Feed;
  terms: Feed[];
  /** Each audience's feed (data/audiences/): the sessions open to it. */
  audiences: LabelledFeed[];
  /**
   * The feeds audience labels had before audiences were data, where a label is no audience of
   * its own (`audiences/co-op-and-graduating-students.ics`, `audiences/students.ics`): each
   * holds what its name says, the sessions open to every audience the label names.
   */
  audienceLabels: LabelledFeed[];
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
  /** The terms (newest first) that sessions of the window belong to. */
  window: Term[];
  /** What the windowed feeds hold, in words (feed-window.ts): their descriptions end with it. */
  windowWords: string;
  /**
   * The sessions of the newest FRONT_TERMS terms with sessions, in time order: what the front door's lists pick this
   * week and what comes next from by the visitor's clock (infosessions/sessions.json), whatever the build's clock.
   */
  newestTerms: Session[];
}

/** How many of the newest terms the front door's lists hold: two years, whatever the build's clock. */
export const FRONT_TERMS = 6;

/** An audience's or an audience label's feed. */
export type LabelledFeed = Feed & { slug: string; label: string };

/**
 * The names a feed is given (X-WR-CALNAME) hold no comma or semicolon: iCalendar escapes them (`\,`, RFC 5545's
 * TEXT, which X-WR-CALNAME and RFC 7986's NAME both are), and readers that keep an unknown property's value as it
 * is (ical.js, some calendar apps) would show the backslash. The data's own names are escaped, never changed.
 */
export const termFeedName = (term: string): string => `Information sessions in ${term}`;

/** A program's feed for one audience, named without a comma (termFeedName). */
const programAudienceName = (program: string, audience: string) => `Information sessions: ${program} for ${audience}`;

/** A windowed feed: its description ends with the window in words. */
function windowed(path: string, name: string, about: string, sessions: Session[], words: string): Feed {
  return { path, name, description: `${about}. ${words}`, sessions };
}

/** Each audience's feed: the window's sessions open to it. */
function audienceFeeds(events: readonly Session[], list: AudienceCatalog, words: string): LabelledFeed[] {
  const held = new Map(audienceFacets(events).map((f) => [f.slug, f.sessions]));
  return list.list.map((a) => ({
    slug: a.slug,
    label: a.name,
    ...windowed(
      calendarPaths.audienceFeed(a.slug),
      `Information sessions for ${a.name}`,
      `Employer information sessions open to ${a.name}`,
      held.get(a.slug) ?? [],
      words,
    ),
  }));
}

/** Each old audience label's feed (a label that is no audience): the sessions open to every audience it names. */
function labelFeeds(events: readonly Session[], list: AudienceCatalog, own: Set<string>, words: string) {
  return [...list.labels()]
    .filter(([slug]) => !own.has(slug))
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([slug, reach]) => ({
      slug,
      label: reach.label,
      ...windowed(
        calendarPaths.audienceFeed(slug),
        `Information sessions for ${reach.label}`,
        `Employer information sessions open to ${reach.label}`,
        events.filter((s) => reach.audiences.every((a) => s.audiences.includes(a))),
        words,
      ),
    }));
}

/** A program's feed, and its feed for each audience and audience label. */
function programFeed(program: Program, events: readonly Session[], by: LabelledFeed[], words: string): ProgramFeed {
  const open = events.filter((s) => isOpenTo(s.openTo, program));
  const forAudience = new Set(open);
  return {
    program,
    ...windowed(
      calendarPaths.programFeed(program.slug),
      `Information sessions: ${program.name}`,
      `Employer information sessions open to ${program.name}`,
      open,
      words,
    ),
    byAudience: by.map((a) =>
      windowed(
        calendarPaths.programAudienceFeed(program.slug, a.slug),
        programAudienceName(program.name, a.label),
        `Employer information sessions open to ${program.name} for ${a.label}`,
        a.sessions.filter((s) => forAudience.has(s)),
        words,
      ),
    ),
  };
}

/** Each faculty's feed (the sessions open to any of its programs), with its programs' feeds. */
function facultyFeeds(events: readonly Session[], catalog: ProgramCatalog, by: LabelledFeed[], words: string) {
  return catalog.groups().map((group): FacultyFeeds => {
    const programs = group.programs.map((p) => programFeed(p, events, by, words));
    const inGroup = new Set(programs.flatMap((p) => p.sessions));
    return {
      group,
      programs,
      ...windowed(
        calendarPaths.facultyFeed(group.slug),
        `Information sessions: ${group.fullName}`,
        `Employer information sessions open to programs of ${group.fullName}`,
        events.filter((s) => inGroup.has(s)),
        words,
      ),
    };
  });
}

/**
 * Every subscribable feed: all sessions, each audience, each faculty, each canonical program
 * (with the sessions open to its whole faculty or to every program) and each program for each
 * audience, over the subscribers' window at `now` (the build's clock, Unix seconds: feed-window.ts); each term whole.
 * An audience's feed holds the sessions open to it (data/audiences/), a label's old feed those open to every
 * audience it names. Every audience, audience label and program the data or the lists ever named keeps
 * its feed (a subscription never breaks), empty when it has no session in the window.
 * All-day notes (holidays) are in the feeds of all sessions and of terms only.
 */
export function subscriptionFeeds(
  sessions: readonly Session[],
  catalog: ProgramCatalog,
  audienceList: AudienceCatalog,
  now: number,
): SubscriptionFeeds {
  const ordered = chronological(sessions);
  const { sessions: recent, words } = feedWindow(ordered, now);
  const events = recent.filter((s) => !s.allDay);
  const audiences = audienceFeeds(events, audienceList, words);
  const audienceLabels = labelFeeds(events, audienceList, new Set(audiences.map((a) => a.slug)), words);
  const faculties = facultyFeeds(events, catalog, [...audiences, ...audienceLabels], words);
  const everyOpen = events.filter((s) => s.openTo.groups.some((g) => g.slug === catalog.every.slug));
  const programs = faculties.flatMap((f) => f.programs);
  return {
    all: windowed(calendarPaths.allFeed, 'Information sessions', 'Every employer information session', recent, words),
    terms: termsWithin(ordered).map((t) => ({
      path: calendarPaths.termFeed(t.term.code),
      name: termFeedName(t.term.label),
      description: `Employer information sessions of ${t.term.label}: the whole term`,
      sessions: t.sessions,
    })),
    audiences,
    audienceLabels,
    faculties,
    everyProgram: windowed(
      calendarPaths.facultyFeed(catalog.every.slug),
      'Information sessions open to every program',
      'Employer information sessions open to every program',
      everyOpen,
      words,
    ),
    programs,
    aliases: labelAliases(catalog, new Set(programs.map((p) => p.path))),
    window: termsWithin(recent).map((t) => t.term),
    windowWords: words,
    newestTerms: newestTerms(ordered),
  };
}

/** The sessions of the newest FRONT_TERMS terms with sessions, in time order. */
function newestTerms(ordered: readonly Session[]): Session[] {
  const codes = new Set(
    termsWithin(ordered)
      .slice(0, FRONT_TERMS)
      .map((t) => t.term.code),
  );
  return ordered.filter((s) => codes.has(s.term.code));
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
 * The years the sessions span (the time zone's lines are made from the span alone: a feed is made from it, not from
 * every line), and whether every session has its own revision time.
 */
function yearSpan(terms: readonly Feed[], revisions?: ReadonlyMap<Session, number>) {
  let from = Infinity;
  let to = -Infinity;
  let everyRevised = true;
  for (const f of terms)
    for (const s of f.sessions) {
      [from, to] = [Math.min(from, s.date.year), Math.max(to, s.date.year)];
      if (!revisions?.has(s)) everyRevised = false;
    }
  return { span: from <= to ? [from, to] : [2000, 2000], everyRevised };
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
  const { span, everyRevised } = yearSpan(feeds.terms, revisions);
  const zone = sessionZone(span[0]!, span[1]!);
  // Exactly what an event reads of the context: what a feed is made from names nothing else. When every session
  // has its own time, the build's is not read (a session's time is named with the session: build.ts).
  const at = { url: ctx.url, timestamp: everyRevised ? null : ctx.timestamp };
  const inWindow = new Set(feeds.all.sessions);
  const kept = new Map<Session, string>();
  let term = new Map<Session, string>();
  const event = (s: Session): string => {
    let e = kept.get(s) ?? term.get(s);
    if (e === undefined) (inWindow.has(s) ? kept : term).set(s, (e = sessionEvent(s, at, revisions?.get(s))));
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
  const subscribed = [
    feeds.all,
    feeds.everyProgram,
    ...feeds.audiences,
    ...feeds.audienceLabels,
    ...feeds.faculties,
    ...feeds.programs.flatMap((p) => [p, ...p.byAudience]),
  ];
  for (const f of subscribed) {
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
