import { isoDate } from '../../records/session-time.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { monthLabel, monthSlug } from '../calendar.ts';
import { programAnchor } from '../finder.ts';
import { dayLabel, timeRangeEnds } from '../format.ts';
import { paragraphs, type TextSegment } from '../linkify.ts';
import { isoTime, placeOf, type Session } from '../session.ts';
import {
  ENDED,
  hasEnded,
  pastSentence,
  sessionEndsAt,
  sessionStartsAt,
  sessionSummary,
  sessionTitle,
} from '../session-wording.ts';
import { type CalendarLinks, calendarLinks } from './add-to-calendar.ts';
import { type BuildingNote, buildingNote, type CalendarRenderContext } from './building-link.ts';

export { sessionSummary, sessionTitle } from '../session-wording.ts';

/**
 * Whether a session had ended when the site was built (`ctx.timestamp`, SOURCE_DATE_EPOCH): what
 * its page says without JavaScript. In the browser the page's script decides again by the
 * visitor's clock (src/scripts/past.ts), so a page built long ago still tells the truth.
 */
export function endedAtBuild(s: Session, ctx: Pick<CalendarRenderContext, 'timestamp'>): boolean {
  return ctx.timestamp !== undefined && hasEnded(s, ctx.timestamp);
}

/** A link: its text and where it leads. */
export interface Link {
  text: string;
  href: string;
}

/** A time as a page shows it: the text people read and its ISO value (`<time datetime>`). */
export interface TimeText {
  iso: string;
  text: string;
}

/** A session's start and end as a page shows them (the end missing when the data gives none). */
export interface SessionTimes {
  from: TimeText;
  to?: TimeText | undefined;
}

/** The start and end of a session: with the date in each ISO value on its own page; the time alone in a list. */
export function sessionTimesOf(s: Session, withDate = true): SessionTimes {
  const day = withDate ? `${isoDate(s.date)}T` : '';
  const [from, to] = timeRangeEnds(s.start, s.end);
  return {
    from: { iso: `${day}${isoTime(s.start)}`, text: from },
    to: to === undefined ? undefined : { iso: `${day}${isoTime(s.end)}`, text: to },
  };
}

/** What a session's page shows (src/components/SessionBody.astro): data only, every text still to be escaped. */
export interface SessionBodyView {
  id: string;
  term: Link;
  month: Link;
  /** When it ends (`data-ends`), for the page's script. */
  endsAt: string;
  employer: string;
  cancelled: boolean;
  /** Its kind when it is not an information session (a career fair, a holiday). */
  kind: string | undefined;
  /** Whether it had ended at the build; the notice says how (ENDED, and the day it took place). */
  ended: boolean;
  endedTag: string;
  pastSentence: string;
  day: TimeText;
  /** Its times; undefined for an all-day note. */
  times: SessionTimes | undefined;
  /** Where it is, with the building when the build knows it; undefined for an all-day note with no place. */
  where: { place: string; building: BuildingNote | undefined } | undefined;
  allDay: boolean;
  /** "Add to calendar"; undefined when it cannot be added (cancelled, a holiday). */
  calendar: CalendarLinks | undefined;
  audience: string;
  /** The programs it is open to, each leading to its feed, or a faculty-wide or every-program line (no link). */
  programs: { text: string; href?: string | undefined }[];
  website: { text: string; href: string | undefined } | undefined;
  /** The description's paragraphs with their links; undefined when the page has no "About". */
  about: TextSegment[][] | undefined;
}

/** What a session's page carries in its head (src/components/SessionHead.astro). */
export interface SessionHeadView {
  title: string;
  /** Its .ics, the page's calendar. */
  icsHref: string;
  description: string;
  pageUrl: string;
  /** The schema.org `Event` as the text of its script (scriptJson: nothing in it can end the element). */
  eventJson: string;
}

/** A session's page: its title and summary (the page's `<title>` and description), its head's extras and its body. */
export interface SessionPageView {
  title: string;
  summary: string;
  head: SessionHeadView;
  body: SessionBodyView;
}

