// What a version of the output is answered by: its directory (read from the version's own
// directory file) and what follows from it, read once per version.
import type { DatasetRegistry } from '../core/datasets/dataset.ts';
import type { MethodService } from '../core/datasets/method-services.ts';
import { DIRECTORY_FILE, parseDirectoryFile, publishedServices } from '../core/datasets/published-directory.ts';
import type { MethodEntry } from '../core/records/method-entry.ts';
import { type ApiRoute, createApiRouter } from '../core/site/api-routes.ts';
import { headerRules, headersOfRules } from '../core/site/host-config.ts';
import type { SiteFile, SiteFiles } from './handler.ts';

/** What a version of the output is answered by: its directory and what follows from it. */
export interface SiteRules {
  directory: readonly MethodEntry[];
  services: ReadonlyMap<number, MethodService>;
  route: (pathname: string) => ApiRoute | undefined;
  headersOf: (sitePath: string) => Record<string, string>;
}

/** The rules of a directory and its methods' services. */
export function siteRules(directory: readonly MethodEntry[], services: ReadonlyMap<number, MethodService>): SiteRules {
  return { directory, services, route: createApiRouter(directory), headersOf: headersOfRules(headerRules(directory)) };
}

/** How many versions' rules are kept (the oldest dropped): a new build publishes a new version. */
const KEPT_VERSIONS = 4;

/**
 * The rules of a version, each version's directory file read once; `fallback` when the version
 * holds no directory file (built before it had one), undefined when there is none.
 */
export function rulesReader<F extends SiteFile>(
  files: SiteFiles<F>,
  datasets: DatasetRegistry,
  fallback: SiteRules | undefined,
): (version: string) => Promise<SiteRules | undefined> {
  const byVersion = new Map<string, Promise<SiteRules | undefined>>();
  const read = async (version: string): Promise<SiteRules | undefined> => {
    const file = await files.find(version, `/${DIRECTORY_FILE}`);
    if (!file) return fallback;
    const published = parseDirectoryFile(await file.text());
    return siteRules(published.directory, publishedServices(published, datasets));
  };
  return (version) => {
    let rules = byVersion.get(version);
    if (!rules) {
      rules = read(version);
      byVersion.set(version, rules);
      rules.catch(() => byVersion.delete(version));
      if (byVersion.size > KEPT_VERSIONS) byVersion.delete(byVersion.keys().next().value!);
    }
    return rules;
  };
}
