import { html, SafeHtml } from '../../render/html.ts';
import { isoDate } from '../../records/session-time.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { clock, isoTime, placeOf, type Session } from '../session.ts';
import { slugify } from '../slug.ts';
import { programTokens } from '../programs.ts';

/** How a session shows in a list: with its date (front door), compact (a calendar day), or in full. */
export interface ItemOptions {
  showDate?: boolean;
  compact?: boolean;
}

/**
 * One session as a list item: time, labels, employer link, place; data attributes for the
 * filters. Plain TypeScript (thousands of them per large month or term), every value escaped.
 */
export function sessionItem(s: Session, ctx: Pick<RenderContext, 'basePath'>, options: ItemOptions = {}): SafeHtml {
  const href = withBase(ctx.basePath, calendarPaths.session(s.id));
  if (s.allDay) return noteItem(s, href, options);
  const place = placeOf(s, true);
  const classes = ['session', s.cancelled && 'cancelled', options.compact && 'compact'].filter(Boolean).join(' ');
  const link = html`<a href="${href}">${s.employer}</a>`;
  return html`<li class="${classes}" data-audience="${slugify(s.audience)}" data-programs="${programTokens(s.openTo)}" data-employer="${s.employer.toLowerCase()}"><time datetime="${isoDate(s.date)}T${isoTime(s.start)}">${options.showDate ? `${isoDate(s.date)} ` : ''}${clock(s.start)}</time> ${
    s.cancelled && html`<span class="tag cancel">Cancelled</span> `
  }${s.kind !== 'session' && html`<span class="tag kind">${s.kind}</span> `}${s.cancelled ? html`<s>${link}</s>` : link}${!options.compact && html` <span class="where">${place}</span>`}</li>`;
}

/** An all-day note (a holiday): not a session, so no time, place or filter data; lists do not count it. */
function noteItem(s: Session, href: string, options: ItemOptions): SafeHtml {
  return html`<li class="note"><time datetime="${isoDate(s.date)}">${options.showDate ? `${isoDate(s.date)} ` : ''}All day</time> <span class="tag kind">${s.kind === 'session' ? 'note' : s.kind}</span> <a href="${href}">${s.employer}</a></li>`;
}

/** A list of sessions as `<li>` items (the caller supplies the `<ul class="sessions">`). */
export function sessionItems(sessions: readonly Session[], ctx: Pick<RenderContext, 'basePath'>, options: ItemOptions = {}): SafeHtml {
  return new SafeHtml(sessions.map((s) => sessionItem(s, ctx, options).value).join(''));
}
