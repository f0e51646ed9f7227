import type { Findings } from '../../read/findings.ts';
import { courseDetailsRecord, courseRecord, courseRowRecord } from '../../records/courses-record.ts';
import type { RecordOf } from '../../records/record-spec.ts';
import type { DataRecord } from '../../records/site-data.ts';
import { type CsvTableRule, cellPosition, type DataRow, readCsvTables } from '../csv-reader.ts';
import { defineDataset } from '../dataset.ts';

/** A course as its subject's file holds it. */
type CourseRow = DataRecord<RecordOf<typeof courseRowRecord>>;

const SUBJECT_FILE = /^([A-Z]+)\.csv$/;
/** A catalogue number: digits, then up to three capital letters (135, 102W, 2XX, 460WLU). */
const CATALOG_NUMBER = /^\d{1,3}[A-Z]{0,3}$/;

/** The cell of a row, and where a character of it stands. */
const cellOf = (row: DataRow, column: string) => row.cell(column);
const placeAt = (row: DataRow, column: string, index = 0) => ({
  file: row.file,
  ...cellPosition(cellOf(row, column), index),
});

/** The subject a file is named for (`CS` for `CS.csv`), or undefined. */
const subjectOfFile = (file: string) => SUBJECT_FILE.exec(file.slice(file.lastIndexOf('/') + 1))?.[1];

/** A title must say something, and a double quote in it must have its partner (an odd one is a quoting slip). */
function checkTitle(row: DataRow, findings: Findings): void {
  const title = cellOf(row, 'title').value;
  if (title.trim() === '') {
    findings.error(placeAt(row, 'title'), 'empty', 'title is empty: every course needs its title.');
    return;
  }
  if ((title.match(/"/g) ?? []).length % 2 === 1) {
    findings.error(
      placeAt(row, 'title', title.lastIndexOf('"')),
      'title-quote',
      `title "${title}" holds a double quote without its partner (a quote lost in the quoting). ` +
        'Remove it, or restore its partner; inside a quoted value write each double quote twice ("like ""this""").',
    );
  }
}

/** The rows of `courses/<SUBJECT>.csv`: one course each, its subject the file's. */
const courseFiles: CsvTableRule<CourseRow> = {
  table: 'courses',
  match: /\.csv$/i,
  columns: ['subject', 'number', 'title'],
  describeFile: (base) =>
    SUBJECT_FILE.test(base)
      ? { ok: true, label: base.replace(/\.csv$/, '') }
      : {
          ok: false,
          reason:
            `"${base}" is not named for a subject code. ` +
            `Name it <SUBJECT>.csv in capitals, e.g. CS.csv, the subject of its rows.`,
        },
  checkRow(row, findings) {
    const subject = cellOf(row, 'subject').value;
    const own = subjectOfFile(row.file);
    if (own !== undefined && subject !== own) {
      findings.error(
        placeAt(row, 'subject'),
        'subject',
        `subject "${subject}" is not the file's subject ${own}: ` +
          `a file holds the courses of the subject it is named for. ` +
          `Write ${own}, or move the row to ${subject || '<SUBJECT>'}.csv.`,
      );
    }
    const number = cellOf(row, 'number').value;
    if (!CATALOG_NUMBER.test(number)) {
      findings.error(
        placeAt(row, 'number'),
        'catalog-number',
        `number "${number}" is not a catalogue number: ` +
          'digits, then up to three capital letters, e.g. 135, 102W, 460WLU.',
      );
    }
    checkTitle(row, findings);
  },
  toRecord: (row, _findings, place) => ({
    values: {
      subject: cellOf(row, 'subject').value,
      catalog_number: cellOf(row, 'number').value,
      title: cellOf(row, 'title').value,
    },
    ...place,
  }),
};

/** Warns about a file without a single course (a subject with no courses publishes nothing). */
function checkEmptyFiles(files: readonly { file: string }[], courses: readonly CourseRow[], findings: Findings): void {
  const filled = new Set(courses.map((r) => r.at?.file));
  const broken = new Set(findings.errors.map((f) => f.file));
  for (const { file } of files) {
    if (filled.has(file) || broken.has(file)) continue;
    findings.warning(
      { file, line: 1, column: 1 },
      'no-courses',
      'the file holds only its header: a subject without courses publishes no file. ' +
        'Add its courses, or remove the file.',
    );
  }
}

/**
 * The courses of the 2013 calendar, one CSV per subject (`data/courses/<SUBJECT>.csv`), feeding
 * methods 1153 and 1163.
 */
export const dataset = defineDataset({
  name: 'courses',
  title: 'Course titles by subject (uWaterloo/Datasets Courses, the 2013 calendar)',
  source: {
    repository: 'uWaterloo/Datasets',
    path: 'Courses',
    url: 'https://github.com/uWaterloo/Datasets/tree/9259aca/Courses',
  },
  tables: [
    {
      name: 'courses',
      record: courseRowRecord,
      key: ['subject', 'catalog_number'],
      browse: { facets: [{ column: 'subject' }] },
    },
  ],
  read(files, findings) {
    const courses = readCsvTables('courses', [courseFiles], files, findings).courses ?? [];
    checkEmptyFiles(files, courses, findings);
    return { courses };
  },
  feeds: {
    1153: {
      record: courseRecord,
      data: 'array',
      records: ({ tables }) => tables.courses ?? [],
      params: (r) => [r.values.subject ?? ''],
    },
    1163: {
      record: courseDetailsRecord,
      data: 'object',
      records: ({ tables }) => tables.courses ?? [],
      params: (r) => [r.values.subject ?? '', r.values.catalog_number ?? ''],
    },
  },
});
