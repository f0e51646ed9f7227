// Who a session is open to, read from the data folder with papaparse and plain rules, not through
// the code under test: the task tests count what a student should get from this.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { ROOT } from './build.ts';

type Row = Record<string, string>;
const read = (file: string): Row[] =>
  Papa.parse<Row>(readFileSync(path.join(ROOT, 'data', file), 'utf8'), { header: true, skipEmptyLines: true }).data;
const key = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Every session row of data/infosessions/, as written. */
export const sessionRows: Row[] = readdirSync(path.join(ROOT, 'data/infosessions'))
  .filter((f) => f.endsWith('.csv'))
  .flatMap((f) => read(`infosessions/${f}`));

/** The session rows of one term's file (`1141`), as written. */
export function termRows(term: string): Row[] {
  return read(`infosessions/${term}.csv`);
}

const audienceRows = read('audiences/audiences.csv');
const programRows = read('programs/programs.csv');

/**
 * The audiences (their names) an audience label opens a session to, by data/audiences/audiences.csv;
 * `ALL` is every one.
 */
export function audiencesOf(label: string): string[] {
  const every = [
    ...new Set(audienceRows.flatMap((r) => r.audiences!.split('|').map((a) => a.trim())).filter((a) => a !== 'ALL')),
  ];
  const row = audienceRows.find((r) => key(r.label!) === key(label));
  if (!row) return label.trim() ? [label.trim()] : [];
  return row.audiences!.trim() === 'ALL' ? every : row.audiences!.split('|').map((a) => a.trim());
}

/**
 * Whether a programs cell opens a session to `program` (a canonical name of data/programs/programs.csv):
 * named, its faculty whole, or every program.
 */
export function openToProgram(cell: string, program: string): boolean {
  const faculty = programRows.find((r) => r.program === program)?.faculty;
  return cell.split(',').some((part) => {
    const row = programRows.find((r) => key(r.label!) === key(part));
    if (!row) return false;
    return row.program === program || (!row.program && (row.faculty === 'ALL' || row.faculty === faculty));
  });
}

/** Whether a row is a holiday, an all-day note (data/README.md): its employer says so and it ends when it starts. */
export function isHoliday(row: Row): boolean {
  return /holiday|thanksgiving/i.test(row.employer!) && row.start_time === row.end_time;
}

/** The ids of the sessions (holidays left out) open to a program and an audience. */
export function openSessions(program: string, audience: string): string[] {
  return sessionRows
    .filter((r) => !isHoliday(r) && openToProgram(r.programs!, program) && audiencesOf(r.audience!).includes(audience))
    .map((r) => r.id!);
}

/** `2014-01-05`: a row's date cell ("January 5, 2014") as an ISO day. */
export function rowDay(row: Row): string {
  return new Date(`${row.date} 12:00 UTC`).toISOString().slice(0, 10);
}

/**
 * Whether a session row is in the subscribers' feeds of a build at `epoch` (Unix seconds), by docs/calendar.md: the
 * 28 days before the build's day and the 366 after; when the newest session is before the build's day, the 28 days
 * up to it. The build's day is taken in UTC (the tests' epochs are the same day in Toronto).
 */
export function inSubscriberWindow(row: Row, epoch: number): boolean {
  const today = new Date(epoch * 1000).toISOString().slice(0, 10);
  const newest = sessionRows.map(rowDay).sort().at(-1)!;
  const anchor = [newest, today].sort()[0]!;
  const shift = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString().slice(0, 10);
  const day = rowDay(row);
  return day >= shift(anchor, -28) && day < shift(today, 366);
}
