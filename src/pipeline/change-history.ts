import { Buffer } from 'node:buffer';
import { readAndCheck, type SetReader } from '../core/datasets/data-folder.ts';
import type { DatasetRegistry, SourceFile } from '../core/datasets/dataset.ts';
import { changeEntries, rememberingReader } from '../core/portal/change-feed.ts';
import type { DataHistory } from '../core/portal/change-files.ts';
import type { SiteData } from '../core/records/site-data.ts';
import { listDataFiles, readDataFile } from '../load/data-fs.ts';
import { readDataHistory } from '../load/data-history.ts';

/** How many commits the change feed keeps, newest first. */
export const FEED_COMMITS = 100;

/**
 * A set reader that takes the build's own records for a set whose files are the data folder's as they are (most of what
 * the newest commits left), and reads any other set once (rememberingReader): the history is not read twice.
 */
function historyReader(site: Pick<SiteData, 'datasets'>, dataDir: string): SetReader {
  const current = new Map(listDataFiles(dataDir).map((rel) => [rel, readDataFile(dataDir, rel)]));
  const same = (set: string, files: readonly SourceFile[]) =>
    files.every((f) => {
      const now = current.get(`${set}/${f.rel}`);
      return now !== undefined && Buffer.from(f.bytes).equals(now);
    });
  const read = rememberingReader(readAndCheck);
  return (set, files, findings) => {
    const tables = site.datasets[set.name];
    const whole = files.length === [...current.keys()].filter((r) => r.startsWith(`${set.name}/`)).length;
    if (tables && whole && same(set.name, files)) return tables;
    return read(set, files, findings);
  };
}

/**
 * The data's history for the change feed: the entries of the newest FEED_COMMITS commits that changed the data folder,
 * or undefined when the folder is not in git.
 */
export function dataChanges(
  site: Pick<SiteData, 'datasets'>,
  dataDir: string,
  registry: DatasetRegistry,
): DataHistory | undefined {
  const history = readDataHistory(dataDir, FEED_COMMITS);
  if (!history) return undefined;
  const { commits, complete } = history;
  return {
    entries: changeEntries(commits, registry, historyReader(site, dataDir)),
    complete,
  };
}
