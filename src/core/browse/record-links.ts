import type { Dataset, FeedInput, ReadRecord, Tables } from '../datasets/dataset.ts';
import { type MethodEntry, pathParameters } from '../records/method-entry.ts';
import { apiFileHref } from '../render/catalogue.ts';
import type { RenderContext } from '../site/address.ts';

/** What finding a record's API file reads: the set's tables as read, the directory, the build's time and address. */
export type LinkInput = FeedInput<Tables>;

/**
 * Each record's own API file (JSON), by the feeds of its data set whose path has placeholders (a file per record, or
 * per group of records: `/v2/buildings/{building}.json`); where two feeds give a record a file, the one with more
 * placeholders (the narrower file). A record no such feed publishes has none.
 */
export function recordLinks(
  set: Dataset,
  input: LinkInput,
  ctx: Pick<RenderContext, 'basePath'>,
): ReadonlyMap<ReadRecord, string> {
  const links = new Map<ReadRecord, string>();
  const feeds = Object.entries(set.feeds)
    .map(([id, feed]) => ({ feed, entry: input.directory.find((e) => e.methodId === Number(id)) }))
    .filter((f): f is typeof f & { entry: MethodEntry } => f.entry !== undefined && f.feed.live === undefined)
    .filter((f) => f.feed.params !== undefined && pathParameters(f.entry.path).length > 0)
    .sort((a, b) => pathParameters(a.entry.path).length - pathParameters(b.entry.path).length);
  for (const { feed, entry } of feeds) {
    for (const record of feed.records(input)) {
      links.set(record, apiFileHref(entry, 'json', feed.params!(record), ctx));
    }
  }
  return links;
}
