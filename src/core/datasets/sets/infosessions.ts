import { fileNameProblem } from '../../read/file-name.ts';
import type { Findings } from '../../read/findings.ts';
import { type InfosessionValues, infosessionRecord } from '../../records/infosession-record.ts';
import { fieldNames } from '../../records/record-spec.ts';
import { isoDate } from '../../records/session-time.ts';
import type { SiteRecord } from '../../records/site-data.ts';
import { parseTermCode, type Term, termOfDate } from '../../records/term.ts';
import { type CsvTableRule, readCsvTables } from '../csv-reader.ts';
import { defineDataset, newestDay } from '../dataset.ts';
import {
  cellPlace,
  checkAudience,
  checkBackslashes,
  checkFindable,
  checkId,
  checkWebsite,
  readDate,
  readTimes,
  sessionValues,
} from './infosessions/columns.ts';

const TERM_FILE = /^(\d{4})(?:infosessions)?\.csv$/;

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
      const values = sessionValues(row);
      const at = (column: keyof InfosessionValues) => cellPlace(row, column);
      checkId(values.id, at('id'), findings);
      checkAudience(values.audience, at('audience'), findings);
      const term = fileTerm(place.fileKey);
      const day = readDate(values.date, term, at('date'), findings);
      const times = readTimes(values, at, findings);
      checkFindable(values, times.note, at, findings);
      checkWebsite(values.website, at('website'), findings);
      checkBackslashes(row, findings);
      // A row whose date or times did not read is an error (the build stops): its record keeps nothing parsed.
      if (!day.ok || !times.from.ok || !times.to.ok) return { values, ...place };
      const when = {
        date: day.value,
        start: times.from.value,
        end: times.to.value,
        term: term ?? termOfDate(day.value),
      };
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
  source: {
    repository: 'uWaterloo/Datasets',
    path: 'EmployerInfoSessions',
    url: 'https://github.com/uWaterloo/Datasets/tree/9259aca/EmployerInfoSessions',
  },
  tables: [
    {
      name: 'sessions',
      record: infosessionRecord,
      key: ['id'],
      repeats: true,
      shown: ['id', 'employer', 'date', 'start_time', 'location'],
      browse: {
        facets: [
          { column: 'date', name: 'year', word: 'last' },
          { column: 'location', name: 'building', word: 'first' },
          { column: 'audience' },
        ],
      },
    },
  ],
  read: (files, findings) => {
    const sessions = readCsvTables('infosessions', [sessionFiles()], files, findings).sessions ?? [];
    duplicateIds(sessions, findings); // an id used in two term files, over the records of all, in file order
    return { sessions };
  },
  // The Centre for Career Action posts sessions a few weeks ahead, all through each term.
  updates: {
    text: 'sessions posted weeks ahead, all through every term',
    days: 120,
    newest: ({ sessions }) => newestDay((sessions ?? []).map((s) => (s.when ? isoDate(s.when.date) : undefined))),
  },
  feeds: {
    1129: { record: infosessionRecord, data: 'array', records: ({ tables }) => tables.sessions ?? [] },
  },
});
