import type { MethodEntry } from '../records/method-entry.ts';
import { DIRECTORY_FILE } from '../site/host-config.ts';
import type { DatasetRegistry } from './dataset.ts';
import type { MethodService } from './method-services.ts';

export { DIRECTORY_FILE };

/**
 * What the directory file (DIRECTORY_FILE) holds: the methods (paths, key rules, cache times,
 * usage rules) and which of them publish data.
 */
export interface PublishedDirectory {
  directory: MethodEntry[];
  /** The IDs of the methods whose files hold data (MethodService.hasData). */
  hasData: number[];
}

/** The directory file's text for a build's directory and services. */
export function directoryFileBody(
  directory: readonly MethodEntry[],
  services: ReadonlyMap<number, MethodService>,
): string {
  const doc: PublishedDirectory = {
    directory: [...directory],
    hasData: directory.filter((e) => services.get(e.methodId)?.hasData).map((e) => e.methodId),
  };
  return `${JSON.stringify(doc)}\n`;
}

/** Reads a directory file's text; throws an Error naming what is wrong when it is not one. */
export function parseDirectoryFile(text: string): PublishedDirectory {
  const doc = JSON.parse(text) as Partial<PublishedDirectory>;
  const entryOk = (e: Partial<MethodEntry>) =>
    typeof e?.methodId === 'number' && typeof e.path === 'string' && Array.isArray(e.parameters);
  if (!doc || !Array.isArray(doc.directory) || !doc.directory.every(entryOk) || !Array.isArray(doc.hasData)) {
    throw new Error(`${DIRECTORY_FILE} does not hold a directory of methods: build again.`);
  }
  return { directory: doc.directory, hasData: doc.hasData.filter((id) => typeof id === 'number') };
}

/**
 * How a server answers each method of a published directory: whether its files hold data (as
 * the build said), and the live answer of a method whose data set answers it live (from the code
 * of `registry`, which needs to hold only the data sets with live methods).
 */
export function publishedServices(
  published: PublishedDirectory,
  registry: DatasetRegistry,
): Map<number, MethodService> {
  const withData = new Set(published.hasData);
  const out = new Map<number, MethodService>();
  for (const entry of published.directory) {
    const feed = entry.source === undefined ? undefined : registry[entry.source]?.feeds[entry.methodId];
    out.set(entry.methodId, {
      hasData: withData.has(entry.methodId),
      ...(feed?.live ? { live: { record: feed.record, data: feed.data, answer: feed.live.answer } } : {}),
    });
  }
  return out;
}
