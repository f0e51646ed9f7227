import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fixCsv } from '../core/fix.ts';
import { findingsMarkdown, renderFindings, type ReportFormat } from '../core/report-format.ts';
import { listCsvFiles, readDataFile, readDataFolder, showPath } from '../load/data-fs.ts';

const USAGE = `Usage: npm run check -- [DIR] [--strict] [--fix] [--format text|json]

Checks every CSV under DIR (default data/): the method directory and each data set.
Problems print as FILE:LINE:COLUMN: severity: message. Exits 1 on any error
(and on any warning with --strict).

  --fix      repair what is safe to repair (Windows-1252 bytes to UTF-8, spaces around
             values, line endings) and say each change; a file that would still have
             errors after the repair is left untouched.
  --format   text (default), or json for other tools. Under GitHub Actions
             (GITHUB_ACTIONS=true) findings print as annotations, and the full list
             is added to the job summary.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    strict: { type: 'boolean', default: false },
    fix: { type: 'boolean', default: false },
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
const files = listCsvFiles(dir);
if (files.length === 0) {
  console.error(`No CSV files under ${dir}/. Give the folder that holds the data (default data/).`);
  process.exit(2);
}

// --fix: repair in memory, check the repaired folder, write only the files left without errors.
const show = showPath(dir, process.cwd());
const repaired = new Map<string, Uint8Array>();
const changes = new Map<string, string[]>();
if (values.fix) {
  for (const rel of files) {
    const bytes = readDataFile(dir, rel);
    if (!bytes) continue; // not a regular file: the check reports it
    const result = fixCsv(bytes);
    if (result.text === undefined) continue;
    repaired.set(rel, Buffer.from(result.text, 'utf8'));
    changes.set(rel, result.changes);
  }
}
let report = readDataFolder(dir, process.cwd(), repaired);
if (values.fix) {
  const log = (line: string) => (format === 'json' ? console.error(line) : console.log(line));
  const refused = new Set<string>();
  for (const [rel, list] of changes) {
    const errors = report.findings.errors.filter((f) => f.file === show(rel));
    if (errors.length > 0) {
      refused.add(rel);
      log(`${show(rel)}: not changed: ${errors.length} error${errors.length === 1 ? '' : 's'} would remain that --fix cannot repair (see below); fix those by hand first.`);
      continue;
    }
    writeFileSync(path.join(dir, rel), repaired.get(rel)!);
    for (const c of list) log(`${show(rel)}:${c}`);
    log(`${show(rel)}: repaired (${list.length} change${list.length === 1 ? '' : 's'}).`);
  }
  if (changes.size === 0) log('Nothing to repair.');
  // Report what the files on disk now hold.
  if (refused.size > 0) report = readDataFolder(dir, process.cwd());
}

const findings = report.findings.list;
process.stdout.write(renderFindings(findings, format, report.files.length));
if (format === 'github' && process.env.GITHUB_STEP_SUMMARY) {
  appendFileSync(process.env.GITHUB_STEP_SUMMARY, findingsMarkdown(findings, report.files.length));
}
const failed = report.findings.errors.length > 0 || (values.strict && findings.length > 0);
process.exit(failed ? 1 : 0);
