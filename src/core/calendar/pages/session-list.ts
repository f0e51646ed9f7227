import { html, SafeHtml } from '../../render/html.ts';
import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { RANGE_DASH, timeRangeEnds } from '../format.ts';
import { isoTime, placeOf, type Session } from '../session.ts';
import { slugify } from '../slug.ts';

/** The start and end of a session as `11:30 AM–1:00 PM`, each end a `<time>` with its ISO value. */
export function sessionTimes(s: Session): SafeHtml {
  const day = isoDate(s.date);
  const [from, to] = timeRangeEnds(s.start, s.end);
  return html`<time datetime="${day}T${isoTime(s.start)}">${from}</time>${to !== undefined && html`${RANGE_DASH}<time datetime="${day}T${isoTime(s.end)}">${to}</time>`}`;
}

/**
 * One session as a list item: times in a column of fixed width, labels, employer link and place;
 * data attributes for the filters. Plain TypeScript (thousands of them per large month or
 * term), every value escaped. The month grid shows the same item, stacked by its stylesheet.
 */
export function sessionItem(s: Session, ctx: Pick<RenderContext, 'basePath'>): SafeHtml {
  const href = withBase(ctx.basePath, calendarPaths.session(s.id));
  const link = html`<a href="${href}">${s.employer}</a>`;
  return html`<li class="${s.cancelled ? 'session cancelled' : 'session'}" data-audience="${slugify(s.audience)}" data-programs="${s.programs.map(slugify).join(' ')}" data-employer="${s.employer.toLowerCase()}"><span class="when">${sessionTimes(s)}</span><span class="what">${
    s.cancelled && html`<span class="tag cancel">Cancelled</span> `
  }${s.kind !== 'session' && html`<span class="tag kind">${s.kind}</span> `}${s.cancelled ? html`<s>${link}</s>` : link}<span class="where">${placeOf(s)}</span></span></li>`;
}

/** A list of sessions as `<li>` items (the caller supplies the `<ul class="sessions">`). */
export function sessionItems(sessions: readonly Session[], ctx: Pick<RenderContext, 'basePath'>): SafeHtml {
  return new SafeHtml(sessions.map((s) => sessionItem(s, ctx).value).join(''));
}
