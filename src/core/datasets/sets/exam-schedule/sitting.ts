// The rules of one row of an exam schedule, and the sitting it publishes: a course, its
// section(s), then either a sitting (day, date, start and end, location) or a note saying why
// there is none.
import type { CsvCell } from '../../../read/csv-table.ts';
import type { Findings, Place } from '../../../read/findings.ts';
import type { ExamSitting } from '../../../records/exam-schedule-record.ts';
import {
  type CalendarDate,
  daysInMonth,
  isoDate,
  type Parsed,
  parseClockTime,
  parseSessionDate,
} from '../../../records/session-time.ts';
import { isInTerm, type Term } from '../../../records/term.ts';
import { cellPosition } from '../../csv-reader.ts';
import { checkCellText } from './cells.ts';
import { CANONICAL, type ExamCells, type ExamRow } from './layout.ts';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const COURSE = /^[A-Z]{2,}\s+\d{1,4}[A-Z]{0,2}$/;
const LINK = /https?:\/\//i;

/** The one wording of each note the schedules repeat (their files wrote each several ways). */
const NOTE_WORDINGS = {
  removed: 'Exam removed from the schedule. Contact the instructor for further information.',
  removedCel: 'Exam removed from the schedule. Contact CEL for further information.',
} as const;

/** A row's course as written and the sitting it publishes. */
export interface Sitting {
  course: string;
  sitting: ExamSitting;
}

/** The cells of a sitting: day (none when the export's Day holds a note), date, start and end. */
interface When {
  day: CsvCell | undefined;
  date: CsvCell;
  start_time: CsvCell;
  end_time: CsvCell;
}

/** The cells of a sitting, in order. */
const WHEN_CELLS = ['day', 'date', 'start_time', 'end_time'] as const satisfies readonly (keyof When)[];

/** A sitting's date and times, read. */
interface WhenRead {
  date: CalendarDate;
  from: number;
  to: number;
}

const blank = (cell: CsvCell | undefined): boolean => cell === undefined || cell.value.trim() === '';
const placeOf = (row: ExamRow, cell: CsvCell): Place => ({ file: row.file, line: cell.line, column: cell.column });

/** Whether an error was reported after the first `before` findings. */
function erredSince(findings: Findings, before: number): boolean {
  for (let i = before; i < findings.list.length; i++) if (findings.list[i]?.severity === 'error') return true;
  return false;
}

/** Reads a date as the layout writes it: ISO 8601 in the data folder, `Month D, YYYY` in the export. */
function readDate(text: string, canonical: boolean): Parsed<CalendarDate> {
  if (!canonical) return parseSessionDate(text);
  const m = ISO_DATE.exec(text);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [0, 0, 0];
  if (!m || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return {
      ok: false,
      reason: `"${text}" is not a date like 2011-08-04 (ISO 8601: four-digit year, month, day), or no real one.`,
    };
  }
  return { ok: true, value: { year, month, day } };
}

/** Checks the course: a subject code and a catalogue number, one space between. */
function checkCourse(row: ExamRow, cell: CsvCell, findings: Findings): void {
  const text = cell.value.trim();
  if (!COURSE.test(text)) {
    findings.error(
      placeOf(row, cell),
      'course',
      `course ${JSON.stringify(text)} is not a subject code and a catalogue number, like ACTSC 221. ` +
        `Write the course the exam is for.`,
    );
  } else if (/\s\s/.test(text)) {
    findings.warning(
      { file: row.file, ...cellPosition(cell, cell.value.search(/\s\s/)) },
      'course',
      `course "${text}" has more than one space between subject and number; it is published as written. ` +
        `Write one space.`,
    );
  }
}

