import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { findingsMarkdown, renderFindings, type ReportFormat } from '../core/report-format.ts';
import { readDataFolder } from '../load/data-fs.ts';

const USAGE = `Usage: npm run check -- [DIR] [--strict] [--format text|json]

Checks every CSV under DIR (default data/): the method directory and each data set.
Problems print as FILE:LINE:COLUMN: severity: message. Exits 1 on any error
(and on any warning with --strict). Under GitHub Actions (GITHUB_ACTIONS=true) the
findings print as annotations, and the full list goes to the job summary.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    strict: { type: 'boolean', default: false },
    format: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const format = (values.format ?? (process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'text')) as ReportFormat;
if (!['text', 'json', 'github'].includes(format)) {
  console.error(`Unknown --format "${values.format}": use text or json.\n\n${USAGE}`);
  process.exit(2);
}
const dir = positionals[0] ?? 'data';
const report = readDataFolder(dir);
if (report.files.length === 0) {
  console.error(`No CSV files under ${dir}/. Give the folder that holds the data (default data/).`);
  process.exit(2);
}
const findings = report.findings.list;
process.stdout.write(renderFindings(findings, format, report.files.length));
if (format === 'github' && process.env.GITHUB_STEP_SUMMARY) {
  appendFileSync(process.env.GITHUB_STEP_SUMMARY, findingsMarkdown(findings, report.files.length));
}
const failed = report.findings.errors.length > 0 || (values.strict && findings.length > 0);
process.exit(failed ? 1 : 0);
