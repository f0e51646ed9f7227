import { isoDate } from '../../records/session-time.ts';
import type { Term } from '../../records/term.ts';
import { html } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { countSessions, type MonthKey, monthGrid, monthLabel, monthSlug, WEEKDAYS } from '../calendar.ts';
import { dayLabel, shortMonth } from '../format.ts';
import type { Session } from '../session.ts';
import { feedHead } from './feed-links.ts';
import { filterForm } from './filter-form.ts';
import type { ListingPage } from './listing-page.ts';
import { pager } from './pager.ts';
import { allPastNotice, pastDay, sessionItems } from './session-list.ts';

/** `12 sessions`, `1 session`. */
export function sessionCount(n: number): string {
  return `${n} session${n === 1 ? '' : 's'}`;
}

/** A month with its sessions, and the months with sessions around it (empty months are skipped). */
export interface MonthPageInput {
  month: MonthKey & { sessions: Session[] };
  prev: MonthKey | undefined;
  next: MonthKey | undefined;
  /** The day before which its days had passed at the build (pastUntil); '' for none. */
  until?: string;
}

/**
 * A month's page: pagers (to the months with sessions around it and to its term) at both ends,
 * the filter, and its days as one list: a seven-column grid on wide screens (blank and empty
 * days hidden from assistive technology), an agenda on narrow ones. Every day carries its
 * date (`data-date`) for the script that marks the visitor's today.
 */
export function monthPage(
  { month, prev, next, until = '' }: MonthPageInput,
  ctx: Pick<RenderContext, 'url' | 'basePath'>,
): ListingPage {
  const label = monthLabel(month);
  // Holidays show as all-day notes in the grid, but a count counts sessions.
  const count = countSessions(month.sessions);
  const at = (path: string) => withBase(ctx.basePath, path);
  const link = (m: MonthKey | undefined) => m && { href: at(calendarPaths.month(monthSlug(m))), text: shortMonth(m) };
  const terms = [...new Map(month.sessions.map((s) => [s.term.code, s.term] as const)).values()];
  const termLink = (t: Term) => html`<a href="${at(calendarPaths.term(t.code))}">${t.label}</a>`;
  const up = terms[0]
    ? { href: at(calendarPaths.term(terms[0].code)), text: terms[0].label }
    : { href: at(calendarPaths.home), text: 'All terms' };
  const pagers = (end: boolean) => pager('Months', { prev: link(prev), up, next: link(next) }, end);
  const dayItem = (date: Session['date'], sessions: readonly Session[]) => {
    const iso = isoDate(date);
    const past = pastDay(iso, until);
    return html`<li data-session-group data-date="${iso}"${past.attr}>
<h2><span class="dnum" aria-hidden="true">${date.day}</span><span class="dfull">
<time datetime="${iso}">${dayLabel(date)}</time>${past.tag}</span></h2>
<ul class="sessions">${sessionItems(sessions, ctx)}</ul></li>`;
  };
  const days = monthGrid(month.year, month.month, month.sessions).flat();
  const weekdays = html`<div class="weekdays" aria-hidden="true">${WEEKDAYS.map(
    (d) => html`<span>${d.slice(0, 3)}</span>`,
  )}</div>`;
  const empty = (date: Session['date']) =>
    html`<li class="empty" aria-hidden="true" data-date="${isoDate(date)}"><span class="dnum">${date.day}</span></li>`;
  const grid = html`${weekdays}<ol class="day-list month-grid" aria-label="Days of ${label} with sessions">${days.map(
    (day) =>
      !day
        ? html`<li class="blank" aria-hidden="true"></li>`
        : day.sessions.length === 0
          ? empty(day.date)
          : dayItem(day.date, day.sessions),
  )}</ol>`;
  const lead =
    count === 0
      ? 'No sessions this month.'
      : html`${sessionCount(count)}, in ${terms.map((t, i) => html`${i > 0 && ' and '}${termLink(t)}`)}.`;
  const heading = html`<h1>Information sessions, ${label}</h1><p class="lead">${lead}</p>`;
  const body = html`${heading}${allPastNotice(until)}${pagers(false)}${
    month.sessions.length > 0 && html`<div>${filterForm(month.sessions, ctx)}${grid}</div>${pagers(true)}`
  }`;
  const head = terms[0]
    ? feedHead(calendarPaths.termFeed(terms[0].code), `Information sessions, ${terms[0].label}`, ctx)
    : html``;
  const summary = `${count} employer information sessions in ${label}.`;
  return { path: calendarPaths.month(monthSlug(month)), title: `Sessions in ${label}`, summary, head, body };
}
