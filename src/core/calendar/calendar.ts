import { type CalendarDate, daysInMonth, isoDate, MONTH_NAMES } from '../records/session-time.ts';
import type { Term } from '../records/term.ts';
import type { Audience } from './audiences.ts';
import { type ProgramGroup, programsOpen } from './programs.ts';
import type { Session } from './session.ts';

/** The names of the days of the week, Sunday first: indexed by weekday(). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Day of the week, 0 = Sunday. */
export function weekday(d: CalendarDate): number {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
}

/** Orders two sessions in time: date, start, then id (numerically). */
function byTime(a: Session, b: Session): number {
  return (
    a.date.year - b.date.year ||
    a.date.month - b.date.month ||
    a.date.day - b.date.day ||
    a.start - b.start ||
    idOrder.compare(a.id, b.id)
  );
}
const idOrder = new Intl.Collator('en', { numeric: true });

/** Sessions in time order: date, start, then id (a copy; cheap when they already are in order). */
export function chronological(sessions: readonly Session[]): Session[] {
  for (let i = 1; i < sessions.length; i++) {
    if (byTime(sessions[i - 1]!, sessions[i]!) > 0) return [...sessions].sort(byTime);
  }
  return [...sessions];
}

/** A month of the calendar. */
export interface MonthKey {
  year: number;
  month: number;
}

/** `2014/01`, the month's path segment. */
export function monthSlug(m: MonthKey): string {
  return `${m.year}/${String(m.month).padStart(2, '0')}`;
}

/** `January 2014`. */
export function monthLabel(m: MonthKey): string {
  return `${MONTH_NAMES[m.month - 1]} ${m.year}`;
}

/** Every month from the first to the last that has sessions, with that month's sessions. */
export function monthsWithin(sessions: readonly Session[]): (MonthKey & { sessions: Session[] })[] {
  if (sessions.length === 0) return [];
  const ordered = chronological(sessions);
  const first = ordered[0]!.date;
  const last = ordered[ordered.length - 1]!.date;
  const byMonth = new Map<number, Session[]>();
  for (const s of ordered) {
    const key = s.date.year * 12 + s.date.month;
    (byMonth.get(key) ?? byMonth.set(key, []).get(key)!).push(s);
  }
  const out: (MonthKey & { sessions: Session[] })[] = [];
  for (
    let y = first.year, m = first.month;
    y < last.year || (y === last.year && m <= last.month);
    m === 12 ? ((m = 1), (y += 1)) : (m += 1)
  ) {
    out.push({ year: y, month: m, sessions: byMonth.get(y * 12 + m) ?? [] });
  }
  return out;
}

/** One day of a month grid, with its sessions; null for the blank days before the 1st. */
export type GridDay = { date: CalendarDate; sessions: Session[] } | null;

/** The days of a month laid out in weeks of seven, Sunday first, with leading and trailing blanks. */
export function monthGrid(year: number, month: number, sessions: readonly Session[] = []): GridDay[][] {
  const days: GridDay[] = Array.from({ length: weekday({ year, month, day: 1 }) }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    days.push({
      date: { year, month, day },
      sessions: sessions.filter((s) => s.date.year === year && s.date.month === month && s.date.day === day),
    });
  }
  while (days.length % 7 !== 0) days.push(null);
  return Array.from({ length: days.length / 7 }, (_, w) => days.slice(w * 7, w * 7 + 7));
}

/** Sessions grouped by day, in time order (for agendas). */
export function byDay(sessions: readonly Session[]): { date: CalendarDate; sessions: Session[] }[] {
  const groups = new Map<string, { date: CalendarDate; sessions: Session[] }>();
  for (const s of chronological(sessions)) {
    const key = isoDate(s.date);
    if (!groups.has(key)) groups.set(key, { date: s.date, sessions: [] });
    groups.get(key)!.sessions.push(s);
  }
  return [...groups.values()];
}

/** The terms that have sessions, most recent first, each with its sessions in time order. */
export function termsWithin(sessions: readonly Session[]): { term: Term; sessions: Session[] }[] {
  const groups = new Map<string, { term: Term; sessions: Session[] }>();
  for (const s of chronological(sessions)) {
    if (!groups.has(s.term.code)) groups.set(s.term.code, { term: s.term, sessions: [] });
    groups.get(s.term.code)!.sessions.push(s);
  }
  return [...groups.values()].sort((a, b) => b.term.code.localeCompare(a.term.code));
}

/** A pre-built filter: every session for one audience or one program. */
export interface Facet {
  slug: string;
  label: string;
  sessions: Session[];
}

/**
 * One facet per audience (data/audiences/), each holding the sessions open to it: those whose
 * label names it (`Co-op and Graduating Students` is open to co-op students) and those open to
 * every audience (`Students`). In the audience list's order.
 */
export function audienceFacets(sessions: readonly Session[]): Facet[] {
  const groups = new Map<Audience, Session[]>();
  for (const s of chronological(sessions)) {
    for (const a of s.audiences) (groups.get(a) ?? groups.set(a, []).get(a)!).push(s);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.rank - b.rank)
    .map(([a, list]) => ({ slug: a.slug, label: a.name, sessions: list }));
}

/** A program's facet: its canonical program, its faculty, and the sessions open to it. */
export interface ProgramFacet extends Facet {
  group: ProgramGroup;
}

/**
 * One facet per canonical program (data/programs/), each holding the sessions open to it: those
 * that name it and those open to its whole faculty or to every program. By faculty (by name,
 * "Other programs" last), then by program name.
 */
export function programFacets(sessions: readonly Session[]): ProgramFacet[] {
  const groups = new Map<string, ProgramFacet>();
  for (const s of chronological(sessions)) {
    for (const p of programsOpen(s.openTo)) {
      let f = groups.get(p.slug);
      if (!f) groups.set(p.slug, (f = { slug: p.slug, label: p.name, group: p.group, sessions: [] }));
      f.sessions.push(s);
    }
  }
  const rank = (f: ProgramFacet) => (f.group.slug === 'other' ? 1 : 0);
  return [...groups.values()].sort(
    (a, b) => rank(a) - rank(b) || a.group.name.localeCompare(b.group.name) || a.label.localeCompare(b.label),
  );
}

/** Sessions that are sessions, not all-day notes (holidays): what lists count and filters match. */
export function realSessions(sessions: readonly Session[]): Session[] {
  return sessions.filter((s) => !s.allDay);
}

/**
 * How many sessions a list holds, all-day notes (holidays) never counted: every count the calendar shows comes from
 * here.
 */
export function countSessions(sessions: readonly Session[]): number {
  let n = 0;
  for (const s of sessions) if (!s.allDay) n += 1;
  return n;
}
