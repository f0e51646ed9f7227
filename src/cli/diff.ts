import { appendFileSync, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { type DataReport, readDataFiles } from '../core/datasets/data-folder.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import { ConfigError } from '../core/read/findings.ts';
import { diffData } from '../core/review/data-diff.ts';
import { renderDiffMarkdown } from '../core/review/diff-markdown.ts';
import { listDataFiles, readDataFolder, showPath } from '../load/data-fs.ts';
import { readDataAtRef } from '../load/git-data.ts';
import { diffCommand } from './commands.ts';
import { cliMain, UsageError } from './runner.ts';

/**
 * A data folder given on the command line, its files named inside it (so both sides name them
 * alike); one line when it is none.
 */
function readFolder(dir: string): DataReport {
  if (!existsSync(dir) || !statSync(dir).isDirectory() || listDataFiles(dir).length === 0) {
    throw new ConfigError(`${dir} is not a folder of data files (CSV, JSON).`);
  }
  return readDataFolder(dir, dir);
}

/**
 * The data files at a git ref; a folder given alone (no NEW_DIR after it) is a usage error, not an unknown ref (git's
 * advice to fetch it would mislead).
 */
function readRefOrSay(ref: string, dataDir: string, root: string): ReturnType<typeof readDataAtRef> {
  try {
    return readDataAtRef(ref, dataDir, root);
  } catch (error) {
    if (error instanceof ConfigError && existsSync(ref) && statSync(ref).isDirectory())
      throw new UsageError(`${ref} is a folder: give the newer data folder after it (OLD_DIR NEW_DIR), or a git ref`);
    throw error;
  }
}

await cliMain(diffCommand, async ({ values, positional, second, config }) => {
  const { root, dataDir } = config;
  const first = positional!;
  // Two folders: no git involved (two downloads, two releases); else a ref against the working tree.
  const folders = second !== undefined;
  const before = folders
    ? readFolder(first)
    : readDataFiles(
        readRefOrSay(first, dataDir, root),
        showPath(dataDir, root),
        DATASETS,
        path.basename(path.resolve(dataDir)),
      );
  const after = folders ? readFolder(second) : readDataFolder(dataDir, root);
  const [from, to] = folders
    ? [path.basename(path.resolve(first)), path.basename(path.resolve(second))]
    : [first, undefined];
  const diff = diffData(before, after, DATASETS);
  const json = `${JSON.stringify({ ref: from, ...(to !== undefined && { to }), ...diff }, null, 2)}\n`;
  process.stdout.write(values.format === 'json' ? json : renderDiffMarkdown(diff, from, to));
  if (values.summary && config.stepSummary) appendFileSync(config.stepSummary, renderDiffMarkdown(diff, from, to));
  if (after.findings.errors.length > 0) {
    console.error(`Note: the newer data has ${after.findings.errors.length} error(s); run npm run check for details.`);
  }
});
