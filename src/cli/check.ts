import { appendFileSync, existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isWholeDataFolder } from '../core/datasets/data-folder.ts';
import { DATASETS } from '../core/datasets/registry.ts';
import { fixCsv } from '../core/review/fix.ts';
import { fixJson } from '../core/review/fix-json.ts';
import { findingsMarkdown, type ReportFormat, renderFindings } from '../core/review/report-format.ts';
import { listDataFiles, readDataFile, readDataFolder, showPath } from '../load/data-fs.ts';
import { checkCommand } from './commands.ts';
import { cliMain, UsageError } from './runner.ts';

await cliMain(checkCommand, async ({ values, positional, config }) => {
  const format = (values.format ?? (config.githubActions ? 'github' : 'text')) as ReportFormat;
  const cwd = config.root;
  const dir = positional ?? (path.relative(cwd, config.dataDir) || '.');
  const files = existsSync(dir) && statSync(dir).isDirectory() ? listDataFiles(dir) : [];
  if (files.length === 0)
    throw new UsageError(
      `no data files (CSV, JSON) under ${dir}/: give the folder that holds the data (default DATA_DIR, else data)`,
    );

  // --fix: repair in memory, check the repaired folder, write only the files left without errors.
  const show = showPath(dir, cwd);
  const repaired = new Map<string, Uint8Array>();
  const changes = new Map<string, string[]>();
  if (values.fix) {
    for (const rel of files) {
      const bytes = readDataFile(dir, rel);
      if (!bytes) continue; // not a regular file: the check reports it
      const result = rel.toLowerCase().endsWith('.json') ? fixJson(bytes) : fixCsv(bytes);
      if (result.text === undefined) continue;
      repaired.set(rel, Buffer.from(result.text, 'utf8'));
      changes.set(rel, result.changes);
    }
  }
  // The folder the build reads (DATA_DIR), and any folder shaped like it (methods.csv, or the folders of two data
  // sets or more), is checked as the build checks it: without methods.csv, it would not build.
  const whole = isWholeDataFolder(files, DATASETS) || path.resolve(cwd, dir) === path.resolve(config.dataDir);
  let report = readDataFolder(dir, cwd, repaired, { whole });
  if (values.fix) {
    const log = (line: string) => (format === 'json' ? console.error(line) : console.log(line));
    const refused = new Set<string>();
    for (const [rel, list] of changes) {
      const errors = report.findings.errors.filter((f) => f.file === show(rel));
      if (errors.length > 0) {
        refused.add(rel);
        log(
          `${show(rel)}: not changed: ${errors.length} error${errors.length === 1 ? '' : 's'} would remain that ` +
            `--fix cannot repair (see below); fix those by hand first.`,
        );
        continue;
      }
      writeFileSync(path.join(dir, rel), repaired.get(rel)!);
      for (const c of list) log(`${show(rel)}:${c}`);
      log(`${show(rel)}: repaired (${list.length} change${list.length === 1 ? '' : 's'}).`);
    }
    if (changes.size === 0) log('Nothing to repair.');
    // Report what the files on disk now hold.
    if (refused.size > 0) report = readDataFolder(dir, cwd, undefined, { whole });
  }

  const findings = report.findings.list;
  process.stdout.write(renderFindings(findings, format, report.files.length));
  if (format === 'github' && config.stepSummary)
    appendFileSync(config.stepSummary, findingsMarkdown(findings, report.files.length));
  return report.findings.errors.length > 0 || (values.strict && findings.length > 0) ? 1 : 0;
});
