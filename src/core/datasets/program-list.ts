import { closest } from '../read/closest.ts';
import type { Findings } from '../read/findings.ts';
import { EVERY_FACULTY, labelKey, type Faculty, type LabelMeaning, type ProgramList } from '../records/program-list.ts';
import { cellPosition, readCsvRows, type DataRow } from './dataset.ts';

/** The program list's folder and files inside the data folder (the site's own data set, not an API method). */
export const PROGRAM_LIST = { folder: 'programs/', labels: 'programs/programs.csv', faculties: 'programs/faculties.csv' } as const;

const FACULTY_COLUMNS = ['group_code', 'group_short_name', 'group_full_name'] as const;
const LABEL_COLUMNS = ['label', 'program', 'faculty'] as const;

/** Reads faculties.csv (Quest's AcademicGroups table as published). */
function readFaculties(bytes: Uint8Array, file: string, findings: Findings): Faculty[] {
  return readCsvRows(bytes, file, FACULTY_COLUMNS, findings).map((r) => ({
    code: r.cells.group_code!.value.trim(),
    name: r.cells.group_short_name!.value.trim(),
    fullName: r.cells.group_full_name!.value.trim(),
  }));
}

/**
 * Reads and checks the program list: every label once, a known faculty on every row, a
 * program only in one faculty; an empty program means the whole faculty (`ALL`: every one).
 */
export function readProgramList(files: { labels: Uint8Array; faculties: Uint8Array | undefined }, show: (rel: string) => string, findings: Findings): ProgramList | undefined {
  const file = show(PROGRAM_LIST.labels);
  if (!files.faculties) {
    findings.error({ file, line: 1, column: 1 }, 'program-list', `${show(PROGRAM_LIST.faculties)} is missing: the program list names faculties by its codes. Copy Quest's AcademicGroups.csv there.`);
    return undefined;
  }
  const faculties = readFaculties(files.faculties, show(PROGRAM_LIST.faculties), findings);
  const codes = new Set(faculties.map((f) => f.code));
  const labels = new Map<string, LabelMeaning>();
  const written: string[] = [];
  const seen = new Map<string, number>();
  const programFaculty = new Map<string, { faculty: string; line: number }>();
  for (const row of readCsvRows(files.labels, file, LABEL_COLUMNS, findings)) {
    const [label, program, faculty] = LABEL_COLUMNS.map((c) => row.cells[c]!);
    const at = (cell: typeof label) => ({ file, line: cell!.line, column: cell!.column });
    const text = label!.value.trim();
    const name = program!.value.trim();
    const code = faculty!.value.trim();
    const key = labelKey(text);
    if (!key) {
      findings.error(at(label), 'program-list', 'the label is empty: write the program text as the session files write it.');
      continue;
    }
    if (seen.has(key)) {
      findings.error(at(label), 'program-list', `the label "${text}" is already listed on line ${seen.get(key)}. Keep one row per label.`);
      continue;
    }
    seen.set(key, label!.line);
    if (code !== EVERY_FACULTY && !codes.has(code)) {
      findings.error(at(faculty), 'program-list', `faculty "${code}" is not a code of ${show(PROGRAM_LIST.faculties)} (${[...codes].join(', ')}) nor ${EVERY_FACULTY}.`);
      continue;
    }
    if (code === EVERY_FACULTY && name) {
      findings.error(at(program), 'program-list', `a label of faculty ${EVERY_FACULTY} covers every program: leave its program empty, or give the program's own faculty.`);
      continue;
    }
    const earlier = name && programFaculty.get(name);
    if (earlier && earlier.faculty !== code) {
      findings.error(at(faculty), 'program-list', `program "${name}" is in faculty ${earlier.faculty} on line ${earlier.line}: a program belongs to one faculty. Use that faculty, or name the program differently (e.g. "${name} (${code})").`);
      continue;
    }
    if (name && !earlier) programFaculty.set(name, { faculty: code, line: label!.line });
    labels.set(key, code === EVERY_FACULTY ? { kind: 'all' } : name ? { kind: 'program', program: name, faculty: code } : { kind: 'faculty', faculty: code });
    written.push(text);
  }
  return { file, faculties, labels, written };
}

/**
 * Reports every program label of the session rows that the list does not know, with the
 * closest label it does know (a warning: the session still shows, under its label as written).
 */
export function checkSessionPrograms(rows: readonly DataRow[], list: ProgramList, findings: Findings): void {
  const suggestion = new Map<string, string | undefined>();
  for (const row of rows) {
    const cell = row.cells.programs;
    if (!cell) continue;
    let index = 0;
    for (const part of cell.value.split(',')) {
      const label = part.replace(/\s+/g, ' ').trim();
      const at = index + part.length - part.trimStart().length;
      index += part.length + 1;
      if (!label || list.labels.has(labelKey(label))) continue;
      if (!suggestion.has(label)) suggestion.set(label, closest(label, list.written));
      const near = suggestion.get(label);
      findings.warning(
        { file: row.file, ...cellPosition(cell, at) },
        'program-label',
        `program "${label}" is not in ${list.file}${near ? `; the closest known label is "${near}"` : ''}. Write a known label, or add this one to ${list.file} with its program and faculty.`,
      );
    }
  }
}
