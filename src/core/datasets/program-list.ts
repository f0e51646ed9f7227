import { closest } from '../read/closest.ts';
import { fileNameProblem } from '../read/file-name.ts';
import { Findings } from '../read/findings.ts';
import { EVERY_FACULTY, type Faculty, type LabelMeaning, labelKey, type ProgramList } from '../records/program-list.ts';
import { cellPosition, readCsvRows, shownValue } from './csv-reader.ts';
import type { ReadRecord, SourceFile } from './dataset.ts';

/**
 * The program list's folder and file inside the data folder (the site's own data, published by no
 * method); its faculties are Quest's academic groups.
 */
export const PROGRAM_LIST = {
  folder: 'programs/',
  labels: 'programs/programs.csv',
  faculties: 'quest/AcademicGroups.csv',
} as const;

const LABEL_COLUMNS = ['label', 'program', 'faculty'] as const;

/** The faculties: Quest's academic groups (data/quest/AcademicGroups.csv, method 1229) as read. */
export function facultiesOf(groups: readonly ReadRecord[]): Faculty[] {
  return groups.map(({ values }) => ({
    code: String(values.group_code ?? '').trim(),
    name: String(values.group_short_name ?? '').trim(),
    fullName: String(values.group_full_name ?? '').trim(),
  }));
}

/**
 * Reads and checks the program list: every label once, a faculty of `faculties` (Quest's
 * groups) on every row, a program only in one faculty; an empty program means the whole
 * faculty (`ALL`: every one).
 */
export function readProgramList(
  labelsFile: Uint8Array,
  faculties: readonly Faculty[] | undefined,
  show: (rel: string) => string,
  findings: Findings,
  abbreviations: { code: string; name: string }[] = [],
): ProgramList | undefined {
  const file = show(PROGRAM_LIST.labels);
  if (!faculties) {
    findings.error(
      { file, line: 1, column: 1 },
      'program-list',
      `${show(PROGRAM_LIST.faculties)} is missing: the program list names faculties by its group codes. ` +
        `Add Quest's AcademicGroups.csv there.`,
    );
    return undefined;
  }
  const codes = new Set(faculties.map((f) => f.code));
  const labels = new Map<string, LabelMeaning>();
  const written: string[] = [];
  const seen = new Map<string, number>();
  const programFaculty = new Map<string, { faculty: string; line: number }>();
  for (const row of readCsvRows(labelsFile, file, LABEL_COLUMNS, findings)) {
    const [label, program, faculty] = LABEL_COLUMNS.map((c) => row.cells[c]!);
    const at = (cell: typeof label) => ({ file, line: cell!.line, column: cell!.column });
    const text = label!.value.trim();
    const name = program!.value.trim();
    const code = faculty!.value.trim();
    const key = labelKey(text);
    if (!key) {
      findings.error(
        at(label),
        'program-list',
        'the label is empty: write the program text as the session files write it.',
      );
      continue;
    }
    if (seen.has(key)) {
      findings.error(
        at(label),
        'program-list',
        `the label "${text}" is already listed on line ${seen.get(key)}. Keep one row per label.`,
      );
      continue;
    }
    seen.set(key, label!.line);
    // A label and a program each name a feed file (infosessions/programs/<name>.ics).
    const named = (
      [
        [label, text],
        [program, name],
      ] as const
    ).find(([, t]) => fileNameProblem(t));
    if (named) {
      findings.error(at(named[0]), 'file-name', `${shownValue(named[1])}: ${fileNameProblem(named[1])}.`);
      continue;
    }
    if (code !== EVERY_FACULTY && !codes.has(code)) {
      findings.error(
        at(faculty),
        'program-list',
        `faculty "${code}" is not a group code of ${show(PROGRAM_LIST.faculties)} (${[...codes].join(', ')}) nor ` +
          `${EVERY_FACULTY}.`,
      );
      continue;
    }
    if (code === EVERY_FACULTY && name) {
      findings.error(
        at(program),
        'program-list',
        `a label of faculty ${EVERY_FACULTY} covers every program: ` +
          `leave its program empty, or give the program's own faculty.`,
      );
      continue;
    }
    const earlier = name && programFaculty.get(name);
    if (earlier && earlier.faculty !== code) {
      findings.error(
        at(faculty),
        'program-list',
        `program "${name}" is in faculty ${earlier.faculty} on line ${earlier.line}: ` +
          'a program belongs to one faculty. ' +
          `Use that faculty, or name the program differently (e.g. "${name} (${code})").`,
      );
      continue;
    }
    if (name && !earlier) programFaculty.set(name, { faculty: code, line: label!.line });
    labels.set(
      key,
      code === EVERY_FACULTY
        ? { kind: 'all' }
        : name
          ? { kind: 'program', program: name, faculty: code }
          : { kind: 'faculty', faculty: code },
    );
    written.push(text);
  }
  return { file, faculties: [...faculties], labels, written, abbreviations };
}

