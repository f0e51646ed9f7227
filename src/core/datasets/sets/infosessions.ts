import { fileNameProblem } from '../../read/file-name.ts';
import type { Findings } from '../../read/findings.ts';
import { infosessionRecord } from '../../records/infosession-record.ts';
import { fieldNames } from '../../records/record-spec.ts';
import { isAllDayNote, kindOf } from '../../records/session-kind.ts';
import { parseClockTime, parseSessionDate } from '../../records/session-time.ts';
import { isInTerm, parseTermCode, type Term } from '../../records/term.ts';
import type { CsvTableRule, DataRow, ReadContext } from '../csv-reader.ts';
import { cellPosition, readCsvTables, shownValue } from '../csv-reader.ts';
import type { Dataset } from '../dataset.ts';

const TERM_FILE = /^(\d{4})(?:infosessions)?\.csv$/;
const URL_OR_DOMAIN = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;
/** A URL scheme (RFC 3986) at the start of a value, as a browser reads an href. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The term a file is named for, when it is: read once per file and read (kept in its context), not per row. */
function fileTerm(file: string, context: ReadContext): Term | undefined {
  const terms = (context.get('fileTerms') ?? new Map<string, Term | undefined>()) as Map<string, Term | undefined>;
  context.set('fileTerms', terms);
  if (!terms.has(file)) terms.set(file, parseTermCode(TERM_FILE.exec(file.split('/').pop()!)?.[1] ?? ''));
  return terms.get(file);
}

