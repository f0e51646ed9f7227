import { html } from '../../render/html.ts';
import type { ShellParts } from './page-shell.ts';
import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import type { Term } from '../../records/term.ts';
import { byDay, longDate, realSessions, monthGrid, monthLabel, monthSlug, monthsWithin, termsWithin, WEEKDAYS, type MonthKey } from '../calendar.ts';
import { feedLinks } from './feed-links.ts';
import { filterForm } from './filter-form.ts';
import type { Session } from '../session.ts';
import { sessionItems } from './session-list.ts';

/** A page of the calendar filled into the listing shell: where it goes and what fills it. */
export interface ListingPage extends ShellParts {
  /** Site-relative folder of the page: `infosessions/2014/01/`. */
  path: string;
}

/** `12 sessions.`, or that there are none. */
function sessionCount(n: number, none: string): string {
  return n === 0 ? none : `${n} session${n === 1 ? '' : 's'}.`;
}

/**
 * A month's page: pager to the months around it, the filter, and its days as one list: a
 * seven-column grid on wide screens (blank and empty days hidden from assistive technology),
 * an agenda on narrow ones.
 */
export function monthPage(
  { month, prev, next }: { month: MonthKey & { sessions: Session[] }; prev: MonthKey | undefined; next: MonthKey | undefined },
  ctx: Pick<RenderContext, 'url' | 'basePath'>,
): ListingPage {
  const label = monthLabel(month);
  const link = (m: MonthKey) => withBase(ctx.basePath, calendarPaths.month(monthSlug(m)));
  const days = monthGrid(month.year, month.month, month.sessions).flat();
  const list =
    month.sessions.length > 0 &&
    html`<div>${filterForm(month.sessions, ctx)}<div class="weekdays" aria-hidden="true">${WEEKDAYS.map((d) => html`<span>${d.slice(0, 3)}</span>`)}</div><ol class="day-list month-grid" aria-label="Days of ${label} with sessions">${days.map((day) =>
      !day
        ? html`<li class="blank" aria-hidden="true"></li>`
        : day.sessions.length === 0
          ? html`<li class="empty" aria-hidden="true"><span class="dnum">${day.date.day}</span></li>`
          : html`<li data-session-group><h2><span class="dnum" aria-hidden="true">${day.date.day}</span><span class="dfull"><time datetime="${isoDate(day.date)}">${longDate(day.date)}</time></span></h2><ul class="sessions">${sessionItems(day.sessions, ctx, { compact: true })}</ul></li>`,
    )}</ol></div>`;
  const body = html`<h1>Information sessions, ${label}</h1><nav class="pager" aria-label="Months">${prev ? html`<a href="${link(prev)}" rel="prev">← ${monthLabel(prev)}</a>` : html`<span></span>`}<a href="${withBase(ctx.basePath, calendarPaths.home)}">All terms</a>${
    next ? html`<a href="${link(next)}" rel="next">${monthLabel(next)} →</a>` : html`<span></span>`
  }</nav><p>${sessionCount(realSessions(month.sessions).length, 'No sessions this month.')}</p>${list}`;
  return { path: calendarPaths.month(monthSlug(month)), title: `Sessions in ${label}`, summary: `${realSessions(month.sessions).length} employer information sessions in ${label}.`, body };
}

/** A term's page: its feed, the filter, and its sessions as an agenda, day by day. */
export function termPage({ term, sessions }: { term: Term; sessions: readonly Session[] }, ctx: Pick<RenderContext, 'url' | 'basePath'>): ListingPage {
  const body = html`<h1>Information sessions, ${term.label}</h1><p>${realSessions(sessions).length} sessions, term ${term.code}. ${feedLinks(calendarPaths.termFeed(term.code), term.label, ctx)}</p><div class="agenda">${filterForm(sessions, ctx)}${byDay(sessions).map(
    (day) => html`<section data-session-group><h2>${longDate(day.date)}</h2><ul class="sessions">${sessionItems(day.sessions, ctx)}</ul></section>`,
  )}</div>`;
  return { path: calendarPaths.term(term.code), title: `Sessions in ${term.label}`, summary: `${realSessions(sessions).length} employer information sessions in ${term.label}.`, body };
}

/** Every month page (first to last month with sessions) and every term page, one at a time. */
export function* listingPages(sessions: readonly Session[], ctx: Pick<RenderContext, 'url' | 'basePath'>): Generator<ListingPage> {
  const months = monthsWithin(sessions);
  for (let i = 0; i < months.length; i++) yield monthPage({ month: months[i]!, prev: months[i - 1], next: months[i + 1] }, ctx);
  for (const t of termsWithin(sessions)) yield termPage(t, ctx);
}