/**
 * The codes students know programs and faculties by: Quest's subjects (`CS`, Computer Science) and
 * groups (`MAT`, Mathematics).
 */
export function abbreviationsOf(
  subjects: readonly ReadRecord[],
  groups: readonly ReadRecord[],
): { code: string; name: string }[] {
  const of = (code: unknown, name: unknown) => ({ code: String(code ?? '').trim(), name: String(name ?? '').trim() });
  return [
    ...subjects.map((r) => of(r.values.subject, r.values.description)),
    ...groups.map((r) => of(r.values.group_code, r.values.group_short_name)),
  ].filter((a) => a.code && a.name);
}

/** The program labels of one `programs` cell, each with its offset in the cell. */
function labelsOf(value: string): { label: string; at: number }[] {
  const out: { label: string; at: number }[] = [];
  let index = 0;
  for (const part of value.split(',')) {
    const label = part.replace(/\s+/g, ' ').trim();
    if (label) out.push({ label, at: index + part.length - part.trimStart().length });
    index += part.length + 1;
  }
  return out;
}

/**
 * Reports every program label of the session records that the list does not know, with the
 * closest label it does know (a warning: the session still shows, under its label as written).
 * Only a file holding such a label is parsed again, for the label's exact place.
 */
export function checkSessionPrograms(
  records: readonly ReadRecord[],
  sources: readonly SourceFile[],
  columns: readonly string[],
  list: ProgramList,
  findings: Findings,
): void {
  const unknownIn = new Set<string>();
  // A few hundred cells repeat across every session: each is looked at once.
  const unknownCell = new Map<string, boolean>();
  for (const record of records) {
    const cell = String(record.values.programs ?? '');
    let unknown = unknownCell.get(cell);
    if (unknown === undefined) {
      unknown = labelsOf(cell).some((l) => !list.labels.has(labelKey(l.label)));
      unknownCell.set(cell, unknown);
    }
    if (unknown) unknownIn.add(record.at!.file);
  }
  const suggestion = new Map<string, string | undefined>();
  for (const source of sources.filter((s) => unknownIn.has(s.file))) {
    // Already read and reported once: this pass only finds the cells again.
    for (const row of readCsvRows(source.bytes, source.file, columns, new Findings())) {
      const cell = row.cells.programs!;
      for (const { label, at } of labelsOf(cell.value)) {
        if (list.labels.has(labelKey(label))) continue;
        if (!suggestion.has(label)) suggestion.set(label, closest(label, list.written));
        const near = suggestion.get(label);
        findings.warning(
          { file: row.file, ...cellPosition(cell, at) },
          'program-label',
          `program "${label}" is not in ${list.file}${near ? `; the closest known label is "${near}"` : ''}. ` +
            `Write a known label, or add this one to ${list.file} with its program and faculty.`,
        );
      }
    }
  }
}
