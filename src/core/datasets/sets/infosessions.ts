import { fileNameProblem } from '../../read/file-name.ts';
import type { Findings } from '../../read/findings.ts';
import { type InfosessionValues, infosessionRecord } from '../../records/infosession-record.ts';
import { fieldNames } from '../../records/record-spec.ts';
import { isAllDayNote, kindOf } from '../../records/session-kind.ts';
import { parseClockTime, parseSessionDate } from '../../records/session-time.ts';
import type { SiteRecord } from '../../records/site-data.ts';
import { isInTerm, parseTermCode, type Term, termOfDate } from '../../records/term.ts';
import { type CsvTableRule, cellPosition, readCsvTables, shownValue } from '../csv-reader.ts';
import { defineDataset } from '../dataset.ts';

const TERM_FILE = /^(\d{4})(?:infosessions)?\.csv$/;
const URL_OR_DOMAIN = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;
/** A URL scheme (RFC 3986) at the start of a value, as a browser reads an href. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** The term a file is named for (`1139.csv`, `1139infosessions.csv`), when it is. */
function termOfFile(base: string): Term | undefined {
  const code = TERM_FILE.exec(base)?.[1];
  return code === undefined ? undefined : parseTermCode(code);
}

/**
 * The rule of the term files, for one read: one CSV per term, `<term code>.csv`, the columns the record's
 * fields. Its closure holds each file's term, read once per file. An id used in two rows is found across the
 * files (duplicateIds).
 */
