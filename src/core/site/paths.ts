import { concretePath, type Format, type MethodEntry } from '../records/method-entry.ts';
import { DIRECTORY_SOURCE } from '../records/method-record.ts';
import { VERSION_SEGMENT } from '../records/version.ts';

/** The name a published method's files and schemas share: the last segment of its path (`infosessions`). */
function schemaBaseName(entry: Pick<MethodEntry, 'path'>): string {
  return /([^/]+)\.\{format\}$/.exec(entry.path)![1]!;
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
  /** A method's file in one format: `v2/api/methods.json`. */
  apiFile: (entry: Pick<MethodEntry, 'path'>, format: Format) => `${VERSION_SEGMENT}${concretePath(entry, format)}`,
  openapi: `${VERSION_SEGMENT}/openapi.json`,
  jsonSchema: (entry: Pick<MethodEntry, 'path'>) => `${VERSION_SEGMENT}/schemas/${schemaBaseName(entry)}.schema.json`,
  xsd: (entry: Pick<MethodEntry, 'path'>) => `${VERSION_SEGMENT}/schemas/${schemaBaseName(entry)}.xsd`,
};

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
  /** Where Astro renders the page shells the build fills per session, month and term (and then removes). */
  sessionShell: 'infosessions/session-shell/',
  listingShell: 'infosessions/listing-shell/',
};

/** The file that holds a page in its folder: `infosessions/2014/01/index.html`. */
export function pageFile(folder: string): string {
  return `${folder}index.html`;
}

/** The method listing's JSON file, or the method directory's page when the directory lists no such method. */
export function methodListingFile(directory: readonly MethodEntry[]): string {
  const listing = directory.find((e) => e.source === DIRECTORY_SOURCE);
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
