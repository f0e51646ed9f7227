import type { DataDiff, DiffRecord, RecordChange, RepeatedKey } from './data-diff.ts';
import { isEmptyDiff } from './data-diff.ts';

/** The longest value shown in a table cell before it is shortened. */
const MAX_CELL = 80;

/** A value on one line, runs of white space written as one space. */
const flat = (value: string) => value.replace(/\r?\n/g, ' ').replace(/\s+/g, ' ').trim();

/** A value made safe for a Markdown table cell: one line, pipes escaped, long text shortened. */
export function cell(value: string): string {
  const one = flat(value);
  const short = one.length > MAX_CELL ? `${one.slice(0, MAX_CELL - 1)}…` : one;
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

/**
 * A changed value's two sides as table cells that show where they differ: when both are longer than a cell, each is
 * cut to a window opening a little before their first difference (`…`), so that a change past the 80th character is
 * never shown as the same text twice.
 */
export function changedCells(before: string, after: string): [string, string] {
  const [a, b] = [flat(before), flat(after)];
  let same = 0;
  while (same < a.length && a[same] === b[same]) same++;
  const start = Math.max(0, same - 20);
  const from = (t: string) => (start > 0 && t.length > MAX_CELL ? `…${t.slice(start)}` : t);
  return [cell(from(a)), cell(from(b))];
}

/** A table of changed fields, one row per field (a nested field's changed leaves, one row each). */
function changeTable(changes: RecordChange[], label: string): string[] {
  const row = (key: string, field: string, [before, after]: [string, string]) =>
    `| ${key} | ${cell(field)} | ${before} | ${after} |`;
  return [
    `| ${label} | field | before | after |`,
    '|---|---|---|---|',
    ...changes.flatMap((c) =>
      c.fields.map((f, i) => row(i === 0 ? cell(c.key) : '', f.field, changedCells(f.before, f.after))),
    ),
  ];
}

/** The keys held by more than one record: a finding for the reviewer (the check's error), with where each stands. */
function repeatedTable(repeated: readonly RepeatedKey[], label: string): string[] {
  return [
    `Each of these keys is held by more than one record (\`npm run check\` says so): ` +
      'the diff matches them in order, first to first. Give each record its own key.',
    '',
    `| ${label} | data | records at |`,
    '|---|---|---|',
    ...repeated.map(
      (r) => `| ${cell(r.key)} | ${r.side === 'after' ? 'newer' : 'older'} | ${cell(r.places.join(', '))} |`,
    ),
  ];
}

/** The API paths no record serves any more: what clients lose (a removed or renamed record). */
function removedPathList(paths: DataDiff['removedPaths']): string[] {
  if (paths.length === 0) return [];
  return [
    `### API paths removed (${paths.length})`,
    '',
    'No record serves these paths any more: API clients asking for them (and their .xml twins) will get 404.',
    '',
    ...paths.map((p) => `- \`${p.path}\` (method ${p.methodId})`),
    '',
  ];
}

/** The diff as Markdown for a pull-request comment or job summary: counts first, then tables. */
export function renderDiffMarkdown(diff: DataDiff, ref: string, to?: string): string {
  const title =
    to === undefined ? `## Data changes against \`${ref}\`` : `## Data changes from \`${ref}\` to \`${to}\``;
  const out = [title, ''];
  if (isEmptyDiff(diff)) return `${out.join('\n')}No data and no methods changed.\n`;
  const repeats = (n: number) => (n > 0 ? `, ${n} key${n === 1 ? '' : 's'} held twice or more` : '');
  const tables = [...diff.datasets, ...diff.lists];
  const counts = tables.map(
    (d) =>
      `**${d.label}**: ${d.added.length} added, ${d.removed.length} removed, ${d.changed.length} changed` +
      repeats(d.repeated.length),
  );
  const dir = diff.directory;
  counts.push(
    `**method directory**: ${dir.added.length} added, ${dir.removed.length} removed, ${dir.changed.length} changed`,
  );
  out.push(counts.map((c) => `- ${c}`).join('\n'), '', ...removedPathList(diff.removedPaths));
  for (const d of tables) {
    if (d.repeated.length)
      out.push(
        `### ${d.label}: repeated keys (${d.repeated.length})`,
        '',
        ...repeatedTable(d.repeated, d.key.join(' ')),
        '',
      );
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