/** Warns about a note worded other than its one wording, and about `See:` before an address. */
function checkNote(row: ExamRow, cell: CsvCell, findings: Findings): void {
  const text = cell.value.trim();
  const wording = /\bCEL\b/.test(text) ? NOTE_WORDINGS.removedCel : NOTE_WORDINGS.removed;
  if (/^"?exam removed/i.test(text) && text !== wording) {
    findings.warning(
      placeOf(row, cell),
      'note-wording',
      `the note "${text}" is worded differently from the same note elsewhere; it is published as written. ` +
        `Write: ${wording}`,
    );
  } else if (/^See:\s/.test(text)) {
    findings.warning(
      placeOf(row, cell),
      'note-wording',
      `the note "${text}" has a colon after "See", unlike the other notes; it is published as written. ` +
        `Write: See ${text.slice(4).trim()}`,
    );
  }
}

/**
 * Checks a sitting's cells: each one given must read as its kind, and a sitting gives all four
 * or none. Returns what they say when all four are given and read.
 */
function readWhen(
  row: ExamRow,
  when: When,
  canonical: boolean,
  noteColumn: string,
  findings: Findings,
): WhenRead | undefined {
  const before = findings.list.length;
  const hint = () => (blank(when.day) ? ` If it is a note, it belongs in ${noteColumn}.` : '');
  const day = when.day?.value.trim() ?? '';
  if (when.day && day !== '' && !WEEKDAYS.includes(day))
    findings.error(placeOf(row, when.day), 'day', `day "${day}" is not a weekday: write Monday to Sunday in full.`);
  const date = blank(when.date) ? undefined : readDate(when.date.value.trim(), canonical);
  if (date && !date.ok) findings.error(placeOf(row, when.date), 'date', `date ${date.reason}${hint()}`);
  const from = blank(when.start_time) ? undefined : parseClockTime(when.start_time.value.trim());
  if (from && !from.ok) findings.error(placeOf(row, when.start_time), 'time', `start_time ${from.reason}${hint()}`);
  const to = blank(when.end_time) ? undefined : parseClockTime(when.end_time.value.trim());
  if (to && !to.ok) findings.error(placeOf(row, when.end_time), 'time', `end_time ${to.reason}${hint()}`);
  if (date?.ok && from?.ok && to?.ok && day !== '')
    return findings.list.length > before ? undefined : { date: date.value, from: from.value, to: to.value };
  const names = WHEN_CELLS;
  const given = names.filter((k) => !blank(when[k]));
  if (given.length === 0 || findings.list.length > before) return undefined;
  for (const name of names.filter((k) => blank(when[k]))) {
    findings.error(
      placeOf(row, when[name] ?? row.cells.day),
      'sitting',
      `${name} is empty, but the row gives ${given.join(', ')}: a sitting needs day, date, start_time and end_time. ` +
        `Fill it in, or empty all four and say why in ${noteColumn}.`,
    );
  }
  return undefined;
}

/**
 * Checks that a sitting's weekday is its date's, the date within the file's term, the end after the
 * start, and a place given.
 */
function checkWhen(row: ExamRow, cells: ExamCells, read: WhenRead, term: Term | undefined, findings: Findings): void {
  const day = cells.day.value.trim();
  // Days since 1970-01-01, a Thursday.
  const weekday =
    WEEKDAYS[(((Date.UTC(read.date.year, read.date.month - 1, read.date.day) / 86_400_000 + 4) % 7) + 7) % 7] ?? '';
  const date = cells.date.value.trim();
  if (weekday !== day)
    findings.error(
      placeOf(row, cells.day),
      'weekday',
      `day "${day}" disagrees with date ${date}, a ${weekday}. Check both.`,
    );
  if (term && !isInTerm(read.date, term)) {
    findings.warning(
      placeOf(row, cells.date),
      'date-term',
      `date ${date} falls outside ${term.label}, the term this file is named for. ` +
        `Check the year, or move the row to its term's file.`,
    );
  }
  if (read.to <= read.from) {
    const [from, to] = [cells.start_time.value.trim(), cells.end_time.value.trim()];
    findings.error(
      placeOf(row, cells.end_time),
      'time-order',
      `the exam ends (${to}) ${read.to === read.from ? 'when' : 'before'} it starts (${from}). ` +
        `Check both times and their AM/PM.`,
    );
  }
  if (blank(cells.location))
    findings.warning(
      placeOf(row, cells.location),
      'location',
      'location is empty: give the building and rooms of the sitting.',
    );
}

