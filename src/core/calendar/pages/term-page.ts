import { isoDate } from '../../records/session-time.ts';
import type { Term } from '../../records/term.ts';
import { html } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { byDay, countSessions, monthLabel, monthSlug, monthsWithin } from '../calendar.ts';
import { dayLabel } from '../format.ts';
import type { Session } from '../session.ts';
import { feedHead, feedLinks } from './feed-links.ts';
import { filterForm } from './filter-form.ts';
import type { ListingPage } from './listing-page.ts';
import { sessionCount } from './month-page.ts';
import { pager } from './pager.ts';
import { allPastNotice, pastDay, sessionItems } from './session-list.ts';

/** A term with its sessions (in time order), and the terms with sessions before and after it. */
export interface TermPageInput {
  term: Term;
  sessions: readonly Session[];
  prev?: Term | undefined;
  next?: Term | undefined;
  /** The day before which its days had passed at the build (pastUntil); '' for none. */
  until?: string;
}

/**
 * A term's page: its dates and feed, pagers to the terms around it at both ends, jumps to its
 * months, the filter, and its sessions as an agenda, month by month and day by day. Students
 * read the term's name; its code stays in the address.
 */
export function termPage(
  { term, sessions, prev, next, until = '' }: TermPageInput,
  ctx: Pick<RenderContext, 'url' | 'basePath'>,
): ListingPage {
  const at = (path: string) => withBase(ctx.basePath, path);
  const link = (t: Term | undefined) => t && { href: at(calendarPaths.term(t.code)), text: t.label };
  const pagers = (end: boolean) =>
    pager(
      'Terms',
      { prev: link(prev), up: { href: at(calendarPaths.home), text: 'All terms' }, next: link(next) },
      end,
    );
  const months = monthsWithin(sessions).filter((m) => m.sessions.length > 0);
  const anchor = (m: { year: number; month: number }) => `m${monthSlug(m).replace('/', '-')}`;
  // Holidays show as all-day notes among the days, but counts count sessions.
  const count = countSessions(sessions);
  const first = sessions[0];
  const last = sessions[sessions.length - 1];
  const muted = (text: string) => html`<span class="muted">${text}</span>`;
  const jumps = html`<nav class="jumps" aria-label="Months of ${term.label}"><ul>${months.map(
    (m) => html`<li><a href="#${anchor(m)}">${monthLabel(m)}</a> ${muted(`(${countSessions(m.sessions)})`)}</li>`,
  )}</ul></nav>`;
  const monthHeading = (m: (typeof months)[number]) =>
    html`<h2 id="${anchor(m)}">${monthLabel(m)} <a class="aside" href="${at(calendarPaths.month(monthSlug(m)))}">${[
      html`Month view<span class="visually-hidden"> of ${monthLabel(m)}</span>`,
    ]}</a></h2>`;
  const agenda = months.map(
    (m) =>
      html`<section data-session-group aria-labelledby="${anchor(m)}">${monthHeading(m)}${byDay(m.sessions).map(
        (day) => {
          const iso = isoDate(day.date);
          const past = pastDay(iso, until);
          return html`<section data-session-group data-date="${iso}"${past.attr}>
<h3><time datetime="${iso}">${dayLabel(day.date)}</time>${past.tag}</h3>
<ul class="sessions">${sessionItems(day.sessions, ctx)}</ul></section>`;
        },
      )}</section>`,
  );
  const span = first && last ? html` from ${dayLabel(first.date)} to ${dayLabel(last.date)}` : '';
  const heading = html`<h1>Information sessions, ${term.label}</h1><p class="lead">${sessionCount(count)}${span}.</p>`;
  const feed = html`<p>${feedLinks(calendarPaths.termFeed(term.code), term.label, ctx)}</p>`;
  const body = html`${heading}${allPastNotice(until)}${feed}${pagers(false)}${jumps}<div class="agenda">${filterForm(
    sessions,
    ctx,
  )}${agenda}</div>${pagers(true)}`;
  const head = feedHead(calendarPaths.termFeed(term.code), `Information sessions, ${term.label}`, ctx);
  const summary = `${count} employer information sessions in ${term.label}.`;
  return { path: calendarPaths.term(term.code), title: `Sessions in ${term.label}`, summary, head, body };
}
