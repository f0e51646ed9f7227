// The exam-schedule data set (1187): one fixture per rule, the raw snapshot's defects at their
// places, --fix on the raw files, the published records against an independent reading of
// data/exam-schedule/, and the diff by natural key (term + course).
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { chmod, cp, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDatasetFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { dataset as exams } from '../../src/core/datasets/sets/exam-schedule.ts';
import { Findings } from '../../src/core/read/findings.ts';
import { diffData } from '../../src/core/review/data-diff.ts';
import { renderDiffMarkdown } from '../../src/core/review/diff-markdown.ts';
import { listDataFiles, readDataFolder } from '../../src/load/data-fs.ts';
import { NODE_ARGS } from '../../src/pipeline/node-command.ts';
import { ROOT, readTree, removeDir, tempDir } from '../helpers/build.ts';
import {
  checkFiles,
  dataFindings,
  dataFolder,
  diffKeys,
  findingKey,
  plainCsvRows,
  rawSnapshot,
  readForDiff,
} from '../helpers/datasets.ts';
import { rootSite } from '../helpers/sites.ts';

const raw = rawSnapshot('exam-schedule');
const RAW = raw.dir;
const DATA = path.join(ROOT, 'data/exam-schedule');
const HEADER = 'course,section,day,date,start_time,end_time,location,notes\n';
const EXPORT = 'Exam,Section(s),Day,Date,Start,End,Location\n';
const ONLINE = 'See https://uwaterloo.ca/quest/help/students/how-do-i/online-exam-schedule';
const SITTING = 'ACTSC 221,001,Thursday,2011-08-04,4:00 PM,6:30 PM,PAC 4,\n';
/** A Spring 2011 file: the header, then the rows. */
const spring = (...rows: string[]) => ({ '1115.csv': HEADER + rows.join('') });

/** Reads in-memory files as data/exam-schedule/; returns `file:line:column severity rule` of each finding. */
const check = (files: Record<string, string>) => checkFiles(exams, files);

describe('one fixture per rule', () => {
  it('finds nothing wrong in a good file', () => {
    expect(
      check(
        spring(
          SITTING,
          `ACTSC 221,081 Online,,,,,,${ONLINE}\n`,
          'ACTSC 231,"001,002",Friday,2011-08-12,9:00 AM,11:30 AM,"PAC 1,2,3",\n',
        ),
      ),
    ).toEqual([]);
  });

  it.each([
    [
      'file-name: a file not named for a term',
      { 'Fall2011.csv': HEADER + SITTING },
      ['Fall2011.csv:1:1 error file-name'],
    ],
    ['header: an empty file', { '1115.csv': '' }, ['1115.csv:1:1 error header']],
    [
      'header: neither layout',
      { '1115.csv': 'course,section,when,start_time\nACTSC 221,001,today,4:00 PM\n' },
      ['1115.csv:1:16 error header'],
    ],
    [
      'header: a named column after the schedule',
      { '1115.csv': HEADER.replace('\n', ',room\n') + SITTING.replace('\n', ',\n') },
      ['1115.csv:1:60 error header'],
    ],
    [
      "layout: the Registrar's export",
      { '1115.csv': `${EXPORT}ACTSC 221,001,Thursday,"August 4, 2011",4:00 PM,6:30 PM,PAC 4\n` },
      ['1115.csv:1:1 warning layout'],
    ],
    [
      "note-in-day: the export's note in Day",
      { '1115.csv': `${EXPORT}ACTSC 221,081 Online,${ONLINE},,,,\n` },
      ['1115.csv:1:1 warning layout', '1115.csv:2:22 warning note-in-day'],
    ],
    [
      'line-break: a header name on two lines',
      {
        '1115.csv':
          `${EXPORT.replace('Start', '"Start\nTime"')}ACTSC 221,001,Thursday,"August 4, ` +
          `2011",4:00 PM,6:30 PM,PAC 4\n`,
      },
      ['1115.csv:1:1 warning layout', '1115.csv:1:27 warning line-break'],
    ],
    [
      'padding: empty column names after the header',
      { '1115.csv': HEADER.replace('\n', ',,\n') + SITTING.replace('\n', ',,\n') },
      ['1115.csv:1:60 warning padding'],
    ],
    [
      'padding: a row with more (empty) cells than the header',
      spring(SITTING.replace('\n', ',\n')),
      ['1115.csv:2:58 warning padding'],
    ],
    [
      'cell-count: a row too short',
      spring('ACTSC 221,001,Thursday,2011-08-04,4:00 PM,6:30 PM\n'),
      ['1115.csv:2:50 error cell-count'],
    ],
    [
      'cell-count: text after the columns',
      spring('ACTSC 221,001,Thursday,2011-08-04,4:00 PM,6:30 PM,PAC 1,2,3\n'),
      ['1115.csv:2:59 error cell-count'],
    ],
    [
      'line-endings: CRLF throughout',
      { '1115.csv': (HEADER + SITTING).replace(/\n/g, '\r\n') },
      ['1115.csv:1:59 warning line-endings'],
    ],
    [
      'line-break: a room list on two lines',
      spring('ACTSC 221,001,Thursday,2011-08-04,4:00 PM,6:30 PM,"PAC 1,2\nMC 4020",\n'),
      ['1115.csv:2:59 warning line-break'],
    ],
    [
      'whitespace: a value with a trailing space',
      spring('ACTSC 221 ,001,Thursday,2011-08-04,4:00 PM,6:30 PM,PAC 4,\n'),
      ['1115.csv:2:10 warning whitespace'],
    ],
    [
      'stray-quote: a space before the opening quote',
      spring('ACTSC 221,001,Thursday,2011-08-04,4:00 PM,6:30 PM, "PAC 4",\n'),
      ['1115.csv:2:52 error stray-quote'],
    ],
    [
      'control-character: a character XML cannot carry',
      spring(`ACTSC 221,081 Online,,,,,,See\u0007 Quest\n`),
      ['1115.csv:2:30 error control-character'],
    ],
    [
      'html-entity: &amp; in a link',
      spring('ACTSC 221,,,,,,WLU,See https://www.wlu.ca/page.php?grp_id=1366&amp;p=14749\n'),
      ['1115.csv:2:63 warning html-entity'],
    ],
    [
      'course: not a subject and a number',
      spring(SITTING.replace('ACTSC 221', 'ACTSC')),
      ['1115.csv:2:1 error course'],
    ],
    ['course: two spaces inside', spring(SITTING.replace('ACTSC 221', 'ACTSC  221')), ['1115.csv:2:6 warning course']],
    ['online: "On Line"', spring(`ACTSC 221,081 On Line,,,,,,${ONLINE}\n`), ['1115.csv:2:11 warning online']],
    [
      'note-wording: a repeated note worded otherwise',
      spring('ACTSC 221,001,,,,,,Exam removed from schedule. Contact instructor for further information.\n'),
      ['1115.csv:2:20 warning note-wording'],
    ],
    [
      'note-wording: "See:"',
      spring(`ACTSC 221,,,,,,,${ONLINE.replace('See', 'See:')}\n`),
      ['1115.csv:2:17 warning note-wording'],
    ],
    ['day: not a weekday', spring(SITTING.replace('Thursday', 'Thu')), ['1115.csv:2:15 error day']],
    ['date: not ISO 8601', spring(SITTING.replace('2011-08-04', 'August 4 2011')), ['1115.csv:2:24 error date']],
    ['date: no such day', spring(SITTING.replace('2011-08-04', '2011-06-31')), ['1115.csv:2:24 error date']],
    ['time: a 24-hour time', spring(SITTING.replace('4:00 PM', '16:00')), ['1115.csv:2:35 error time']],
    ['sitting: a sitting without its end', spring(SITTING.replace('6:30 PM', '')), ['1115.csv:2:43 error sitting']],
    [
      "weekday: a day that is not the date's",
      spring(SITTING.replace('Thursday', 'Friday')),
      ['1115.csv:2:15 error weekday'],
    ],
    [
      "date-term: a date outside the file's term",
      spring(SITTING.replace('Thursday,2011-08-04', 'Monday,2011-12-05')),
      ['1115.csv:2:22 warning date-term'],
    ],
    [
      'time-order: the end before the start',
      spring(SITTING.replace('4:00 PM,6:30 PM', '6:30 PM,4:00 PM')),
      ['1115.csv:2:43 error time-order'],
    ],
    ['location: a sitting without a place', spring(SITTING.replace('PAC 4', '')), ['1115.csv:2:51 warning location']],
    [
      'misplaced-note: a link in the section column',
      spring('BUS 111W,See https://www.wlu.ca/,,,,,WLU,\n'),
      ['1115.csv:2:10 error misplaced-note'],
    ],
    [
      'no-sitting: neither a sitting nor a note',
      spring('ACTSC 221,001,,,,,PAC 4,\n'),
      ['1115.csv:2:15 error no-sitting'],
    ],
    ['duplicate-row: a row given twice', spring(SITTING, SITTING), ['1115.csv:3:1 error duplicate-row']],
    [
      'duplicate-key: one term in two files',
      { '1115.csv': HEADER + SITTING, '1115ExamSchedule.csv': HEADER + SITTING },
      ['1115ExamSchedule.csv:2:1 error duplicate-key'],
    ],
  ])('%s', (_, files, expected) => {
    expect(check(files)).toEqual(expected);
  });

  it(
    'says what is wrong with a cell and how to fix it in the words of every CSV data set (csv-reader.ts ' +
      'checkCell)',
    () => {
      const findings = new Findings();
      const text =
        `${HEADER}ACTSC 221 ,001,Thursday,2011-08-04,4:00 PM,6:30 PM,"PAC 4\n",\nACTSC 231,081 ` +
        `Online,,,,,,See\u0007 Quest\n`;
      readDatasetFiles(exams, [{ rel: '1115.csv', file: '1115.csv', bytes: new TextEncoder().encode(text) }], findings);
      expect(findings.list.map((f) => `${f.line}:${f.column} ${f.message}`)).toEqual([
        '2:10 course "ACTSC 221 " has trailing spaces; they are published as written. ' +
          'Remove them (`npm run check -- --fix` does).',
        '2:58 location "PAC 4\\n" has trailing spaces or line breaks; they are published as written. ' +
          'Remove them (`npm run check -- --fix` does).',
        '4:30 notes holds the control character U+0007, which JSON can carry but XML cannot. Delete it.',
      ]);
    },
  );

  it('reads the export as the canonical layout says: the same records, the note from Day', () => {
    const read = (text: string) => {
      const sources = [{ rel: '1115.csv', file: '1115.csv', bytes: new TextEncoder().encode(text) }];
      return readDatasetFiles(exams, sources, new Findings()).courses!.map((r) => r.values);
    };
    const canonical = read(`${HEADER}${SITTING}ACTSC 221,081 Online,,,,,,${ONLINE}\n`);
    expect(
      read(
        `${EXPORT}ACTSC 221,001,Thursday,"August 4, 2011",4:00 PM,6:30 PM,PAC 4\nACTSC 221,081 Online,${ONLINE},,,,\n`,
      ),
    ).toEqual(canonical);
    expect(canonical).toEqual([
      {
        term: '1115',
        course: 'ACTSC 221',
        sections: [
          {
            section: '001',
            day: 'Thursday',
            date: '2011-08-04',
            start_time: '4:00 PM',
            end_time: '6:30 PM',
            location: 'PAC 4',
            notes: '',
          },
          {
            section: '081 Online',
            day: null,
            date: null,
            start_time: null,
            end_time: null,
            location: null,
            notes: ONLINE,
          },
        ],
      },
    ]);
  });
});

describe('the raw snapshot, as published', () => {
  const { report } = raw;
  const all = report.findings.list.map(findingKey);

  it.skipIf(!raw.present)('has the defects its README lists found at their places', () => {
    expect(all).toEqual(
      expect.arrayContaining([
        // line ends: CRLF throughout in 1139 and 1145, only the header's in 1135
        '1139ExamSchedule.csv:1:65 warning line-endings',
        '1145ExamSchedule.csv:1:45 warning line-endings',
        '1135ExamSchedule.csv:1:59 warning line-endings',
        // header names differ from term to term; a two-line "Start / Time"; Day/Date
        '1115ExamSchedule.csv:1:1 warning layout',
        '1141ExamSchedule.csv:1:27 warning line-break',
        '1191ExamSchedule.csv:1:1 warning layout',
        // empty columns padding the header; rows of other widths
        '1131ExamSchedule.csv:1:55 warning padding',
        '1131ExamSchedule.csv:159:107 warning padding',
        '1119ExamSchedule.csv:24:47 warning padding',
        '1119ExamSchedule.csv:69:50 warning padding',
        '1129ExamSchedule.csv:807:73 error cell-count',
        // multi-line cells
        '1199ExamSchedule.csv:21:99 warning line-break',
        '1141ExamSchedule.csv:613:25 warning line-break',
        '1171ExamSchedule.csv:627:22 warning line-break',
        // broken quoting
        '1129ExamSchedule.csv:293:59 error stray-quote',
        '1129ExamSchedule.csv:293:68 error cell-count',
        '1119ExamSchedule.csv:532:22 error stray-quote',
        // notes instead of data, and the wording of the same note
        '1121ExamSchedule.csv:24:20 warning note-wording',
        '1131ExamSchedule.csv:20:20 warning note-in-day',
        '1115ExamSchedule.csv:47:10 error misplaced-note',
        '1119ExamSchedule.csv:24:12 error time',
        '1119ExamSchedule.csv:69:13 error date',
        '1129ExamSchedule.csv:807:25 error date',
        // an HTML entity
        '1115ExamSchedule.csv:47:53 warning html-entity',
        // exact repeats
        '1129ExamSchedule.csv:810:1 error duplicate-row',
        '1129ExamSchedule.csv:817:1 error duplicate-row',
        '1191ExamSchedule.csv:812:1 error duplicate-row',
        // stray spaces
        '1121ExamSchedule.csv:2:10 warning whitespace',
        '1115ExamSchedule.csv:48:9 warning whitespace',
        '1175ExamSchedule.csv:5:6 warning course',
        '1195ExamSchedule.csv:47:65 warning whitespace',
        '1195ExamSchedule.csv:100:61 warning whitespace',
        '1199ExamSchedule.csv:105:71 warning whitespace',
        // "081 On Line"
        '1135ExamSchedule.csv:34:11 warning online',
      ]),
    );
  });

  it.skipIf(!raw.present)('finds exactly these problems, errors only in the five files that need a person', () => {
    const counts: Record<string, number> = {};
    for (const f of report.findings.list)
      counts[`${f.severity} ${f.rule}`] = (counts[`${f.severity} ${f.rule}`] ?? 0) + 1;
    expect(counts).toEqual({
      'warning layout': 26,
      'warning padding': 102,
      'warning line-endings': 3,
      'warning line-break': 105,
      'warning whitespace': 893,
      'warning course': 465,
      'warning online': 365,
      'warning note-in-day': 2947,
      'warning note-wording': 445,
      'warning html-entity': 26,
      'error misplaced-note': 53,
      'error time': 282,
      'error date': 99,
      'error stray-quote': 2,
      'error cell-count': 101,
      'error duplicate-row': 3,
    });
    expect(new Set(report.findings.errors.map((f) => f.file))).toEqual(
      new Set([
        '1115ExamSchedule.csv',
        '1119ExamSchedule.csv',
        '1125ExamSchedule.csv',
        '1129ExamSchedule.csv',
        '1191ExamSchedule.csv',
      ]),
    );
  });

  it('leaves the corrected copies in data/exam-schedule/ without findings', () => {
    expect(dataFindings('exam-schedule')).toEqual([]);
    expect(Object.keys(dataFolder().datasets)).toContain('exam-schedule');
  });
});

/**
 * Runs `check` with its output going to a file. Through a pipe (runCli) the CLI's
 * process.exit() cuts its output at the pipe's buffer, and --fix on the raw folder prints
 * about 6,000 lines.
 */
async function checkToFile(args: string[], out: string): Promise<{ code: number; stdout: string }> {
  const fd = openSync(out, 'w');
  try {
    const cli = [...NODE_ARGS, path.join(ROOT, 'src/cli/check.ts'), ...args];
    const child = spawn(process.execPath, cli, {
      cwd: ROOT,
      env: { ...process.env, GITHUB_ACTIONS: '' },
      stdio: ['ignore', fd, fd],
    });
    const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? 1)));
    return { code, stdout: await readFile(out, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

describe('check --fix on the raw files', () => {
  let work: string;
  let run: { code: number; stdout: string };
  const folder = () => path.join(work, 'exam-schedule');
  beforeAll(async () => {
    work = await tempDir();
    await cp(RAW, folder(), { recursive: true });
    // The snapshot is read-only; its copy must be writable for --fix.
    for (const name of await readdir(folder())) await chmod(path.join(folder(), name), 0o644);
    run = await checkToFile([folder(), '--fix'], path.join(work, 'fix.txt'));
  });
  afterAll(() => removeDir(work));

  it.skipIf(!raw.present)('repairs line endings and spaces where nothing else is wrong', async () => {
    for (const term of ['1121', '1135', '1139', '1145', '1195', '1199'])
      expect(run.stdout).toMatch(new RegExp(`${term}ExamSchedule\\.csv: repaired \\(\\d+ changes?\\)`));
    expect(await readFile(path.join(folder(), '1139ExamSchedule.csv'), 'utf8')).not.toContain('\r');
    expect((await readFile(path.join(folder(), '1121ExamSchedule.csv'), 'utf8')).split('\n')[1]).toBe(
      'ACTSC 231,001,Monday,"April 16, 2012",9:00 AM,11:30 AM,M3 1006',
    );
    // 1195 line 47 ended its location with a line break inside the quotes: the record is one line again.
    expect((await readFile(path.join(folder(), '1195ExamSchedule.csv'), 'utf8')).split('\n')[46]).toBe(
      'BIOL 273,001,Tuesday,"August 6, 2019",4:00 PM,6:30 PM,"PAC 4,5,6"',
    );
    // What it repaired is no longer reported; what --fix does not guess at still is.
    const after = readDataFolder(folder(), work).findings.list.filter((f) =>
      /^exam-schedule\/11(21|35|39|45|95|99)/.test(f.file),
    );
    expect(after.filter((f) => ['whitespace', 'line-endings', 'stray-quote'].includes(f.rule))).toEqual([]);
    expect(after.filter((f) => f.rule === 'layout')).toHaveLength(6);
  });

  it.skipIf(!raw.present)('writes no file that keeps an error, and says so', async () => {
    for (const term of ['1115', '1119', '1129'])
      expect(run.stdout).toMatch(new RegExp(`${term}ExamSchedule\\.csv: not changed: \\d+ errors would remain`));
    for (const term of ['1115', '1119', '1125', '1129', '1191']) {
      const name = `${term}ExamSchedule.csv`;
      expect((await readFile(path.join(folder(), name))).equals(await readFile(path.join(RAW, name))), name).toBe(true);
    }
    expect(run.code).toBe(1);
  });
});

/**
 * The records of one term as an independent reading of its CSV says: rows grouped by course in
 * first-seen order, empty sitting cells null.
 */
function expectedRecords(rows: Record<string, string>[]): unknown[] {
  const courses = new Map<string, Record<string, string | null>[]>();
  for (const row of rows) {
    const orNull = (v: string) => (v === '' ? null : v);
    const sitting = {
      section: row.section!,
      day: orNull(row.day!),
      date: orNull(row.date!),
      start_time: orNull(row.start_time!),
      end_time: orNull(row.end_time!),
      location: orNull(row.location!),
      notes: row.notes!,
    };
    courses.set(row.course!, [...(courses.get(row.course!) ?? []), sitting]);
  }
  return [...courses].map(([course, sections]) => ({ course, sections }));
}

describe('the published records', () => {
  let files: Map<string, Buffer>;
  // The shared build of the real data (read-only), its API files under v2/.
  beforeAll(async () => {
    files = new Map([...(await readTree(rootSite('v2')))].map(([f, bytes]) => [`v2/${f}`, bytes]));
  });

  const terms = listDataFiles(DATA).map((f) => f.replace(/\.csv$/, ''));

  it('publish one file per term, in both formats, and no other', () => {
    expect(terms).toHaveLength(26);
    expect([...files.keys()].filter((f) => f.includes('/examschedule.')).sort()).toEqual(
      terms.flatMap((t) => [`v2/terms/${t}/examschedule.json`, `v2/terms/${t}/examschedule.xml`]).sort(),
    );
  });

  it.each(terms)('/terms/%s/examschedule equals a plain reading of data/exam-schedule/%s.csv', async (term) => {
    const doc = JSON.parse(files.get(`v2/terms/${term}/examschedule.json`)!.toString('utf8'));
    expect(doc.meta).toMatchObject({ method_id: 1187, status: 200 });
    const expected = expectedRecords(await plainCsvRows(path.join(DATA, `${term}.csv`)));
    expect(expected.length).toBeGreaterThan(300);
    expect(doc.data).toEqual(expected);
  });
});

describe('npm run diff on the exam schedules', () => {
  it('matches records by term and course', () => {
    const read = (...rows: string[]) => readForDiff('exam-schedule/1115.csv', HEADER + rows.join(''));
    const removed = 'ACTSC 231,001,Friday,2011-08-12,9:00 AM,11:30 AM,PAC 1,\n';
    const added = 'AFM 101,001,Friday,2011-08-12,9:00 AM,11:30 AM,PAC 2,\n';
    const diff = diffData(read(SITTING, removed), read(SITTING.replace('PAC 4', 'PAC 5'), added), DATASETS);
    expect(diffKeys(diff)).toEqual([
      ['exam-schedule', ['1115 AFM 101'], ['1115 ACTSC 231'], [['1115 ACTSC 221', ['sections[0].location']]]],
    ]);
    expect(renderDiffMarkdown(diff, 'main')).toContain('### exam-schedule: added (1)\n\n| term | course | file |');
  });
});
