import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { diffData } from '../core/review/data-diff.ts';
import { readDataFiles } from '../core/datasets/data-folder.ts';
import { renderDiffMarkdown } from '../core/review/diff-markdown.ts';
import { readDataFolder, showPath } from '../load/data-fs.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import { readDataAtRef } from '../load/git-data.ts';
import { diffCommand } from './commands.ts';
import { cliMain } from './runner.ts';

await cliMain(diffCommand, async ({ values, positional, config }) => {
  const ref = positional!;
  const { root, dataDir } = config;
  const show = showPath(dataDir, root);
  const before = readDataFiles(readDataAtRef(ref, path.relative(root, dataDir) || '.', root), show, DATASETS, path.basename(path.resolve(dataDir)));
  const after = readDataFolder(dataDir, root);
  const diff = diffData(before, after, DATASETS);
  const text = values.format === 'json' ? `${JSON.stringify({ ref, ...diff }, null, 2)}\n` : renderDiffMarkdown(diff, ref);
  process.stdout.write(text);
  if (values.summary && config.stepSummary) appendFileSync(config.stepSummary, renderDiffMarkdown(diff, ref));
  if (after.findings.errors.length > 0) {
    console.error(`Note: the working tree's data has ${after.findings.errors.length} error(s); run npm run check for details.`);
  }
});
