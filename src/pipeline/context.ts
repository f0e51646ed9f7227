import path from 'node:path';
import { BUILD_SETTINGS, type Config, resolveConfig } from '../config/settings.ts';
import { type Building, readBuildings } from '../core/buildings/building.ts';
import { type AudienceCatalog, audienceCatalog } from '../core/calendar/audiences.ts';
import { chronological } from '../core/calendar/calendar.ts';
import { type SubscriptionFeeds, subscriptionFeeds } from '../core/calendar/feeds.ts';
import { type ProgramCatalog, programCatalog } from '../core/calendar/programs.ts';
import { readSessions, type Session, sessionSource } from '../core/calendar/session.ts';
import { DIRECTORY_FILE } from '../core/datasets/data-folder.ts';
import { publishedMethods } from '../core/datasets/published.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import type { PublishedMethod } from '../core/records/method-entry.ts';
import type { SiteData } from '../core/records/site-data.ts';
import { type RenderContext, renderContext } from '../core/site/address.ts';
import { loadSiteData } from '../load/data-fs.ts';
import { lineTimes, uncommittedFiles } from '../load/line-times.ts';
import { dataHistory, type FileHistory } from '../load/timestamp.ts';

/**
 * What every renderer of one build shares, each computed once: the validated data, where the site is served and the
 * build's timestamp, the methods with data (each with its records), the sessions in time order, the calendar feeds
 * and what each holds, the buildings, the programs and audiences the sessions are open to, and when each data set's
 * files last changed (BuildTarget's `dataTimes`).
 */
export interface BuildContext {
  root: string;
  dataDir: string;
  site: SiteData;
  render: RenderContext;
  published: PublishedMethod[];
  sessions: Session[];
  feeds: SubscriptionFeeds;
  buildings: Building[];
  catalog: ProgramCatalog;
  audiences: AudienceCatalog;
  dataTimes?: Readonly<Record<string, number>>;
  /**
   * When each session's row last changed (the newest commit touching its lines, by git blame): its events' DTSTAMP,
   * LAST-MODIFIED and SEQUENCE, so a pull request remakes only the feeds of what it changed. Undefined where
   * dataTimes is (every event carries the build's timestamp); a row not committed yet is left out (the build's).
   */
  revisions?: ReadonlyMap<Session, number>;
}

/**
 * The settings a build reads (DATA_DIR, SITE_URL, SOURCE_DATE_EPOCH, ASTRO_CACHE_DIR), resolved by the command that
 * runs it; the cache folder may be left out.
 */
export type BuildSettings = Pick<Config, 'dataDir' | 'site' | 'sourceDateEpoch'> &
  Partial<Pick<Config, 'astroCacheDir'>>;

/**
 * What a build reads and how it renders, before any data is read: the data folder; the address and timestamp; where
 * Astro's output is cached for builds of any output (ASTRO_CACHE_DIR; else in the output's versions folder); what git
 * says of the data (src/load/timestamp.ts, undefined under SOURCE_DATE_EPOCH or outside git: when each data set's
 * files last changed, which its API files carry; each data file's history, for when each session's row changed; the
 * newest commit's id); the build's clock (SOURCE_DATE_EPOCH, or now), by which the subscribers' feeds are chosen
 * (src/core/calendar/feed-window.ts).
 */
export interface BuildTarget {
  dataDir: string;
  render: RenderContext;
  astroCache?: string;
  dataTimes?: Record<string, number>;
  fileHistory?: ReadonlyMap<string, FileHistory>;
  dataHead?: string;
  now?: number;
}

/** The data folder and render context of a build; without settings, reads them from the environment. */
export function buildTarget(
  root: string,
  settings: BuildSettings = resolveConfig(BUILD_SETTINGS, process.env, root),
): BuildTarget {
  const paths: Record<string, string> = { methods: DIRECTORY_FILE };
  for (const set of Object.values(DATASETS)) if (!set.derived) paths[set.name] = set.name;
  const history = settings.sourceDateEpoch === undefined ? dataHistory(settings.dataDir, paths) : undefined;
  // The build's timestamp: SOURCE_DATE_EPOCH, else the newest commit touching the data folder, else now. The same
  // data gives the same files.
  const now = Math.floor(Date.now() / 1000);
  const render = renderContext(settings.site, settings.sourceDateEpoch ?? (history?.time || now));
  return {
    dataDir: settings.dataDir,
    render,
    ...(settings.astroCacheDir ? { astroCache: settings.astroCacheDir } : {}),
    now: settings.sourceDateEpoch ?? now,
    ...(history ? { dataTimes: history.parts, fileHistory: history.files, dataHead: history.head } : {}),
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
  const { dataDir, render, dataTimes, fileHistory } = target;
  const site = loadSiteData(dataDir, root);
  const catalog = programCatalog(site.programs);
  const audiences = audienceCatalog(site.audiences);
  const sessions = chronological(readSessions(site, catalog, audiences));
  const feeds = subscriptionFeeds(sessions, catalog, audiences, target.now ?? render.timestamp);
  const published = publishedMethods(site, DATASETS, render);
  const buildings = readBuildings(site);
  const revisions = fileHistory ? sessionRevisions(site, sessions, root, dataDir, fileHistory) : undefined;
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
    ...(revisions ? { revisions } : {}),
  };
}

/**
 * When each session's row last changed: the newest of its lines' commit times (a row may run over several lines).
 * A file one commit added and nothing changed since has that commit's time on every line (`history`); any other is
 * asked of `git blame`. A row with a line not committed yet is left out.
 */
export function sessionRevisions(
  site: SiteData,
  sessions: readonly Session[],
  cwd: string,
  dataDir: string,
  history: ReadonlyMap<string, FileHistory>,
): Map<Session, number> {
  const records = site.datasets.infosessions?.sessions ?? [];
  const byValues = new Map<unknown, number>();
  let uncommitted: Set<string> | undefined;
  const timesOf = (file: string): number | (number | undefined)[] => {
    const abs = path.resolve(cwd, file);
    const known = history.get(abs);
    uncommitted ??= uncommittedFiles(dataDir) ?? new Set();
    if (uncommitted.has(abs)) return lineTimes(file, cwd);
    // Git knows nothing of it (not tracked, ignored): no line has a time, and no git process is spent asking.
    if (known === undefined) return [];
    return known.commits === 1 && known.added ? known.time : lineTimes(file, cwd);
  };
  const blamed = new Map<string, number | (number | undefined)[]>();
  for (let i = 0; i < records.length; i++) {
    const at = records[i]!.at;
    if (!at) continue;
    let times = blamed.get(at.file);
    if (times === undefined) blamed.set(at.file, (times = timesOf(at.file)));
    if (typeof times === 'number') {
      byValues.set(records[i]!.values, times);
      continue;
    }
    const next = records[i + 1]?.at;
    const end = next?.file === at.file ? next.line - 1 : Math.max(at.line, times.length);
    let newest = -1;
    for (let line = at.line; line <= end; line++) {
      const t = times[line - 1];
      if (t === undefined) {
        // Past the blame's last line (the file's last row ends there) says nothing; any other line is not committed.
        if (line > times.length && line > at.line) break;
        newest = -1;
        break;
      }
      newest = Math.max(newest, t);
    }
    if (newest >= 0) byValues.set(records[i]!.values, newest);
  }
  const out = new Map<Session, number>();
  for (const s of sessions) {
    const time = byValues.get(sessionSource(s)?.[0]);
    if (time !== undefined) out.set(s, time);
  }
  return out;
}
