import { html, type SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { feedSubscription, withBase, type FeedSubscription } from '../../site/paths.ts';

/** A feed to subscribe to: its site-relative path, its name in calendars, and how the block names it. */
export interface SubscribeTarget {
  path: string;
  /** The calendar's name (X-WR-CALNAME), given to Outlook. */
  name: string;
  /** `Computer Science`: what "Subscribe to …" says. */
  label: string;
}

/**
 * "Subscribe to exactly this": the feed as webcal: (calendar apps), Google Calendar's and
 * Outlook's add-by-URL pages, a download, and its https address to copy (the copy button
 * shows with JavaScript; the address can be selected without).
 */
export function subscribeBlock(target: SubscribeTarget, ctx: Pick<RenderContext, 'url' | 'basePath'>): SafeHtml {
  const href = withBase(ctx.basePath, target.path);
  return subscribeMarkup(target.label, href, feedSubscription(new URL(href, ctx.url).href, target.name));
}

/** The subscribe block without a feed: the template a filtered view's script fills (data-subscribe-link and data-subscribe-name mark the parts). */
export function subscribeTemplate(): SafeHtml {
  return subscribeMarkup('', '', { webcal: '', https: '', google: '', outlook: '', office: '' });
}

function subscribeMarkup(label: string, href: string, links: FeedSubscription): SafeHtml {
  const name = html`<span class="visually-hidden"> (<span data-subscribe-name>${label}</span>)</span>`;
  return html`<div class="subscribe-block" data-subscribe><p class="subscribe-title">Subscribe to <strong data-subscribe-name>${label}</strong></p><ul class="subscribe-options"><li><a class="button" data-subscribe-link="webcal" href="${links.webcal}">Calendar app${name}</a></li><li><a class="button" data-subscribe-link="google" href="${links.google}">Google Calendar${name}</a></li><li><a class="button" data-subscribe-link="outlook" href="${links.outlook}">Outlook.com${name}</a></li><li><a data-subscribe-link="office" href="${links.office}">Outlook for work or school${name}</a></li><li><a data-subscribe-link="download" href="${href}" download>Download .ics${name}</a></li></ul><p class="subscribe-url"><label>Feed address${name} <input type="url" readonly data-subscribe-link="https" value="${links.https}"></label> <button type="button" data-copy hidden>Copy address</button></p></div>`;
}

/** Subscribe (webcal:) and download links for one calendar feed, by its site-relative path: the compact form, in a line of text. */
export function feedLinks(path: string, label: string, ctx: Pick<RenderContext, 'url' | 'basePath'>): SafeHtml {
  const href = withBase(ctx.basePath, path);
  const links = feedSubscription(new URL(href, ctx.url).href, label);
  return html`<span class="subscribe"><a href="${links.webcal}">Subscribe to ${label}</a> <a href="${links.google}">Google Calendar<span class="visually-hidden"> for ${label}</span></a> <a href="${href}" download>Download .ics<span class="visually-hidden"> for ${label}</span></a></span>`;
}

/** A page's calendar feed for its head: `<link rel="alternate" type="text/calendar">`, by its site-relative path. */
export function feedHead(path: string, name: string, ctx: Pick<RenderContext, 'basePath'>): SafeHtml {
  return html`<link rel="alternate" type="text/calendar" title="${name}" href="${withBase(ctx.basePath, path)}">`;
}
