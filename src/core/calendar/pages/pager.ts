import { html, type SafeHtml } from '../../render/html.ts';

/** A link of a pager: where it goes and what it says. */
export interface PagerLink {
  href: string;
  text: string;
}

/**
 * Previous, up and next as one row of three (previous left, up centred, next right), so it
 * never wraps into a jumble on a phone. A page shows it at its top and again at its end; the
 * two landmarks need distinct names, so the second says so.
 */
export function pager(
  label: string,
  links: { prev?: PagerLink | undefined; up: PagerLink; next?: PagerLink | undefined },
  end = false,
): SafeHtml {
  const { prev, up, next } = links;
  return html`<nav class="pager" aria-label="${end ? `${label}, end of page` : label}">${
    prev
      ? html`<a class="prev" href="${prev.href}" rel="prev"><span aria-hidden="true">← </span>${prev.text}</a>`
      : html`<span class="prev"></span>`
  }<a class="up" href="${up.href}">${up.text}</a>${
    next
      ? html`<a class="next" href="${next.href}" rel="next">${next.text}<span aria-hidden="true"> →</span></a>`
      : html`<span class="next"></span>`
  }</nav>`;
}