/** The rows of the term files: one CSV per term, `<term code>.csv`, the columns the record's fields. */
const sessionFiles: CsvTableRule = {
  table: 'sessions',
  match: /(?:^|\/)[^/]*\.csv$/i,
  columns: fieldNames(infosessionRecord),

  describeFile(baseName) {
    const m = TERM_FILE.exec(baseName);
    const term = m ? parseTermCode(m[1]!) : undefined;
    return term
      ? { ok: true, label: term.label }
      : {
          ok: false,
          reason:
            `"${baseName}" is not named for a term. Name it <term code>.csv, e.g. 1151.csv for Winter 2015 ` +
            "(1, the year's last two digits, then 1 for Winter, 5 for Spring or 9 for Fall).",
        };
  },

  checkRow(row: DataRow, findings: Findings, context: ReadContext) {
    const {
      id,
      employer,
      date,
      start_time: start,
      end_time: end,
      location,
      website,
      audience,
    } = row.cells as Record<string, NonNullable<DataRow['cells'][string]>>;
    const at = (cell: typeof id) => ({ file: row.file, line: cell!.line, column: cell!.column });

    // id: digits, unique across every file of the dataset.
    const seen = (context.get('ids') ?? new Map<string, string>()) as Map<string, string>;
    context.set('ids', seen);
    const first = seen.get(id!.value);
    if (!/^\d+$/.test(id!.value)) {
      findings.error(at(id), 'id', `id "${id!.value}" is not a number: an id is digits only, e.g. 2116.`);
    } else if (fileNameProblem(id!.value)) {
      findings.error(at(id), 'file-name', `id ${shownValue(id!.value)}: ${fileNameProblem(id!.value)}.`);
    } else if (first) {
      findings.error(
        at(id),
        'duplicate-id',
        `id ${id!.value} is already used at ${first}. Give this session a new id (one not used in any term file).`,
      );
    } else {
      seen.set(id!.value, `${row.file}:${id!.line}`);
    }

    // audience: it names the audience's feed file.
    const audienceName = fileNameProblem(audience!.value.trim());
    if (audienceName) {
      findings.error(at(audience), 'file-name', `audience ${shownValue(audience!.value)}: ${audienceName}.`);
    }

    // date: a real calendar date, within the term the file is named for.
    const day = parseSessionDate(date!.value);
    if (!day.ok) findings.error(at(date), 'date', `date ${day.reason}`);
    const term = fileTerm(row.file, context);
    if (day.ok && term && !isInTerm(day.value, term)) {
      findings.warning(
        at(date),
        'date-term',
        `date "${date!.value}" falls outside ${term.label} (the term this file is named for). ` +
          `Check the year, or move the row to its term's file.`,
      );
    }

    // times: 12-hour clock; the end after the start.
    const from = parseClockTime(start!.value);
    const to = parseClockTime(end!.value);
    if (!from.ok) findings.error(at(start), 'time', `start_time ${from.reason}`);
    if (!to.ok) findings.error(at(end), 'time', `end_time ${to.reason}`);
    if (from.ok && to.ok && to.value < from.value) {
      findings.error(
        at(end),
        'time-order',
        `the session ends (${end!.value}) before it starts (${start!.value}). Check both times and their AM/PM.`,
      );
    }
    // An all-day note (a holiday: the same start and end, no place) is the data's convention, not a defect.
    const kind = kindOf(employer!.value);
    const note = from.ok && to.ok && isAllDayNote(kind, from.value, to.value);
    if (from.ok && to.ok && to.value === from.value && kind !== 'holiday') {
      findings.warning(
        at(end),
        'time-order',
        `the session ends when it starts (${start!.value}), so it shows as an all-day note. Give its real end time; ` +
          'a holiday names itself in employer (e.g. "Canadian Thanksgiving - Holiday").',
      );
    }

    // what a student needs to find the session.
    if (employer!.value.trim() === '') {
      findings.warning(
        at(employer),
        'empty',
        'employer is empty: name the employer (or the event) holding the session.',
      );
    }
    if (location!.value.trim() === '' && !note) {
      findings.warning(at(location), 'empty', 'location is empty: give the room, or TBD when it is not decided yet.');
    }
    const site = website!.value.trim();
    if (site !== '' && !URL_OR_DOMAIN.test(site)) {
      // As a browser reads it: tabs and line breaks dropped, leading control characters and spaces ignored.
      const scheme = SCHEME.exec(site.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''))?.[1]?.toLowerCase();
      if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
        // javascript:, data:, vbscript:, ftp:, … would reach the published API and every page linking it.
        findings.error(
          at(website),
          'website',
          `website "${website!.value}" starts with the scheme "${scheme}:"; ` +
            `only http and https addresses are published. ` +
            "Write the https:// address of the employer's page (or a bare domain such as www.example.com), or leave " +
            'the cell empty.',
        );
      } else {
        findings.warning(
          at(website),
          'website',
          `website "${website!.value}" is not a URL or a bare domain such as www.example.com or ` +
            `https://example.com/careers.`,
        );
      }
    }

    // escapes copied from a database export: \' and \" are published with their backslash.
    for (const field in row.cells) {
      const cell = row.cells[field]!;
      const i = cell.value.search(/\\["']/);
      if (i >= 0) {
        findings.warning(
          { file: row.file, ...cellPosition(cell, i) },
          'backslash-escape',
          `${field} has a backslash before a quote (${cell.value.slice(i, i + 2)}); it is published as written. ` +
            `Write the quote alone.`,
        );
      }
    }
  },
};

/**
 * The information sessions of method 1129: one CSV per term, `data/infosessions/<term code>.csv`, rows
 * in file order.
 */
export const dataset: Dataset = {
  name: 'infosessions',
  title: 'Employer information sessions, one CSV file per term (uWaterloo/Datasets EmployerInfoSessions)',
  tables: [
    {
      name: 'sessions',
      record: infosessionRecord,
      key: ['id'],
      repeats: true,
      shown: ['id', 'employer', 'date', 'start_time', 'location'],
    },
  ],
  read: (files, findings) => readCsvTables('infosessions', [sessionFiles], files, findings),
  feeds: {
    1129: { record: infosessionRecord, data: 'array', records: ({ tables }) => tables.sessions ?? [] },
  },
};
