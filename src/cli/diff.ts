import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { diffData } from '../core/review/data-diff.ts';
import { readDataFiles } from '../core/datasets/data-folder.ts';
import { renderDiffMarkdown } from '../core/review/diff-markdown.ts';
import { ConfigError } from '../core/read/findings.ts';
import { readDataFolder, showPath } from '../load/data-fs.ts';
import { readDataAtRef } from '../load/git-data.ts';

const USAGE = `Usage: npm run diff -- <git-ref> [--format markdown|json] [--summary]

Compares the sessions and the method directory in data/ at <git-ref> with the working
tree: sessions added, removed and changed (matched by id, each changed field with its
old and new value). Markdown by default; --summary also appends it to
$GITHUB_STEP_SUMMARY.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: 'string', default: 'markdown' },
    summary: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help || positionals.length !== 1 || !['markdown', 'json'].includes(values.format!)) {
  console.error(USAGE);
  process.exit(values.help ? 0 : 2);
}
const ref = positionals[0]!;
const dataDir = process.env.DATA_DIR || 'data';

try {
  const show = showPath(dataDir, process.cwd());
  const before = readDataFiles(readDataAtRef(ref, dataDir, process.cwd()), show);
  const after = readDataFolder(dataDir, process.cwd());
  const diff = diffData(before, after);
  const text = values.format === 'json' ? `${JSON.stringify({ ref, ...diff }, null, 2)}\n` : renderDiffMarkdown(diff, ref);
  process.stdout.write(text);
  if (values.summary && process.env.GITHUB_STEP_SUMMARY) appendFileSync(process.env.GITHUB_STEP_SUMMARY, renderDiffMarkdown(diff, ref));
  if (after.findings.errors.length > 0) {
    console.error(`Note: the working tree's data has ${after.findings.errors.length} error(s); run npm run check for details.`);
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : (error as Error).message);
  process.exit(1);
}
