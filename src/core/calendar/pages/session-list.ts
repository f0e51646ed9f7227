import { isoDate } from '../../records/session-time.ts';
import { html, SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { audienceTokens } from '../audiences.ts';
import { RANGE_DASH, timeRangeEnds } from '../format.ts';
import { programTokens } from '../programs.ts';
import { isoTime, placeOf, type Session } from '../session.ts';
import { PAST_DAY } from '../session-wording.ts';

/**
 * The start and end of a session as `11:30 AM–1:00 PM`, each end a `<time>` with its ISO value:
 * date and time on its own page; in a list, the time alone (`11:30`), its day's heading giving
 * the date (saves 22 bytes a session: 1.9 KB on the busiest month).
 */
export function sessionTimes(s: Session, withDate = true): SafeHtml {
  const day = withDate ? `${isoDate(s.date)}T` : '';
  const [from, to] = timeRangeEnds(s.start, s.end);
  const end = to !== undefined && html`${RANGE_DASH}<time datetime="${day}${isoTime(s.end)}">${to}</time>`;
  return html`<time datetime="${day}${isoTime(s.start)}">${from}</time>${end}`;
}

/**
 * One session as a list item: times in a column of fixed width, labels, employer link and place;
 * data attributes for the filters (the employer filter reads the link's text). Plain
 * TypeScript (thousands of them per large month or term), every value escaped. The month grid
 * shows the same item, stacked by its stylesheet.
 */
export function sessionItem(s: Session, ctx: Pick<RenderContext, 'basePath'>): SafeHtml {
  const href = withBase(ctx.basePath, calendarPaths.session(s.id));
  if (s.allDay) return noteItem(s, href);
  const link = html`<a href="${href}">${s.employer}</a>`;
  const what = html`${s.cancelled && html`<span class="tag cancel">Cancelled</span> `}${
    s.kind !== 'session' && html`<span class="tag kind">${s.kind}</span> `
  }${s.cancelled ? html`<s>${link}</s>` : link}<span class="where">${placeOf(s)}</span>`;
  const when = html`<span class="when">${sessionTimes(s, false)}</span>`;
  const data = html`data-audience="${audienceTokens(s.audiences)}" data-programs="${programTokens(s.openTo)}"`;
  const type = s.cancelled ? 'session cancelled' : 'session';
  return html`<li class="${type}" ${data}>${when}<span class="what">${what}</span></li>`;
}

/**
 * An all-day note (a holiday): not a session, so no times, no place and no filter data (filters
 * leave it shown); "All day" where a session's times stand. Lists do not count it.
 */
function noteItem(s: Session, href: string): SafeHtml {
  const when = html`<span class="when"><time datetime="${isoDate(s.date)}">All day</time></span>`;
  const tag = html`<span class="tag kind">${s.kind === 'session' ? 'note' : s.kind}</span>`;
  return html`<li class="all-day">${when}<span class="what">${tag} <a href="${href}">${s.employer}</a></span></li>`;
}

/** A list of sessions as `<li>` items (the caller supplies the `<ul class="sessions">`). */
export function sessionItems(sessions: readonly Session[], ctx: Pick<RenderContext, 'basePath'>): SafeHtml {
  return new SafeHtml(sessions.map((s) => sessionItem(s, ctx).value).join(''));
}

/**
 * A day of a list as the build saw it: ` class="past"` and a "Past" badge for its heading when it
 * had passed (its date before `until`, see pastUntil) and later days had not; on a page whose
 * every day had passed (`until` is `~`) one notice says so instead (allPastNotice), which keeps
 * a busy month's bytes down. The script (src/scripts/past.ts) decides again by the visitor's clock.
 */
export function pastDay(iso: string, until: string): { attr: SafeHtml | false; tag: SafeHtml | false } {
  const past = iso < until && until !== '~';
  return { attr: past && html` class="past"`, tag: past && html` <span class="tag past">${PAST_DAY}</span>` };
}

/**
 * The notice of a list whose every day had passed at the build (`until` is `~`); the script hides
 * it when the visitor's clock says otherwise.
 */
export function allPastNotice(until: string): SafeHtml | false {
  return (
    until === '~' &&
    html`<p class="notice past" data-all-past><span class="tag past">${PAST_DAY}</span>
 Every session on this page has ended.</p>`
  );
}
