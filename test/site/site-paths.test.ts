import { existsSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_SETTINGS, resolveConfig } from '../../src/config/settings.ts';
import { monthSlug, monthsWithin, termsWithin } from '../../src/core/calendar/calendar.ts';
import { FORMATS } from '../../src/core/records/method-entry.ts';
import {
  buildingPaths,
  calendarPaths,
  methodListingFile,
  methodPaths,
  pageFile,
  sitePaths,
} from '../../src/core/site/paths.ts';
import { createBuildContext } from '../../src/pipeline/context.ts';
import { EPOCH, ROOT } from '../helpers/build.ts';
import { rootSite } from '../helpers/sites.ts';

// Every path site/paths.ts builds, for the real data, must be a file (or folder) of a built
// site. The tables are typed by the modules' keys: a new path without a row here does not compile.
const context = createBuildContext(ROOT, resolveConfig(BUILD_SETTINGS, { SOURCE_DATE_EPOCH: String(EPOCH) }, ROOT));
const { site, published, sessions, feeds, buildings } = context;

const SITE: Record<keyof typeof sitePaths, string[]> = {
  home: [pageFile(sitePaths.home)],
  apiDirectory: [pageFile(sitePaths.apiDirectory)],
  notFound: [sitePaths.notFound],
  favicon: [sitePaths.favicon],
  assets: [sitePaths.assets],
  api: [sitePaths.api],
  method: site.directory.map((e) => pageFile(sitePaths.method(e.methodId))),
  apiFile: published.flatMap((p) =>
    p.files.flatMap((file) => FORMATS.map((f) => sitePaths.apiFile(p.entry, f, file.params))),
  ),
  openapi: [sitePaths.openapi],
  jsonSchema: published.filter((p) => p.files.length > 0).map((p) => sitePaths.jsonSchema(p.entry)),
  xsd: published.filter((p) => p.files.length > 0).map((p) => sitePaths.xsd(p.entry)),
};

/** The page shells are rendered by Astro and removed by the build once filled: they must be absent. */
type Shells = 'sessionShell' | 'listingShell';
const CALENDAR: Record<Exclude<keyof typeof calendarPaths, Shells>, string[]> = {
  home: [pageFile(calendarPaths.home)],
  feeds: [pageFile(calendarPaths.feeds)],
  sessionsJson: [calendarPaths.sessionsJson],
  month: monthsWithin(sessions)
    .filter((m) => m.sessions.length > 0)
    .map((m) => pageFile(calendarPaths.month(monthSlug(m)))),
  term: termsWithin(sessions).map((t) => pageFile(calendarPaths.term(t.term.code))),
  session: sessions.map((s) => pageFile(calendarPaths.session(s.id))),
  allFeed: [calendarPaths.allFeed],
  termFeed: termsWithin(sessions).map((t) => calendarPaths.termFeed(t.term.code)),
  sessionFeed: sessions.map((s) => calendarPaths.sessionFeed(s.id)),
  audienceFeed: feeds.audiences.map((f) => f.path),
  programFeed: [...feeds.programs.map((f) => f.path), ...feeds.aliases.map((a) => a.path)],
  facultyFeed: [...feeds.faculties.map((f) => f.path), feeds.everyProgram.path],
  programAudienceFeed: feeds.programs.flatMap((p) => p.byAudience.map((f) => f.path)),
  search: [pageFile(calendarPaths.search)],
  searchManifest: [calendarPaths.searchManifest],
  searchShard: ['go', 'so'].map((k) => calendarPaths.searchShard(k)),
  searchDocs: [calendarPaths.searchDocs(0), calendarPaths.searchDocs(1)],
};
const BUILDINGS: Record<Exclude<keyof typeof buildingPaths, 'shell'>, string[]> = {
  home: [pageFile(buildingPaths.home)],
  building: buildings.map((b) => pageFile(buildingPaths.building(b.code))),
};
const SHELLS: Record<Shells | 'buildingShell' | 'methodShell', string> = {
  sessionShell: calendarPaths.sessionShell,
  listingShell: calendarPaths.listingShell,
  buildingShell: buildingPaths.shell,
  methodShell: methodPaths.shell,
};

let dist: string;
beforeAll(() => {
  dist = rootSite();
});

describe('every path the site-paths module builds exists in a built site', () => {
  it.each(Object.entries({ ...SITE, ...CALENDAR, ...BUILDINGS }))('%s', (_name, paths) => {
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((p) => !existsSync(path.join(dist, p)))).toEqual([]);
  });

  it('the method listing the 404 page and the server name', () => {
    expect(methodListingFile(site.directory)).toBe(
      sitePaths.apiFile(site.directory.find((e) => e.methodId === 1103)!, 'json'),
    );
    expect(existsSync(path.join(dist, methodListingFile(site.directory)))).toBe(true);
  });

  it.each(Object.entries(SHELLS))('%s is filled and removed by the build', (_name, folder) => {
    expect(existsSync(path.join(dist, folder))).toBe(false);
  });
});
