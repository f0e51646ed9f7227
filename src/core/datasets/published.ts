import { type MethodEntry, type PublishedMethod, pathParameters } from '../records/method-entry.ts';
import type { SiteData } from '../records/site-data.ts';
import type { DatasetRegistry } from './dataset.ts';
import { methodFiles } from './method-files.ts';
import { methodProvenance } from './provenance.ts';

/** Why a method publishes no data, as its no-data envelope and page say. */
function noDataReason(entry: MethodEntry): string {
  return (
    entry.noDataNote ?? `method ${entry.methodId} is listed in the directory, but no data set is published for it.`
  );
}

/**
 * What the build publishes for every method of the directory, in directory order: the files of
 * each method a data set feeds (fixed or one per placeholder value), a no-data envelope at the
 * fixed path of every other method (and of a live method, which only `npm start` can answer),
 * and nothing for a method with placeholders that nothing feeds.
 */
export function publishedMethods(
  site: SiteData,
  registry: DatasetRegistry,
  ctx: { apiBase: string; timestamp: number },
): PublishedMethod[] {
  return site.directory.map((entry): PublishedMethod => {
    const provenance = methodProvenance(entry, registry);
    return { ...publishedMethod(entry, site, registry, ctx), ...(provenance ? { provenance } : {}) };
  });
}

/** What the build publishes for one method of the directory (publishedMethods), its provenance aside. */
function publishedMethod(
  entry: MethodEntry,
  site: SiteData,
  registry: DatasetRegistry,
  ctx: { apiBase: string; timestamp: number },
): PublishedMethod {
  const set = entry.source === undefined ? undefined : registry[entry.source];
  const feed = set?.feeds[entry.methodId];
  const fixed = pathParameters(entry.path).length === 0;
  if (!set || !feed) {
    return fixed
      ? { entry, shape: 'array', files: [{ params: [], data: [] }], noData: noDataReason(entry), live: false }
      : { entry, shape: 'array', files: [], live: false };
  }
  const live = feed.live !== undefined;
  if (feed.live?.staticReason)
    return {
      entry,
      record: feed.record,
      shape: feed.data,
      files: [{ params: [], data: [] }],
      noData: feed.live.staticReason,
      live,
    };
  // A data set's method files as the data's check mapped them (its feed reads its tables and the directory alone).
  const checked = set.derived ? undefined : site.methodFiles?.get(entry.methodId);
  const files =
    checked ??
    methodFiles(
      entry,
      feed,
      feed.records({ tables: site.datasets[set.name] ?? {}, directory: site.directory, ...ctx }),
      site.directory,
      {
        file: 'methods.csv',
        line: entry.line,
        column: 1,
      },
    );
  return { entry, record: feed.record, shape: feed.data, files, live };
}