/** The programs a session is open to, as its page lists them: canonical names leading to their feeds. */
function programLinks(s: Session, feeds: string): SessionBodyView['programs'] {
  return [
    ...s.openTo.programs.map((p) => ({ text: p.name, href: `${feeds}#${programAnchor(p.slug)}` })),
    ...s.openTo.groups.map((g) => ({ text: g.slug === 'all' ? 'Every program' : `Any program of ${g.fullName}` })),
  ];
}

/**
 * The main content of a session's page: where it sits (term, month), what, when and where (with
 * the building's map when the build knows it), "Add to calendar" while it is ahead, "Ended" once
 * it is past, the facts the data gives (no filler for those it does not), and the description
 * with its links. `ended`: whether it had ended at the build (see endedAtBuild).
 */
export function sessionBodyView(s: Session, ctx: CalendarRenderContext, ended = false): SessionBodyView {
  const at = (p: string) => withBase(ctx.basePath, p);
  const month = { year: s.date.year, month: s.date.month };
  const hasAbout = !(s.allDay && !s.description.trim());
  return {
    id: s.id,
    term: { text: s.term.label, href: at(calendarPaths.term(s.term.code)) },
    month: { text: monthLabel(month), href: at(calendarPaths.month(monthSlug(month))) },
    endsAt: sessionEndsAt(s),
    employer: s.employer,
    cancelled: s.cancelled,
    kind: s.kind === 'session' ? undefined : s.kind,
    ended,
    endedTag: ENDED,
    pastSentence: pastSentence(s),
    day: { iso: isoDate(s.date), text: dayLabel(s.date) },
    times: s.allDay ? undefined : sessionTimesOf(s),
    where:
      s.allDay && s.locationTbd
        ? undefined
        : { place: placeOf(s), building: s.locationTbd ? undefined : buildingNote(s.location, ctx) },
    allDay: s.allDay,
    calendar: calendarLinks(s, ctx),
    audience: s.audience,
    programs: programLinks(s, at(calendarPaths.feeds)),
    website: s.website ? { text: s.website, href: s.websiteHref || undefined } : undefined,
    about: hasAbout ? paragraphs(s.description) : undefined,
  };
}

/** JSON as the text of a `<script>` element: nothing in it can end the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The first `max` characters of a text, cut at a word, with an ellipsis when cut. */
function excerpt(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, max).replace(/\s+\S*$/, '')}…`;
}

/** A session as a schema.org `Event` (`eventStatus` cancelled where it was). */
function sessionEvent(s: Session, title: string, description: string, url: string): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: title,
    startDate: s.allDay ? isoDate(s.date) : sessionStartsAt(s),
    endDate: s.allDay ? isoDate(s.date) : sessionEndsAt(s),
    eventStatus: `https://schema.org/${s.cancelled ? 'EventCancelled' : 'EventScheduled'}`,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    ...(s.locationTbd ? {} : { location: { '@type': 'Place', name: placeOf(s), address: placeOf(s) } }),
    ...(s.employer && s.kind !== 'holiday' && !s.allDay
      ? { organizer: { '@type': 'Organization', name: s.employer, ...(s.websiteHref ? { url: s.websiteHref } : {}) } }
      : {}),
    description,
    url,
  };
}

/**
 * What a session's page carries in its head for those who share it: its .ics as the page's
 * calendar, Open Graph, and a schema.org `Event` as JSON-LD, its text safe inside the script.
 */
export function sessionHeadView(s: Session, ctx: CalendarRenderContext): SessionHeadView {
  const pageUrl = new URL(withBase(ctx.basePath, calendarPaths.session(s.id)), ctx.url).href;
  const title = sessionTitle(s);
  const description = excerpt(s.description) || `${title}, ${dayLabel(s.date)}.`;
  return {
    title,
    icsHref: withBase(ctx.basePath, calendarPaths.sessionFeed(s.id)),
    description,
    pageUrl,
    eventJson: scriptJson(sessionEvent(s, title, description, pageUrl)),
  };
}

/** A session's page as data: title, summary, head and body; `ended`: whether it had ended at the build. */
export function sessionPageView(s: Session, ctx: CalendarRenderContext, ended: boolean): SessionPageView {
  return {
    title: sessionTitle(s),
    summary: sessionSummary(s),
    head: sessionHeadView(s, ctx),
    body: sessionBodyView(s, ctx, ended),
  };
}
