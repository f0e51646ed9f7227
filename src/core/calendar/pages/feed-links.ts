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
 * "Subscribe to exactly this" (src/components/calendar/SubscribeBlock.astro): the feed in Apple
 * Calendar (webcal:), Google Calendar's and Outlook's add-by-URL pages, a download, and its https
 * address to copy with what to do on Android.
 */
export interface SubscribeView {
  label: string;
  /** The feed's own address on this site (the download). */
  href: string;
  links: FeedSubscription;
}

/** The subscribe block of a feed. */
export function subscribeView(target: SubscribeTarget, ctx: Pick<RenderContext, 'url' | 'basePath'>): SubscribeView {
  const href = withBase(ctx.basePath, target.path);
  return { label: target.label, href, links: feedSubscription(new URL(href, ctx.url).href, target.name) };
}

/** What an Android phone can do with a feed (its calendar app cannot add one by address), in one sentence. */
export const ANDROID_NOTE =
  'On Android, copy this address and add it in Google Calendar on a computer (Other calendars, From URL): ' +
  'your phone then shows it.';

/** Subscribe (webcal:) and download links of one feed in a line of text (src/components/FeedLinks.astro). */
export interface FeedLinksView {
  label: string;
  href: string;
  webcal: string;
  google: string;
}

/** The compact subscribe and download links of a feed, by its site-relative path. */
export function feedLinksView(
  path: string,
  label: string,
  ctx: Pick<RenderContext, 'url' | 'basePath'>,
): FeedLinksView {
  const href = withBase(ctx.basePath, path);
  const links = feedSubscription(new URL(href, ctx.url).href, label);
  return { label, href, webcal: links.webcal, google: links.google };
}

/** A page's calendar feed for its head (`<link rel="alternate" type="text/calendar">`). */
export interface FeedHeadView {
  name: string;
  href: string;
}

/** A page's calendar feed for its head, by its site-relative path. */
export function feedHead(path: string, name: string, ctx: Pick<RenderContext, 'basePath'>): FeedHeadView {
  return { name, href: withBase(ctx.basePath, path) };
}
