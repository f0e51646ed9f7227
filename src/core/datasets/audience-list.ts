import { closest } from '../read/closest.ts';
import type { CsvCell } from '../read/csv-table.ts';
import { Findings } from '../read/findings.ts';
import { type AudienceList, EVERY_AUDIENCE } from '../records/audience-list.ts';
import { labelKey } from '../records/program-list.ts';
import { cellPosition, readCsvRows } from './csv-reader.ts';
import type { ReadRecord, SourceFile } from './dataset.ts';

/** The audience list's folder and file inside the data folder (the site's own data, published by no method). */
export const AUDIENCE_LIST = { folder: 'audiences/', labels: 'audiences/audiences.csv' } as const;

const COLUMNS = ['label', 'audiences'] as const;

/**
 * Reads and checks the audience list: every label once, each opening the session to one or
 * more audiences (names separated by `|`), or to every audience (`ALL`). The audiences are the
 * names the list writes in that column, in the order it first writes them.
 */
export function readAudienceList(bytes: Uint8Array, show: (rel: string) => string, findings: Findings): AudienceList {
  const file = show(AUDIENCE_LIST.labels);
  const audiences: string[] = [];
  const byKey = new Map<string, string>();
  const labels = new Map<string, string[] | 'all'>();
  const written: string[] = [];
  const seen = new Map<string, number>();
  const faulty = new Set<string>();
  /** An audience as the list first wrote it (the first spelling of a name stands for every later one). */
  const canonical = (n: string) => {
    const known = byKey.get(labelKey(n));
    if (known) return known;
    byKey.set(labelKey(n), n);
    audiences.push(n);
    return n;
  };
  for (const row of readCsvRows(bytes, file, COLUMNS, findings)) {
    const [label, opens] = [row.cell('label'), row.cell('audiences')];
    const text = label.value.trim();
    const key = labelKey(text);
    const names = opens.value
      .split('|')
      .map((n) => n.replace(/\s+/g, ' ').trim())
      .filter(Boolean);
    const problem = audienceProblem(label, opens, names, seen);
    if (problem) {
      const [cell, message] = problem;
      findings.error({ file, line: cell.line, column: cell.column }, 'audience-list', message);
      faulty.add(key);
      continue;
    }
    seen.set(key, label.line);
    labels.set(key, names[0] === EVERY_AUDIENCE ? 'all' : [...new Set(names.map(canonical))]);
    written.push(text);
  }
  return { file, audiences, labels, written, faulty };
}

/** What is wrong with a row (its label, the audiences it opens to, named) given the labels before it. */
function audienceProblem(
  label: CsvCell,
  opens: CsvCell,
  names: readonly string[],
  seen: ReadonlyMap<string, number>,
): [CsvCell, string] | undefined {
  const text = label.value.trim();
  const key = labelKey(text);
  if (!key) return [label, 'the label is empty: write the audience text as the session files write it.'];
  if (seen.has(key))
    return [label, `the label "${text}" is already listed on line ${seen.get(key)}. Keep one row per label.`];
  if (names.length === 0)
    return [
      opens,
      `write the audiences "${text}" opens a session to, separated by |, or ${EVERY_AUDIENCE} for every audience.`,
    ];
  if (names.includes(EVERY_AUDIENCE) && names.length > 1)
    return [opens, `${EVERY_AUDIENCE} already means every audience: write it alone.`];
  return undefined;
}

/**
 * Reports every audience label of the session records that the list does not know, with the
 * closest label it does know (a warning: the session still shows, its label an audience of its
 * own). Only a file holding such a label is parsed again, for its place.
 */
export function checkSessionAudiences(
  records: readonly ReadRecord[],
  sources: readonly SourceFile[],
  columns: readonly string[],
  list: AudienceList,
  findings: Findings,
): void {
  const known = (key: string) => list.labels.has(key) || list.faulty?.has(key) === true;
  const unknown = (value: string) => value.trim() !== '' && !known(labelKey(value));
  const files = new Set(records.filter((r) => unknown(String(r.values.audience ?? ''))).map((r) => r.at!.file));
  for (const source of sources.filter((s) => files.has(s.file))) {
    // Already read and reported once: this pass only finds the cells again.
    for (const row of readCsvRows(source.bytes, source.file, columns, new Findings())) {
      const cell = row.cells.audience!;
      if (!unknown(cell.value)) continue;
      const label = cell.value.trim();
      const near = closest(label, list.written);
      findings.warning(
        { file: row.file, ...cellPosition(cell, cell.value.length - cell.value.trimStart().length) },
        'audience-label',
        `audience "${label}" is not in ${list.file}${near ? `; the closest known label is "${near}"` : ''}. ` +
          `Write a known label, or add this one to ${list.file} with the audiences it opens the session to.`,
      );
    }
  }
}
