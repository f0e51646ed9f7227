// The real data folder, read once per worker: the suites of a worker share its modules
// (isolate: false in test/vitest.config.ts), so the unit suites that read data/ whole share one
// read (about 0.65 CPU-s each) instead of each making its own, and the site data and the report
// are one read (loadSiteData is readDataFolder and siteDataOf). Read only: a suite that changes
// records reads its own with loadSiteData.
import path from 'node:path';
import type { DataReport } from '../../src/core/datasets/data-folder.ts';
import type { SiteData } from '../../src/core/records/site-data.ts';
import { readDataFolder, siteDataOf } from '../../src/load/data-fs.ts';
import { ROOT } from './build.ts';

let site: SiteData | undefined;
let report: DataReport | undefined;

/**
 * The site data of data/ as loadSiteData makes it, from the one read of realDataReport, less the data sets' file
 * digests (`sources`, empty here: only a build's reuse reads them).
 */
export function realSite(): SiteData {
  site ??= siteDataOf(realDataReport(), path.join(ROOT, 'data'), ROOT);
  return site;
}

/**
 * The report of reading and checking data/ (readDataFolder: its findings), read on first use: the suites that hold
 * the real data to a rule (every label known, every place mapped) share it, some 0.8 s a read.
 */
export function realDataReport(): DataReport {
  report ??= readDataFolder(path.join(ROOT, 'data'), ROOT);
  return report;
}
