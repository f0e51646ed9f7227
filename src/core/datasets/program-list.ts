import { closest } from '../read/closest.ts';
import type { CsvCell } from '../read/csv-table.ts';
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
  const state: ListState = {
    codes: new Set(faculties.map((f) => f.code)),
    seen: new Map(),
    programFaculty: new Map(),
    show,
  };
  const labels = new Map<string, LabelMeaning>();
  const written: string[] = [];
  const faulty = new Set<string>();
  for (const row of readCsvRows(labelsFile, file, LABEL_COLUMNS, findings)) {
    const [label, program, faculty] = [row.cell('label'), row.cell('program'), row.cell('faculty')];
    const fields = { label, program, faculty, text: label.value.trim(), name: program.value.trim() };
    const code = faculty.value.trim();
    const problem = labelProblem({ ...fields, code }, state);
    if (problem) {
      const [cell, rule, message] = problem;
      findings.error({ file, line: cell.line, column: cell.column }, rule, message);
      faulty.add(labelKey(fields.text));
      continue;
    }
    const { text, name } = fields;
    state.seen.set(labelKey(text), label.line);
    if (name && !state.programFaculty.get(name)) state.programFaculty.set(name, { faculty: code, line: label.line });
    labels.set(labelKey(text), labelMeaning(code, name));
    written.push(text);
  }
  return { file, faculties: [...faculties], labels, written, faulty, abbreviations };
}

/** What the rows read so far tell about the next: the faculties' codes, labels seen and each program's faculty. */
interface ListState {
  codes: ReadonlySet<string>;
  seen: Map<string, number>;
  programFaculty: Map<string, { faculty: string; line: number }>;
  show: (rel: string) => string;
}

/** One row of the program list, read: its cells, and its label, program and faculty code trimmed. */
interface LabelRow {
  label: CsvCell;
  program: CsvCell;
  faculty: CsvCell;
  text: string;
  name: string;
  code: string;
}

/** A finding of one row: the cell it is at, its rule and its message. */
type RowProblem = [CsvCell, string, string];

/** What a label of faculty `code` and program `name` (empty: the whole faculty) means. */
function labelMeaning(code: string, name: string): LabelMeaning {
  if (code === EVERY_FACULTY) return { kind: 'all' };
  return name ? { kind: 'program', program: name, faculty: code } : { kind: 'faculty', faculty: code };
}

/** What is wrong with a row of the program list, given the rows before it. */
function labelProblem(row: LabelRow, state: ListState): RowProblem | undefined {
  const { label, program, text, name } = row;
  const key = labelKey(text);
  if (!key) return [label, 'program-list', 'the label is empty: write the program text as the session files write it.'];
  if (state.seen.has(key)) {
    const line = state.seen.get(key);
    return [label, 'program-list', `the label "${text}" is already listed on line ${line}. Keep one row per label.`];
  }
  // A label and a program each name a feed file (infosessions/programs/<name>.ics).
  const named = (
    [
      [label, text],
      [program, name],
    ] as const
  ).find(([, t]) => fileNameProblem(t));
  if (named) return [named[0], 'file-name', `${shownValue(named[1])}: ${fileNameProblem(named[1])}.`];
  return facultyProblem(row, state);
}

/** What is wrong with a row's faculty: not a group code, a program given for every faculty, or a program's other. */
function facultyProblem({ program, faculty, name, code }: LabelRow, state: ListState): RowProblem | undefined {
  if (code !== EVERY_FACULTY && !state.codes.has(code)) {
    const groups = `${state.show(PROGRAM_LIST.faculties)} (${[...state.codes].join(', ')})`;
    return [faculty, 'program-list', `faculty "${code}" is not a group code of ${groups} nor ${EVERY_FACULTY}.`];
  }
  if (code === EVERY_FACULTY && name)
    return [
      program,
      'program-list',
      `a label of faculty ${EVERY_FACULTY} covers every program: ` +
        `leave its program empty, or give the program's own faculty.`,
    ];
  const earlier = name && state.programFaculty.get(name);
  if (earlier && earlier.faculty !== code)
    return [
      faculty,
      'program-list',
      `program "${name}" is in faculty ${earlier.faculty} on line ${earlier.line}: ` +
        'a program belongs to one faculty. ' +
        `Use that faculty, or name the program differently (e.g. "${name} (${code})").`,
    ];
  return undefined;
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
  const known = (key: string) => list.labels.has(key) || list.faulty?.has(key) === true;
  const unknownIn = new Set<string>();
  // A few hundred cells repeat across every session: each is looked at once.
  const unknownCell = new Map<string, boolean>();
  for (const record of records) {
    const cell = String(record.values.programs ?? '');
    let unknown = unknownCell.get(cell);
    if (unknown === undefined) {
      unknown = labelsOf(cell).some((l) => !known(labelKey(l.label)));
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
        if (known(labelKey(label))) continue;
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
