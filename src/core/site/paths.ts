import { type Format, filledPath, type MethodEntry, pathParameters } from '../records/method-entry.ts';
import { METHOD_LISTING_ID } from '../records/method-record.ts';
import { VERSION_SEGMENT } from '../records/version.ts';

/**
 * The name of a method's schemas: the last segment of a fixed path (`infosessions`), or every
 * segment of a path with placeholders, braces dropped (`buildings-building`), so no two
 * methods of the directory share one.
 */
function schemaBaseName(entry: Pick<MethodEntry, 'path'>): string {
  const bare = entry.path.replace(/\.\{format\}$/, '');
  return pathParameters(entry.path).length === 0
    ? bare.split('/').pop()!
    : bare.slice(1).replace(/[{}]/g, '').split('/').join('-');
}

/**
 * Site-relative paths of the API, its schemas and the catalogue: no leading slash, folders
 * end in `/`. Output files sit at these paths inside dist/; links join them onto the base path.
 */
export const sitePaths = {
  /** The students' front door: this week's sessions and what comes next. */
  home: '',
  /** The developers' front door: the directory of the API's methods. */
  apiDirectory: 'api/',
  notFound: '404.html',
  favicon: 'favicon.svg',
  /** Astro's fingerprinted assets. */
  assets: '_astro/',
  /** Everything of the API below the base address: files, schemas, OpenAPI. */
  api: `${VERSION_SEGMENT}/`,
  method: (methodId: number) => `methods/${methodId}/`,
  /**
   * A method's file in one format: `v2/api/methods.json`; with placeholders, the file of their values
   * (`v2/buildings/MC.json`).
   */
  apiFile: (entry: Pick<MethodEntry, 'path'>, format: Format, params: readonly string[] = []) =>
    `${VERSION_SEGMENT}${filledPath(entry, format, params)}`,
  openapi: `${VERSION_SEGMENT}/openapi.json`,
  jsonSchema: (entry: Pick<MethodEntry, 'path'>) => `${VERSION_SEGMENT}/schemas/${schemaBaseName(entry)}.schema.json`,
  xsd: (entry: Pick<MethodEntry, 'path'>) => `${VERSION_SEGMENT}/schemas/${schemaBaseName(entry)}.xsd`,
};

/**
 * Where Astro renders the shell the build fills per method (and then removes): outside methods/. Apart from sitePaths,
 * which the pages' scripts bundle.
 */
export const methodPaths = { shell: 'method-shell/' } as const;

/** Site-relative paths of the calendar's pages and feeds. */
export const calendarPaths = {
  home: 'infosessions/',
  feeds: 'infosessions/feeds/',
  /** The compact list of every session the front door's script reads. */
  sessionsJson: 'infosessions/sessions.json',
  month: (slug: string) => `infosessions/${slug}/`,
  term: (code: string) => `infosessions/terms/${code}/`,
  session: (id: string) => `infosessions/${id}/`,
  allFeed: 'infosessions.ics',
  termFeed: (code: string) => `infosessions/terms/${code}.ics`,
  sessionFeed: (id: string) => `infosessions/${id}.ics`,
  audienceFeed: (slug: string) => `infosessions/audiences/${slug}.ics`,
  programFeed: (slug: string) => `infosessions/programs/${slug}.ics`,
  /** The sessions open to any program of a faculty (or, for `all`, sessions open to every program). */
  facultyFeed: (slug: string) => `infosessions/faculties/${slug}.ics`,
  /** The sessions of one program for one audience. */
  programAudienceFeed: (program: string, audience: string) => `infosessions/programs/${program}/${audience}.ics`,
  /** The search page across every term, and the files of its prebuilt index: manifest, word shards, session details. */
  search: 'infosessions/search/',
  searchManifest: 'infosessions/search-index/manifest.json',
  searchShard: (key: string) => `infosessions/search-index/words/${key}.json`,
  searchDocs: (chunk: number) => `infosessions/search-index/docs/${chunk}.json`,
  /** Where Astro renders the page shells the build fills per session, month and term (and then removes). */
  sessionShell: 'infosessions/session-shell/',
  listingShell: 'infosessions/listing-shell/',
};

/** Site-relative paths of the building pages: the list, and one page per building code. */
export const buildingPaths = {
  home: 'buildings/',
  building: (code: string) => `buildings/${code}/`,
  /** Where Astro renders the shell the build fills per building (and then removes): no building code can name it. */
  shell: 'building-shell/',
};

/**
 * Site-relative paths of the data portal: its page, each table's bulk downloads (`data/exam-schedule.csv`), the
 * database, the Data Package, the list of downloads, the change feed and each data set's record change times.
 */
export const portalPaths = {
  home: 'data/',
  download: (name: string, format: 'csv' | 'json' | 'ndjson') => `data/${name}.${format}`,
  database: 'data/campus-api.sqlite',
  dataPackage: 'data/datapackage.json',
  downloads: 'data/downloads.json',
  changesJson: 'data/changes.json',
  changesAtom: 'data/changes.atom',
  changeTimes: (dataset: string) => `data/${dataset}/changed.json`,
  /** A data set's page: its first table's. */
  set: (set: string) => `data/${set}/`,
  /** A data set's table page: its set's folder for its first table, a folder of its own below it for the others. */
  table: (set: string, table: string, first: boolean) => (first ? `data/${set}/` : `data/${set}/${table}/`),
};

/** The file that holds a page in its folder: `infosessions/2014/01/index.html`. */
export function pageFile(folder: string): string {
  return `${folder}index.html`;
}

/** The method listing's JSON file, or the method directory's page when the directory lists no such method. */
export function methodListingFile(directory: readonly MethodEntry[]): string {
  const listing = directory.find((e) => e.methodId === METHOD_LISTING_ID);
  return listing ? sitePaths.apiFile(listing, 'json') : sitePaths.apiDirectory;
}

/** Joins a site-relative path (`infosessions/`, `/v2/api/methods.json`) onto the base path. */
export function withBase(basePath: string, target: string): string {
  return `${basePath}${target.replace(/^\/+/, '')}`;
}

/** A method's URL below the API's base address, placeholders left in braces: `https://…/v2/api/methods.{format}`. */
export function methodUrl(apiBase: string, path: string): string {
  return `${apiBase}${path}`;
}

/** The ways to subscribe to a calendar feed at an absolute http(s) URL: the links calendar apps and services answer. */
export interface FeedSubscription {
  /** `webcal://…`: Apple Calendar, iOS, Thunderbird and desktop Outlook open it as a subscription. */
  webcal: string;
  /** The feed itself, to paste into any calendar's "add by URL". */
  https: string;
  /** Google Calendar's add-by-URL page with the feed filled in (the web and Android's Google Calendar). */
  google: string;
  /** Outlook.com's add-from-web page with the feed filled in. */
  outlook: string;
  /** The same page of Outlook for work or school (Microsoft 365). */
  office: string;
}

/** The subscribe links of a feed at `feedUrl` (absolute), named `name` in calendars that ask. */
export function feedSubscription(feedUrl: string, name: string): FeedSubscription {
  const webcal = feedUrl.replace(/^https?:/, 'webcal:');
  const addFromWeb = `calendar/0/addfromweb?url=${encodeURIComponent(feedUrl)}&name=${encodeURIComponent(name)}`;
  return {
    webcal,
    https: feedUrl,
    google: `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal)}`,
    outlook: `https://outlook.live.com/${addFromWeb}`,
    office: `https://outlook.office.com/${addFromWeb}`,
  };
}
