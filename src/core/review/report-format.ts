import { type Finding, formatFinding, sortFindings } from '../read/findings.ts';

/** How findings are printed: text lines, GitHub workflow annotations, or JSON. */
export type ReportFormat = 'text' | 'github' | 'json';

/** Escapes an annotation's message as GitHub's workflow commands require. */
function escapeData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes an annotation property value (file, title). */
function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** `::error file=PATH,line=N,col=M,title=RULE::message`, GitHub's annotation syntax. */
function formatAnnotation(f: Finding): string {
  const title = escapeProperty(`${f.rule} (${f.severity})`);
  const props = `file=${escapeProperty(f.file)},line=${f.line},col=${f.column},title=${title}`;
  return `::${f.severity} ${props}::${escapeData(f.message)}`;
}

/** One line summing up the findings, e.g. `2 errors, 5 warnings in 4 files`. */
export function summary(findings: readonly Finding[], files: number): string {
  const errors = findings.filter((f) => f.severity === 'error').length;
  const warnings = findings.length - errors;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${plural(errors, 'error')}, ${plural(warnings, 'warning')} in ${plural(files, 'file')} checked`;
}

/** A Markdown table of every finding, for a job summary (GitHub shows only the first annotations). */
export function findingsMarkdown(findings: readonly Finding[], files: number): string {
  const lines = [`### Data check: ${summary(findings, files)}`, ''];
  if (findings.length === 0) return `${lines.join('\n')}\nNo problems found.\n`;
  lines.push('| | Where | Rule | What is wrong and how to fix it |', '|---|---|---|---|');
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  for (const f of sortFindings(findings)) {
    lines.push(
      `| ${f.severity === 'error' ? '❌' : '⚠️'} | \`${cell(`${f.file}:${f.line}:${f.column}`)}\` | ${f.rule} | ` +
        `${cell(f.message)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Renders findings in a format, sorted by place; text ends with the summary line. */
export function renderFindings(findings: readonly Finding[], format: ReportFormat, files: number): string {
  const sorted = sortFindings(findings);
  if (format === 'json') {
    const count = (severity: Finding['severity']) => sorted.filter((f) => f.severity === severity).length;
    const report = { files, errors: count('error'), warnings: count('warning'), findings: sorted };
    return `${JSON.stringify(report, null, 2)}\n`;
  }
  const lines = sorted.map(format === 'github' ? formatAnnotation : formatFinding);
  if (format === 'text') lines.push(summary(findings, files));
  return `${lines.join('\n')}\n`;
}
