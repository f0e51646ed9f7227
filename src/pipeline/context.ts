import { BUILD_SETTINGS, type Config, resolveConfig } from '../config/settings.ts';
import { type Building, readBuildings } from '../core/buildings/building.ts';
import { type AudienceCatalog, audienceCatalog } from '../core/calendar/audiences.ts';
import { chronological } from '../core/calendar/calendar.ts';
import { type SubscriptionFeeds, subscriptionFeeds } from '../core/calendar/feeds.ts';
import { type ProgramCatalog, programCatalog } from '../core/calendar/programs.ts';
import { readSessions, type Session } from '../core/calendar/session.ts';
import { DIRECTORY_FILE } from '../core/datasets/data-folder.ts';
import { publishedMethods } from '../core/datasets/published.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import type { PublishedMethod } from '../core/records/method-entry.ts';
import type { SiteData } from '../core/records/site-data.ts';
import { type RenderContext, renderContext } from '../core/site/address.ts';
import { loadSiteData } from '../load/data-fs.ts';
import { buildTimestamp, dataTimestamps } from '../load/timestamp.ts';

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
  /** The campus buildings, read for their pages and for the session pages' locations. */
  buildings: Building[];
  /** The programs the sessions are open to, complete once every session is read. */
  catalog: ProgramCatalog;
  /** The audiences the sessions are open to (data/audiences/), complete once every session is read. */
  audiences: AudienceCatalog;
  /**
   * When each data set's files last changed (see BuildTarget), the API files' meta.timestamp; undefined: the build's
   * timestamp for all.
   */
  dataTimes?: Readonly<Record<string, number>>;
}

/**
 * The settings a build reads (DATA_DIR, SITE_URL, SOURCE_DATE_EPOCH, ASTRO_CACHE_DIR), resolved by the command that
 * runs it; the cache folder may be left out.
 */
export type BuildSettings = Pick<Config, 'dataDir' | 'site' | 'sourceDateEpoch'> &
  Partial<Pick<Config, 'astroCacheDir'>>;

/** What a build reads and how it renders, before any data is read: the data folder, the address and the timestamp. */
export interface BuildTarget {
  dataDir: string;
  render: RenderContext;
  /**
   * Where Astro's output is cached for builds of any output (ASTRO_CACHE_DIR), or undefined for the output's own
   * versions folder.
   */
  astroCache?: string;
  /**
   * When each data set's files last changed, by data set name (the newest commit touching its
   * folder; `methods`, the directory's own data set, by the directory's file): the API files of
   * a data set carry its time, not the build's. Undefined under SOURCE_DATE_EPOCH or outside git.
   */
  dataTimes?: Record<string, number>;
}

/** The data folder and render context of a build; without settings, reads them from the environment. */
export function buildTarget(
  root: string,
  settings: BuildSettings = resolveConfig(BUILD_SETTINGS, process.env, root),
): BuildTarget {
  const render = renderContext(
    settings.site,
    settings.sourceDateEpoch ?? buildTimestamp(settings.dataDir, {}).timestamp,
  );
  const paths: Record<string, string> = { methods: DIRECTORY_FILE };
  for (const set of Object.values(DATASETS)) if (!set.derived) paths[set.name] = set.name;
  const dataTimes = settings.sourceDateEpoch === undefined ? dataTimestamps(settings.dataDir, paths, {}) : undefined;
  return {
    dataDir: settings.dataDir,
    render,
    ...(settings.astroCacheDir ? { astroCache: settings.astroCacheDir } : {}),
    ...(dataTimes ? { dataTimes } : {}),
  };
}

/**
 * Reads and validates the data once; throws ValidationError when it has errors. Without settings, reads them from the
 * environment.
 */
export function createBuildContext(
  root: string,
  settings?: BuildSettings,
  target: BuildTarget = buildTarget(root, settings),
): BuildContext {
  const { dataDir, render, dataTimes } = target;
  const site = loadSiteData(dataDir, root);
  const catalog = programCatalog(site.programs);
  const audiences = audienceCatalog(site.audiences);
  const sessions = chronological(readSessions(site, catalog, audiences));
  const feeds = subscriptionFeeds(sessions, catalog, audiences);
  const published = publishedMethods(site, DATASETS, render);
  const buildings = readBuildings(site);
  return {
    root,
    dataDir,
    site,
    render,
    published,
    sessions,
    feeds,
    buildings,
    catalog,
    audiences,
    ...(dataTimes ? { dataTimes } : {}),
  };
}
