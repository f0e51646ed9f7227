import type { Findings, Place } from '../../read/findings.ts';
import { type ExamSitting, examCourseRecord, termExamCourseRecord } from '../../records/exam-schedule-record.ts';
import type { RecordOf } from '../../records/record-spec.ts';
import type { DataRecord } from '../../records/site-data.ts';
import { parseTermCode } from '../../records/term.ts';
import { baseName } from '../csv-reader.ts';
import { defineDataset, newestDay, type SourceFile } from '../dataset.ts';

/** A course's exam in a term, as the reader makes it. */
type ExamCourse = DataRecord<RecordOf<typeof termExamCourseRecord>>;

import { CANONICAL, type ExamRow, readExamTable } from './exam-schedule/layout.ts';
import { readSitting } from './exam-schedule/sitting.ts';

/** `1115.csv` in the data folder; `1115ExamSchedule.csv` as uWaterloo/Datasets names it. */
const TERM_FILE = /^(\d{4})(?:ExamSchedule)?\.csv$/;

/**
 * Reports a row that repeats an earlier row of its course cell for cell (`earlier`: the rows so far,
 * by course); whether it does.
 */
function isRepeat(row: ExamRow, earlier: Map<string, ExamRow[]>, findings: Findings): boolean {
  const course = row.cells.course;
  // Every layout has a course column (layout.ts): a row without one repeats nothing.
  if (course === undefined) return false;
  const rows = earlier.get(course.value) ?? [];
  const first = rows.find((other) => CANONICAL.every((c) => other.cells[c]?.value === row.cells[c]?.value));
  if (first)
    findings.error(
      { file: row.file, line: course.line, column: course.column },
      'duplicate-row',
      `this row repeats line ${first.line} exactly. Delete one of them.`,
    );
  else earlier.set(course.value, [...rows, row]);
  return first !== undefined;
}

/**
 * Reads one term's file: its name must be a term code; each row is checked and becomes a sitting,
 * and the sittings of a course, in file order, make its record (at its first row).
 */
function readTermFile(source: SourceFile, findings: Findings): ExamCourse[] {
  const { base, key } = baseName(source.rel);
  const code = TERM_FILE.exec(base)?.[1];
  const term = code === undefined ? undefined : parseTermCode(code);
  if (!term) {
    findings.error(
      { file: source.file, line: 1, column: 1 },
      'file-name',
      `"${base}" is not named for a term. Name it <term code>.csv, e.g. 1151.csv for Winter 2015 (1, ` +
        `the year's last two digits, then 1 for Winter, 5 for Spring or 9 for Fall).`,
    );
  }
  const table = readExamTable(source.bytes, source.file, findings);
  const courses = new Map<string, { at: Place; sections: ExamSitting[] }>();
  const earlier = new Map<string, ExamRow[]>();
  for (const row of table?.rows ?? []) {
    if (isRepeat(row, earlier, findings)) continue;
    const read = readSitting(row, term, findings);
    if (!read) continue;
    const course = courses.get(read.course) ?? { at: { file: row.file, line: row.line, column: 1 }, sections: [] };
    course.sections.push(read.sitting);
    courses.set(read.course, course);
  }
  const termCode = term?.code ?? key;
  return [...courses].map(([course, { at, sections }]) => ({
    values: { term: termCode, course, sections },
    at,
    fileKey: key,
  }));
}

/**
 * The final exam schedules of method 1187: one CSV per term, `data/exam-schedule/<term code>.csv`, one
 * row per sitting.
 */
export const dataset = defineDataset({
  name: 'exam-schedule',
  title: "Final exam schedules, one CSV file per term (uWaterloo/Datasets ExamSchedule, the Registrar's Office)",
  source: {
    repository: 'uWaterloo/Datasets',
    path: 'ExamSchedule',
    url: 'https://github.com/uWaterloo/Datasets/tree/9259aca/ExamSchedule',
  },
  tables: [
    {
      name: 'courses',
      record: termExamCourseRecord,
      key: ['term', 'course'],
      browse: {
        rowsOf: 'sections',
        facets: [
          { column: 'term' },
          { column: 'course', name: 'subject', word: 'first' },
          { column: 'day' },
          { column: 'location', name: 'building', word: 'first' },
        ],
      },
    },
  ],
  read: (files, findings) => ({ courses: files.flatMap((file) => readTermFile(file, findings)) }),
  // The Registrar's Office publishes each term's schedule before its exams, three terms a year.
  updates: {
    text: "each term's schedule published before its exams, three terms a year",
    days: 180,
    newest: ({ courses }) => newestDay((courses ?? []).flatMap((c) => c.values.sections.map((s) => s.date))),
  },
  feeds: {
    1187: {
      record: examCourseRecord,
      data: 'array',
      records: ({ tables }) => tables.courses ?? [],
      params: (record) => [record.values.term],
    },
  },
});
