import type { DataDiff, DiffRecord, RecordChange } from './data-diff.ts';
import { isEmptyDiff } from './data-diff.ts';

/** The longest value shown in a table cell before it is shortened. */
const MAX_CELL = 80;

/** A value made safe for a Markdown table cell: one line, pipes escaped, long text shortened. */
export function cell(value: string): string {
  const flat = value.replace(/\r?\n/g, ' ').replace(/\s+/g, ' ').trim();
  const short = flat.length > MAX_CELL ? `${flat.slice(0, MAX_CELL - 1)}…` : flat;
  return short === ''
    ? '*(empty)*'
    : short.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/`/g, '\\`');
}

/** A table of whole records (added or removed), showing the fields that identify them. */
function recordTable(records: DiffRecord[], columns: string[]): string[] {
  return [
    `| ${columns.join(' | ')} | file |`,
    `|${columns.map(() => '---').join('|')}|---|`,
    ...records.map((r) => `| ${columns.map((c) => cell(r.values[c] ?? '')).join(' | ')} | ${cell(r.file)} |`),
  ];
}

/** A table of changed fields, one row per field. */
function changeTable(changes: RecordChange[], label: string): string[] {
  return [
    `| ${label} | field | before | after |`,
    '|---|---|---|---|',
    ...changes.flatMap((c) =>
      c.fields.map((f, i) => `| ${i === 0 ? cell(c.key) : ''} | ${f.field} | ${cell(f.before)} | ${cell(f.after)} |`),
    ),
  ];
}

/** The diff as Markdown for a pull-request comment or job summary: counts first, then tables. */
export function renderDiffMarkdown(diff: DataDiff, ref: string, to?: string): string {
  const title =
    to === undefined ? `## Data changes against \`${ref}\`` : `## Data changes from \`${ref}\` to \`${to}\``;
  const out = [title, ''];
  if (isEmptyDiff(diff)) return `${out.join('\n')}No data and no methods changed.\n`;
  const counts = diff.datasets.map(
    (d) => `**${d.label}**: ${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed`,
  );
  const dir = diff.directory;
  counts.push(
    `**method directory**: ${dir.added.length} added, ${dir.removed.length} removed, ${dir.changed.length} changed`,
  );
  out.push(counts.map((c) => `- ${c}`).join('\n'), '');
  for (const d of diff.datasets) {
    if (d.added.length)
      out.push(`### ${d.label}: added (${d.added.length})`, '', ...recordTable(d.added, [...d.shown]), '');
    if (d.removed.length)
      out.push(`### ${d.label}: removed (${d.removed.length})`, '', ...recordTable(d.removed, [...d.shown]), '');
    if (d.changed.length)
      out.push(`### ${d.label}: changed (${d.changed.length})`, '', ...changeTable(d.changed, d.key.join(' ')), '');
  }
  const methodColumns = ['method_id', 'path', 'service_name', 'source'];
  if (dir.added.length)
    out.push(`### Method directory: added (${dir.added.length})`, '', ...recordTable(dir.added, methodColumns), '');
  if (dir.removed.length)
    out.push(
      `### Method directory: removed (${dir.removed.length})`,
      '',
      ...recordTable(dir.removed, methodColumns),
      '',
    );
  if (dir.changed.length)
    out.push(`### Method directory: changed (${dir.changed.length})`, '', ...changeTable(dir.changed, 'method_id'), '');
  return `${out.join('\n').trimEnd()}\n`;
}
