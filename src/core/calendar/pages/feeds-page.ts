import { html, type SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { FEED_TERMS, type SubscriptionFeeds } from '../feeds.ts';
import { feedLinks } from './feed-links.ts';

/**
 * The data-dependent part of the feeds page (infosessions/feeds/): the window the feeds hold and
 * every feed with its count and links. The build fills it into the page Astro renders around it.
 */
export function feedsPageBody(feeds: SubscriptionFeeds, ctx: Pick<RenderContext, 'url' | 'basePath'>): SafeHtml {
  const w = feeds.window;
  const span = w.length === 1 ? w[0]!.label : `${w.at(-1)?.label} to ${w[0]?.label}`;
  const groups = [
    { title: 'By term', feeds: feeds.terms },
    { title: 'By audience', feeds: feeds.audiences },
    { title: 'By program', feeds: feeds.programs },
  ];
  return html`${
    w.length > 0 &&
    html`<p>The feeds of all sessions, by audience and by program hold the newest ${w.length === 1 ? 'term' : `${w.length} terms`} with sessions (${span}), up to ${FEED_TERMS}: enough to plan ahead, small enough for calendars to fetch often. Each term's feed holds that term whole.</p>`
  }<p>${feedLinks(feeds.all.path, 'all sessions', ctx)} (${feeds.all.sessions.length} sessions)</p>${groups.map(
    (g) =>
      html`<section><h2>${g.title}</h2><ul class="facts-list">${g.feeds.map(
        (f) => html`<li>${f.name.replace(/^Information sessions(, | for |: )/, '')} (${f.sessions.length}): ${feedLinks(f.path, f.name, ctx)}</li>`,
      )}</ul></section>`,
  )}`;
}