/** Where a row's note is: Day, where the export writes a note when there is no sitting, or the notes column. */
interface NotePlace {
  dayIsNote: boolean;
  note: CsvCell | undefined;
  /** How a message names where the note goes. */
  noteColumn: string;
}

/** Checks a row by its rules; its course and sitting, or undefined when it has an error. */
export function readSitting(row: ExamRow, term: Term | undefined, findings: Findings): Sitting | undefined {
  const before = findings.list.length;
  const cells = row.cells;
  const canonical = row.layout === 'canonical';
  for (const name of CANONICAL) if (cells[name]) checkCellText(row.file, name, cells[name], name === 'notes', findings);
  checkCourse(row, cells.course, findings);
  const place = notePlace(row, findings);
  if (place.note) checkNote(row, place.note, findings);
  checkOnline(row, findings);
  const when: When = {
    day: place.dayIsNote ? undefined : cells.day,
    date: cells.date,
    start_time: cells.start_time,
    end_time: cells.end_time,
  };
  const read = readWhen(row, when, canonical, place.noteColumn, findings);
  if (read) checkWhen(row, cells, read, term, findings);
  checkSittingOrNote(row, when, place, findings);
  if (erredSince(findings, before)) return undefined;
  const text = (cell: CsvCell | undefined) => (cell === undefined || blank(cell) ? null : cell.value);
  return {
    course: cells.course.value,
    sitting: {
      section: cells.section.value,
      day: text(when.day),
      date: read ? isoDate(read.date) : null,
      start_time: text(cells.start_time),
      end_time: text(cells.end_time),
      location: text(cells.location),
      notes: place.note?.value ?? '',
    },
  };
}

/** Where the row's note is (the export writes a note in Day when there is no sitting), warning when it is in Day. */
function notePlace(row: ExamRow, findings: Findings): NotePlace {
  const { cells } = row;
  const canonical = row.layout === 'canonical';
  const dayIsNote = !canonical && !blank(cells.day) && !WEEKDAYS.includes(cells.day.value.trim());
  if (dayIsNote)
    findings.warning(
      placeOf(row, cells.day),
      'note-in-day',
      "Day holds a note, as the export writes them; the data folder's layout leaves day empty and puts the note in " +
        'notes.',
    );
  return {
    dayIsNote,
    note: dayIsNote ? cells.day : cells.notes,
    noteColumn: canonical ? 'notes' : "Day (the export's notes)",
  };
}

/** Warns where a section spells online sections "On Line". */
function checkOnline(row: ExamRow, findings: Findings): void {
  const { section } = row.cells;
  if (/\bOn Line\b/i.test(section.value)) {
    findings.warning(
      placeOf(row, section),
      'online',
      `section "${section.value.trim()}" spells online sections "On Line"; other rows write "Online". ` +
        `Write Online.`,
    );
  }
}

/** Reports a note in section or location, or a row that gives neither a sitting nor a note. */
function checkSittingOrNote(row: ExamRow, when: When, { note, noteColumn }: NotePlace, findings: Findings): void {
  const { cells } = row;
  const misplaced = LINK.test(cells.section.value)
    ? cells.section
    : LINK.test(cells.location.value)
      ? cells.location
      : undefined;
  if (misplaced) {
    const name = misplaced === cells.section ? 'section' : 'location';
    findings.error(
      placeOf(row, misplaced),
      'misplaced-note',
      `${name} holds a note ("${misplaced.value.trim()}"). Move it to ${noteColumn}, and leave ${name} empty.`,
    );
  } else if (blank(when.day) && blank(when.date) && blank(when.start_time) && blank(when.end_time) && blank(note)) {
    findings.error(
      placeOf(row, cells.day),
      'no-sitting',
      'the row gives neither a sitting (day, date, start_time, end_time) nor a note saying why there is none. ' +
        'Fill in one of them.',
    );
  }
}