function sessionFiles(): CsvTableRule<SiteRecord> {
  /** The term each file is named for, by its base name without `.csv`: read once per file, not per row. */
  const terms = new Map<string, Term | undefined>();
  const fileTerm = (fileKey: string): Term | undefined => {
    if (!terms.has(fileKey)) terms.set(fileKey, termOfFile(`${fileKey}.csv`));
    return terms.get(fileKey);
  };
  return {
    table: 'sessions',
    match: /(?:^|\/)[^/]*\.csv$/i,
    columns: fieldNames(infosessionRecord),

    describeFile(baseName) {
      const term = termOfFile(baseName);
      return term
        ? { ok: true, label: term.label }
        : {
            ok: false,
            reason:
              `"${baseName}" is not named for a term. Name it <term code>.csv, e.g. 1151.csv for Winter 2015 ` +
              "(1, the year's last two digits, then 1 for Winter, 5 for Spring or 9 for Fall).",
          };
    },

    // Checks the row and keeps what it parsed (date, times, term) with the record: nothing parses them again.
    toRecord(row, findings, place) {
      const values = {
        id: row.cell('id').value,
        employer: row.cell('employer').value,
        date: row.cell('date').value,
        start_time: row.cell('start_time').value,
        end_time: row.cell('end_time').value,
        location: row.cell('location').value,
        website: row.cell('website').value,
        audience: row.cell('audience').value,
        programs: row.cell('programs').value,
        description: row.cell('description').value,
      } satisfies InfosessionValues;
      const at = (column: keyof typeof values) => {
        const cell = row.cell(column);
        return { file: row.file, line: cell.line, column: cell.column };
      };
      const { id, employer, date, start_time: start, end_time: end, location, website, audience } = values;

      // id: digits (unique across every file of the dataset: duplicateIds).
      if (!/^\d+$/.test(id)) {
        findings.error(at('id'), 'id', `id "${id}" is not a number: an id is digits only, e.g. 2116.`);
      } else if (fileNameProblem(id)) {
        findings.error(at('id'), 'file-name', `id ${shownValue(id)}: ${fileNameProblem(id)}.`);
      }

      // audience: it names the audience's feed file.
      const audienceName = fileNameProblem(audience.trim());
      if (audienceName) {
        findings.error(at('audience'), 'file-name', `audience ${shownValue(audience)}: ${audienceName}.`);
      }

      // date: a real calendar date, within the term the file is named for.
      const day = parseSessionDate(date);
      if (!day.ok) findings.error(at('date'), 'date', `date ${day.reason}`);
      const term = fileTerm(place.fileKey);
      if (day.ok && term && !isInTerm(day.value, term)) {
        findings.warning(
          at('date'),
          'date-term',
          `date "${date}" falls outside ${term.label} (the term this file is named for). ` +
            `Check the year, or move the row to its term's file.`,
        );
      }

      // times: 12-hour clock; the end after the start.
      const from = parseClockTime(start);
      const to = parseClockTime(end);
      if (!from.ok) findings.error(at('start_time'), 'time', `start_time ${from.reason}`);
      if (!to.ok) findings.error(at('end_time'), 'time', `end_time ${to.reason}`);
      if (from.ok && to.ok && to.value < from.value) {
        findings.error(
          at('end_time'),
          'time-order',
          `the session ends (${end}) before it starts (${start}). Check both times and their AM/PM.`,
        );
      }
      // An all-day note (a holiday: the same start and end, no place) is the data's convention, not a defect.
      const kind = kindOf(employer);
      const note = from.ok && to.ok && isAllDayNote(kind, from.value, to.value);
      if (from.ok && to.ok && to.value === from.value && kind !== 'holiday') {
        findings.warning(
          at('end_time'),
          'time-order',
          `the session ends when it starts (${start}), so it shows as an all-day note. Give its real end time; ` +
            'a holiday names itself in employer (e.g. "Canadian Thanksgiving - Holiday").',
        );
      }

      // what a student needs to find the session.
      if (employer.trim() === '') {
        findings.warning(
          at('employer'),
          'empty',
          'employer is empty: name the employer (or the event) holding the session.',
        );
      }
      if (location.trim() === '' && !note) {
        findings.warning(
          at('location'),
          'empty',
          'location is empty: give the room, or TBD when it is not decided yet.',
        );
      }
      const site = website.trim();
      if (site !== '' && !URL_OR_DOMAIN.test(site)) {
        // As a browser reads it: tabs and line breaks dropped, leading control characters and spaces ignored.
        const scheme = SCHEME.exec(site.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''))?.[1]?.toLowerCase();
        if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
          // javascript:, data:, vbscript:, ftp:, … would reach the published API and every page linking it.
          findings.error(
            at('website'),
            'website',
            `website "${website}" starts with the scheme "${scheme}:"; ` +
              `only http and https addresses are published. ` +
              "Write the https:// address of the employer's page (or a bare domain such as www.example.com), " +
              'or leave the cell empty.',
          );
        } else {
          findings.warning(
            at('website'),
            'website',
            `website "${website}" is not a URL or a bare domain such as www.example.com or ` +
              `https://example.com/careers.`,
          );
        }
      }

      // escapes copied from a database export: \' and \" are published with their backslash.
      for (const field in row.cells) {
        const cell = row.cell(field);
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
      // A row whose date or times did not read is an error (the build stops): its record keeps nothing parsed.
      if (!day.ok || !from.ok || !to.ok) return { values, ...place };
      const when = { date: day.value, start: from.value, end: to.value, term: term ?? termOfDate(day.value) };
      return { values, ...place, when };
    },
  };
}

/**
 * Each id used again after its first row, in any term file, reported at the later row's id (a record's place: id is
 * its first column). Ids that are not digits or cannot name a file are reported where they are read, not here.
 */
function duplicateIds(sessions: readonly SiteRecord[], findings: Findings): void {
  /** Each id seen so far, and where (`file:line`). */
  const seen = new Map<string, string>();
  for (const { values, at } of sessions) {
    const id = String(values.id);
    if (!at || !/^\d+$/.test(id) || fileNameProblem(id)) continue;
    const first = seen.get(id);
    if (first) {
      findings.error(
        at,
        'duplicate-id',
        `id ${id} is already used at ${first}. Give this session a new id (one not used in any term file).`,
      );
    } else {
      seen.set(id, `${at.file}:${at.line}`);
    }
  }
}

/**
 * The information sessions of method 1129: one CSV per term, `data/infosessions/<term code>.csv`, rows
 * in file order.
 */
export const dataset = defineDataset({
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
  read: (files, findings) => {
    const sessions = readCsvTables('infosessions', [sessionFiles()], files, findings).sessions ?? [];
    duplicateIds(sessions, findings); // an id used in two term files, over the records of all, in file order
    return { sessions };
  },
  feeds: {
    1129: { record: infosessionRecord, data: 'array', records: ({ tables }) => tables.sessions ?? [] },
  },
});
