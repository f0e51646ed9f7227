import path from 'node:path';
import { chronological } from '../core/calendar/calendar.ts';
import { subscriptionFeeds, type SubscriptionFeeds } from '../core/calendar/feeds.ts';
import { readSessions, type Session } from '../core/calendar/session.ts';
import { publishedMethods } from '../core/datasets/published.ts';
import type { PublishedMethod } from '../core/records/method-entry.ts';
import type { SiteData } from '../core/records/site-data.ts';
import { parseSiteUrl, renderContext, type RenderContext } from '../core/site/address.ts';
import { loadSiteData } from '../load/data-fs.ts';
import { buildTimestamp } from '../load/timestamp.ts';

/** What every renderer of one build shares: the validated data, where it is served, and its timestamp. */
export interface BuildContext {
  root: string;
  dataDir: string;
  site: SiteData;
  /** Where the site is served and the build's timestamp: what every renderer is given. */
  render: RenderContext;
  /** The methods with data, each with its records: computed once, shared by the API files and the pages. */
  published: PublishedMethod[];
  /** The information sessions read for the calendar (cancellations, programs, times), in time order. */
  sessions: Session[];
  /** The calendar feeds and what each holds: the feeds page lists them, the build writes them. */
  feeds: SubscriptionFeeds;
}

const KEY = Symbol.for('campus-api-static.build-context');
type Holder = { [KEY]?: BuildContext };

/** Reads and validates the data once; throws ValidationError when it has errors. */
export function createBuildContext(root: string, env: NodeJS.ProcessEnv = process.env): BuildContext {
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  const site = loadSiteData(dataDir, root);
  const address = parseSiteUrl(env.SITE_URL);
  const sessions = chronological(readSessions(site));
  const render = renderContext(address, buildTimestamp(dataDir, env).timestamp);
  return { root, dataDir, site, render, published: publishedMethods(site, address.apiBase), sessions, feeds: subscriptionFeeds(sessions) };
}

/** Makes a context the one the site's pages render from (the build sets it before Astro runs). */
export function shareBuildContext(context: BuildContext | undefined): void {
  (globalThis as Holder)[KEY] = context;
}

/**
 * The context the site's pages render from: the one the build shared, or (under `astro dev`)
 * one read from disk on first use.
 */
export function buildContext(): BuildContext {
  const holder = globalThis as Holder;
  holder[KEY] ??= createBuildContext(process.cwd());
  return holder[KEY];
}
