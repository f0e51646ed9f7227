import { isPlaceholderLocation } from '../buildings/location.ts';
import type { SessionRecord } from '../records/infosession-record.ts';
import { isAllDayNote, kindOf, type SessionKind } from '../records/session-kind.ts';
import type { CalendarDate } from '../records/session-time.ts';
import type { SiteData, SiteRecord } from '../records/site-data.ts';
import type { Term } from '../records/term.ts';
import { type Audience, type AudienceCatalog, audienceCatalog } from './audiences.ts';
import { type OpenTo, openToOf, type ProgramCatalog, programCatalog } from './programs.ts';
import { slugify } from './slug.ts';

/** For the calendar's readers: whether a location is a placeholder (core/buildings), and the kind of a session. */
export { isPlaceholderLocation, kindOf, type SessionKind };

/** A session as the calendar shows it: the published record read for people. */
export interface Session {
  id: string;
  /** The employer text without a cancellation marker. */
  employer: string;
  cancelled: boolean;
  kind: SessionKind;
  date: CalendarDate;
  /** Minutes after midnight. */
  start: number;
  end: number;
  location: string;
  /** Whether the location is a placeholder (TBD and the like). */
  locationTbd: boolean;
  website: string;
  /** The website as a link target, when it is a usable address. */
  websiteHref: string | undefined;
  /** The audience label as written, for display: the API keeps it so too. */
  audience: string;
  /** The audiences the label opens the session to (data/audiences/): what filters and feeds match. */
  audiences: readonly Audience[];
  /** The program labels as written (split, trimmed), for display: the API keeps them so too. */
  programs: string[];
  /** The canonical programs and faculties the labels open the session to (data/programs/). */
  openTo: OpenTo;
  /**
   * A note for the whole day rather than a session (a holiday, or a row whose start equals its
   * end): lists show it apart and do not count it, feeds give it a date, not times.
   */
  allDay: boolean;
  description: string;
  term: Term;
}

const CANCELLED_SUFFIX = /\s*(?:[-–—:]\s*)?[*([]*\s*cancell?ed\s*[*)\]]*\s*$/i;
const CANCELLED_PREFIX = /^\s*[*([]*\s*cancell?ed\s*[*)\]]*\s*(?:[-–—:]\s*)?/i;

/** Splits a cancellation marker (`**CANCELLED**`, `- CANCELLED*`, `(Cancelled)`) off the employer text. */
export function readCancellation(employer: string): { name: string; cancelled: boolean } {
  for (const marker of [CANCELLED_SUFFIX, CANCELLED_PREFIX]) {
    if (marker.test(employer)) return { name: employer.replace(marker, '').trim(), cancelled: true };
  }
  return { name: employer.trim(), cancelled: false };
}

/** What a session's pages, lists and events say when its location is not decided yet. */
const TO_BE_ANNOUNCED = 'Location to be announced';

/** Where a session is, as people read it: its location, or that it is to be announced (lower case mid-sentence). */
export function placeOf(s: Pick<Session, 'location' | 'locationTbd'>, midSentence = false): string {
  if (s.location && !s.locationTbd) return s.location;
  return midSentence ? TO_BE_ANNOUNCED.toLowerCase() : TO_BE_ANNOUNCED;
}

/** `9:30 AM`: minutes after midnight as people read a session's time. */
export function clock(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(minutes % 60).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

/** `09:30`: minutes after midnight as a 24-hour time, for machines (datetime attributes, iCalendar). */
export function isoTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The programs of the comma-separated text, trimmed, spaces collapsed, duplicates dropped. */
export function normalisePrograms(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of text.split(',')) {
    const name = part.replace(/\s+/g, ' ').trim();
    if (!name || seen.has(slugify(name))) continue;
    seen.add(slugify(name));
    out.push(name);
  }
  return out;
}

/** A website value as an https link, when it reads as an address. */
export function websiteHref(website: string): string | undefined {
  const text = website.trim();
  if (!text) return undefined;
  const candidate = /^https?:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(candidate);
    return /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(url.hostname) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** The data set whose records readSessions reads as sessions. */
export const SESSIONS_DATASET = 'infosessions';

/** What each session was read from (readSessions): its record's values and its file's key. */
const SOURCES = new WeakMap<Session, readonly unknown[]>();

/**
 * What a session is read from besides the program catalogue and the code: its record's values
 * and its file's key, which is all readSessions reads of it: with the catalogue, what the session is made from, so
 * the build can name a session by these in what its files are made from (src/pipeline), at about
 * half the cost of reading the session itself; undefined for a session made otherwise.
 */
export function sessionSource(s: Session): readonly unknown[] | undefined {
  return SOURCES.get(s);
}

/**
 * A session record, whose date and times its reader parsed while checking the row. A row whose date or times did not
 * read keeps nothing parsed: an error, so no build reaches it; said rather than skipped, or the API would publish a
 * session the calendar does not show.
 */
function checkedSession(record: SiteRecord): SessionRecord {
  if (record.when !== undefined) return record;
  const where = record.at ? `${record.at.file}:${record.at.line}` : 'its file';
  throw new Error(`session ${record.values.id ?? '?'} at ${where} has no date and times read: it was not checked`);
}

/**
 * Reads the published session records as calendar sessions, in data order, programs and audiences resolved through
 * their catalogs.
 */
export function readSessions(
  site: SiteData,
  catalog: ProgramCatalog = programCatalog(site.programs),
  audiences: AudienceCatalog = audienceCatalog(site.audiences),
): Session[] {
  const out: Session[] = [];
  // A few hundred programs cells repeat across every session: each is read and resolved once
  // (each session gets its own copy of the labels; the resolved programs are shared, as the
  // terms are).
  const programsRead = new Map<string, { labels: readonly string[]; openTo: OpenTo }>();
  const programsOf = (text: string) => {
    let read = programsRead.get(text);
    if (read === undefined) {
      const labels = normalisePrograms(text);
      programsRead.set(text, (read = { labels, openTo: openToOf(labels, catalog) }));
    }
    return read;
  };
  const terms = new Map<string, Term>();
  const termOf = (t: Term): Term => {
    let shared = terms.get(t.code);
    if (shared === undefined) terms.set(t.code, (shared = t));
    return shared;
  };
  for (const record of site.datasets[SESSIONS_DATASET]?.sessions ?? []) {
    const { values, when } = checkedSession(record);
    const { name, cancelled } = readCancellation(values.employer ?? '');
    const location = (values.location ?? '').trim();
    const kind = kindOf(name);
    const programsText = values.programs ?? '';
    const read = programsOf(programsText);
    const programs = [...read.labels];
    const website = values.website ?? '';
    const audience = values.audience ?? '';
    const session: Session = {
      id: values.id ?? '',
      employer: name,
      cancelled,
      kind,
      date: when.date,
      start: when.start,
      end: when.end,
      location,
      locationTbd: isPlaceholderLocation(location),
      website: website.trim(),
      websiteHref: websiteHref(website),
      audience: audience.trim(),
      audiences: audiences.resolve(audience),
      programs,
      openTo: read.openTo,
      allDay: isAllDayNote(kind, when.start, when.end),
      description: values.description ?? '',
      term: termOf(when.term),
    };
    SOURCES.set(session, [record.values, record.fileKey]);
    out.push(session);
  }
  return out;
}
