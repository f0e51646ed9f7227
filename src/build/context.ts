import path from 'node:path';
import { chronological } from '../core/calendar/calendar.ts';
import { subscriptionFeeds, type SubscriptionFeeds } from '../core/calendar/feeds.ts';
import { readSessions, type Session } from '../core/calendar/session.ts';
import { publishedMethods, type PublishedMethod } from '../core/endpoints.ts';
import type { SiteData } from '../core/site-data.ts';
import { parseSiteUrl, type SiteAddress } from '../core/site-url.ts';
import { loadSiteData } from '../load/data-fs.ts';
import { buildTimestamp } from '../load/timestamp.ts';

/** What every renderer of one build shares: the validated data, where it is served, and its timestamp. */
export interface BuildContext {
  root: string;
  dataDir: string;
  site: SiteData;
  address: SiteAddress;
  timestamp: number;
  /** The methods with data, each with its records: computed once, shared by the API files and the pages. */
  published: PublishedMethod[];
  /** The information sessions read for the calendar (cancellations, programs, times), in time order. */
  sessions: Session[];
  /** The calendar feeds and what each holds: the feeds page lists them, the build writes them. */
  feeds: SubscriptionFeeds;
}

/** Reads and validates the data once; throws ValidationError when it has errors. */
export function createBuildContext(root: string, env: NodeJS.ProcessEnv = process.env): BuildContext {
  const dataDir = path.resolve(root, env.DATA_DIR || 'data');
  const site = loadSiteData(dataDir, root);
  const address = parseSiteUrl(env.SITE_URL);
  const sessions = chronological(readSessions(site));
  return { root, dataDir, site, address, timestamp: buildTimestamp(dataDir, env).timestamp, published: publishedMethods(site, address.apiBase), sessions, feeds: subscriptionFeeds(sessions) };
}
