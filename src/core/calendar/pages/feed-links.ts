import { html, type SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { type FeedSubscription, feedSubscription, withBase } from '../../site/paths.ts';

/** A feed to subscribe to: its site-relative path, its name in calendars, and how the block names it. */
export interface SubscribeTarget {
  path: string;
  /** The calendar's name (X-WR-CALNAME), given to Outlook. */
  name: string;
  /** `Computer Science`: what "Subscribe to …" says. */
  label: string;
}

/**
 * "Subscribe to exactly this": the feed in Apple Calendar (webcal:), Google Calendar's and
 * Outlook's add-by-URL pages, a download, and its https address to copy with what to do on
 * Android (the copy button shows with JavaScript; the address can be selected without). Each
 * option is marked with its platform (`data-platform`): the script puts the visitor's first.
 */
export function subscribeBlock(target: SubscribeTarget, ctx: Pick<RenderContext, 'url' | 'basePath'>): SafeHtml {
  const href = withBase(ctx.basePath, target.path);
  return subscribeMarkup(target.label, href, feedSubscription(new URL(href, ctx.url).href, target.name));
}

/**
 * The subscribe block without a feed: the template a filtered view's script fills (data-subscribe-link and
 * data-subscribe-name mark the parts).
 */
export function subscribeTemplate(): SafeHtml {
  return subscribeMarkup('', '', { webcal: '', https: '', google: '', outlook: '', office: '' });
}

/** What an Android phone can do with a feed (its calendar app cannot add one by address), in one sentence. */
export const ANDROID_NOTE =
  'On Android, copy this address and add it in Google Calendar on a computer (Other calendars, From URL): ' +
  'your phone then shows it.';

function subscribeMarkup(label: string, href: string, links: FeedSubscription): SafeHtml {
  const name = html`<span class="visually-hidden"> (<span data-subscribe-name>${label}</span>)</span>`;
  const button = (platform: string, link: string, url: string, text: string) =>
    html`<li data-platform="${platform}">${html`<a class="button" data-subscribe-link="${link}" href="${url}">`}${
      text
    }${name}</a></li>`;
  const address = html`<label>Feed address${name} <input type="url" readonly data-subscribe-link="https" value="${
    links.https
  }"></label>`;
  const office = 'Outlook for work or school';
  const copy = html`<button type="button" data-copy hidden>Copy address</button>`;
  return html`<div class="subscribe-block" data-subscribe>
<p class="subscribe-title">Subscribe to <strong data-subscribe-name>${label}</strong></p>
<ul class="subscribe-options">
${button('apple', 'webcal', links.webcal, 'Apple Calendar (iPhone, iPad, Mac)')}
${button('google', 'google', links.google, 'Google Calendar')}
${button('outlook', 'outlook', links.outlook, 'Outlook.com')}
<li data-platform="android" class="subscribe-url"><p class="android-note">${ANDROID_NOTE}</p>${address} ${copy}</li>
<li data-platform="office"><a data-subscribe-link="office" href="${links.office}">${office}${name}</a></li>
<li data-platform="download"><a data-subscribe-link="download" href="${href}" download>Download .ics${name}</a></li>
</ul>
</div>`;
}

/**
 * Subscribe (webcal:) and download links for one calendar feed, by its site-relative path: the compact form, in a line
 * of text.
 */
export function feedLinks(path: string, label: string, ctx: Pick<RenderContext, 'url' | 'basePath'>): SafeHtml {
  const href = withBase(ctx.basePath, path);
  const links = feedSubscription(new URL(href, ctx.url).href, label);
  const hidden = html`<span class="visually-hidden"> for ${label}</span>`;
  const apple = html`<a href="${links.webcal}">Apple Calendar${hidden}</a>`;
  const google = html`<a href="${links.google}">Google Calendar${hidden}</a>`;
  const download = html`<a href="${href}" download>Download .ics${hidden}</a>`;
  return html`<span class="subscribe"><span>Subscribe to ${label}:</span> ${apple} ${google} ${download}</span>`;
}

/** A page's calendar feed for its head: `<link rel="alternate" type="text/calendar">`, by its site-relative path. */
export function feedHead(path: string, name: string, ctx: Pick<RenderContext, 'basePath'>): SafeHtml {
  return html`<link rel="alternate" type="text/calendar" title="${name}" href="${withBase(ctx.basePath, path)}">`;
}
