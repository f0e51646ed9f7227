// The rules of a session row's columns, one function per column or concern, in the order the reader applies
// them (sessionFiles in ../infosessions.ts): each reports to `findings` at the cell; a date or time returns what
// it read.
import { fileNameProblem } from '../../../read/file-name.ts';
import type { Findings, Place } from '../../../read/findings.ts';
import type { InfosessionValues } from '../../../records/infosession-record.ts';
import { isAllDayNote, kindOf } from '../../../records/session-kind.ts';
import { parseClockTime, parseSessionDate } from '../../../records/session-time.ts';
import { isInTerm, type Term } from '../../../records/term.ts';
import { cellPosition, type DataRow, shownValue } from '../../csv-reader.ts';

const URL_OR_DOMAIN = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;
/** A URL scheme (RFC 3986) at the start of a value, as a browser reads an href. */
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/** A row's values by column, as written: every one text (the record's fields allow null; a CSV cell never is). */
export type SessionTexts = { [K in keyof InfosessionValues]: string };

/** Where a column's cell of a row starts: the place its findings name. */
export type CellPlace = (column: keyof InfosessionValues) => Place;

/** The place of a row's cell, as findings name it. */
export function cellPlace(row: DataRow, column: string): Place {
  const cell = row.cell(column);
  return { file: row.file, line: cell.line, column: cell.column };
}

/** A row's values by column, as written. */
export function sessionValues(row: DataRow): SessionTexts {
  const value = (column: keyof InfosessionValues) => row.cell(column).value;
  return {
    id: value('id'),
    employer: value('employer'),
    date: value('date'),
    start_time: value('start_time'),
    end_time: value('end_time'),
    location: value('location'),
    website: value('website'),
    audience: value('audience'),
    programs: value('programs'),
    description: value('description'),
  };
}

/** id: digits, and a name a file can have (unique across every file of the data set: duplicateIds). */
export function checkId(id: string, at: Place, findings: Findings): void {
  if (!/^\d+$/.test(id)) {
    findings.error(at, 'id', `id "${id}" is not a number: an id is digits only, e.g. 2116.`);
  } else if (fileNameProblem(id)) {
    findings.error(at, 'file-name', `id ${shownValue(id)}: ${fileNameProblem(id)}.`);
  }
}

/** audience: it names the audience's feed file. */
export function checkAudience(audience: string, at: Place, findings: Findings): void {
  const problem = fileNameProblem(audience.trim());
  if (problem) findings.error(at, 'file-name', `audience ${shownValue(audience)}: ${problem}.`);
}

/** date: a real calendar date, within the term the file is named for (when it is). */
export function readDate(date: string, term: Term | undefined, at: Place, findings: Findings) {
  const day = parseSessionDate(date);
  if (!day.ok) findings.error(at, 'date', `date ${day.reason}`);
  if (day.ok && term && !isInTerm(day.value, term)) {
    findings.warning(
      at,
      'date-term',
      `date "${date}" falls outside ${term.label} (the term this file is named for). ` +
        `Check the year, or move the row to its term's file.`,
    );
  }
  return day;
}

/** The start and end times: 12-hour clock, the end not before the start; `note` when the row is an all-day note. */
export function readTimes(values: SessionTexts, at: CellPlace, findings: Findings) {
  const { start_time: start, end_time: end } = values;
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
  const kind = kindOf(values.employer);
  const note = from.ok && to.ok && isAllDayNote(kind, from.value, to.value);
  if (from.ok && to.ok && to.value === from.value && kind !== 'holiday') {
    findings.warning(
      at('end_time'),
      'time-order',
      `the session ends when it starts (${start}), so it shows as an all-day note. Give its real end time; ` +
        'a holiday names itself in employer (e.g. "Canadian Thanksgiving - Holiday").',
    );
  }
  return { from, to, note };
}

/** What a student needs to find the session: who holds it, and where (an all-day note has no place). */
export function checkFindable(values: SessionTexts, note: boolean, at: CellPlace, findings: Findings): void {
  if (values.employer.trim() === '') {
    findings.warning(
      at('employer'),
      'empty',
      'employer is empty: name the employer (or the event) holding the session.',
    );
  }
  if (values.location.trim() === '' && !note) {
    findings.warning(at('location'), 'empty', 'location is empty: give the room, or TBD when it is not decided yet.');
  }
}

/** website: an http(s) URL or a bare domain; any other scheme is an error, anything else a warning. */
export function checkWebsite(website: string, at: Place, findings: Findings): void {
  const site = website.trim();
  if (site === '' || URL_OR_DOMAIN.test(site)) return;
  // As a browser reads it: tabs and line breaks dropped, leading control characters and spaces ignored.
  const scheme = SCHEME.exec(site.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, ''))?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    // javascript:, data:, vbscript:, ftp:, … would reach the published API and every page linking it.
    findings.error(
      at,
      'website',
      `website "${website}" starts with the scheme "${scheme}:"; ` +
        `only http and https addresses are published. ` +
        "Write the https:// address of the employer's page (or a bare domain such as www.example.com), " +
        'or leave the cell empty.',
    );
  } else {
    findings.warning(
      at,
      'website',
      `website "${website}" is not a URL or a bare domain such as www.example.com or https://example.com/careers.`,
    );
  }
}

/** Escapes copied from a database export: \' and \" are published with their backslash. */
export function checkBackslashes(row: DataRow, findings: Findings): void {
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
}
