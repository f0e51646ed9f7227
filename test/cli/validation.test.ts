import { execFileSync } from 'node:child_process';
import { cp, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDatasetFiles } from '../../src/core/datasets/data-folder.ts';
import { readDirectory } from '../../src/core/datasets/directory.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { dataset as infosessionsDataset } from '../../src/core/datasets/sets/infosessions.ts';
import { Findings } from '../../src/core/read/findings.ts';
import { readDataFolder } from '../../src/load/data-fs.ts';
import { copySmallData, ROOT, removeDir, runCli, tempDir } from '../helpers/build.ts';

const HEADER = 'id,employer,date,start_time,end_time,location,website,audience,programs,description';
const GOOD =
  '2116,Accenture,"September 5, 2013",9:30 AM,1:00 PM,TC 2218,accenture.com,Co-op Students,"Mathematics, ' +
  'Engineering",Come along.';

/** Checks CSV text as data/infosessions/1139.csv; returns `line:column rule severity` of each finding. */
function check(text: string | Uint8Array, name = '1139.csv') {
  const findings = new Findings();
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  readDatasetFiles(infosessionsDataset, [{ rel: name, file: `data/infosessions/${name}`, bytes }], findings);
  return findings.list.map((f) => ({
    at: `${f.line}:${f.column}`,
    rule: f.rule,
    severity: f.severity,
    message: f.message,
  }));
}

const rows = (...lines: string[]) => `${[HEADER, ...lines].join('\n')}\n`;

describe('a valid file', () => {
  it.each([
    ['LF line endings', rows(GOOD)],
    ['CRLF line endings', rows(GOOD).replace(/\n/g, '\r\n')],
    ['a UTF-8 BOM', `\uFEFF${rows(GOOD)}`],
    ['no final line break', rows(GOOD).trimEnd()],
    [
      'a zero-padded hour and a quoted value with a line break',
      rows('1,A,"May 6, 2014",09:30 AM,12:00 PM,TBD,,All,"x","line one\nline two"'),
    ],
    ['12:xx AM before 12:xx PM', rows('1,A,"September 1, 2013",12:15 AM,12:45 PM,TBD,,All,x,')],
    ['a leap day', rows('1,A,"February 29, 2016",1:00 PM,2:00 PM,TBD,,All,x,')],
    // The all-day note convention (data/README.md): a holiday's same start and end, and no place, are no defect.
    [
      'a holiday as an all-day note',
      rows('2079,Canadian Thanksgiving - Holiday,"October 14, 2013",08:00 AM,08:00 AM,,,Co-op Students,,'),
    ],
  ])('%s has no findings', (_, text) => {
    expect(check(text, name(text))).toEqual([]);
  });
  function name(text: string) {
    return text.includes('2016') ? '1161.csv' : text.includes('May') ? '1145.csv' : '1139.csv';
  }
});

/** `line:column` of the first occurrence of `marker` in a physical line of `text`. */
function place(text: string | Uint8Array, line: number, marker: string): string {
  const s = typeof text === 'string' ? text : Buffer.from(text).toString('latin1');
  const physical = s.replace(/^\uFEFF/, '').split('\n')[line - 1]!;
  const i = physical.indexOf(marker);
  if (i < 0) throw new Error(`marker ${marker} not on line ${line}`);
  return `${line}:${i + 1}`;
}

const cp1252Row = Buffer.concat([
  Buffer.from([HEADER, GOOD, '2,B,"September 6, 2013",1:00 PM,2:00 PM,TC,,All,x,we'].join('\n')),
  Buffer.from([0x92]),
  Buffer.from('re here\n'),
]);

describe.each([
  // rule, file text, [line, text at the reported column], severity, words the message must hold
  ['encoding', cp1252Row, [3, '\x92'], 'error', '"’" (U+2019)'],
  [
    'header',
    'id,employer,date,start,end_time,location,website,audience,programs,description\n',
    [1, 'start,'],
    'error',
    'should be "start_time"',
  ],
  ['header', 'id,employer\n', [1, '\0'], 'error', 'column 3 should be "date" but is missing'],
  [
    'cell-count',
    rows(GOOD, '2,B,"September 6, 2013",1:00 PM,2:00 PM,TC,,All,x,y,extra'),
    [3, 'extra'],
    'error',
    'has 11 cells',
  ],
  ['cell-count', rows(GOOD, '2,B,"September 6, 2013",1:00 PM'), [3, '\0'], 'error', 'has 4 cells'],
  [
    'unterminated-quote',
    rows(GOOD, '2,B,"September 6, 2013",1:00 PM,2:00 PM,TC,,All,x,"never closed', '3,C'),
    [3, '"never'],
    'error',
    'never closed',
  ],
  [
    'stray-quote',
    rows(GOOD.replace('TC 2218', '"TC" 2218')),
    [2, '" 2218'],
    'error',
    'a double quote in the middle of a value',
  ],
  ['id', rows(GOOD.replace('2116', '21a6')), [2, '21a6'], 'error', 'not a number'],
  ['duplicate-id', rows(GOOD, GOOD), [3, '2116'], 'error', 'already used at data/infosessions/1139.csv:2'],
  ['date', rows(GOOD.replace('"September 5, 2013"', 'Sept 5 2013')), [2, 'Sept'], 'error', 'not a date like'],
  ['date', rows(GOOD.replace('September 5', 'September 31')), [2, 'September'], 'error', 'September 2013 has 30 days'],
  ['date', rows(GOOD.replace('September 5, 2013', 'February 30, 2014')), [2, 'February'], 'error', 'not a real date'],
  ['time', rows(GOOD.replace('9:30 AM', '9:30AM')), [2, '9:30AM'], 'error', 'not a 12-hour time'],
  ['time', rows(GOOD.replace('9:30 AM', '13:30 PM')), [2, '13:30'], 'error', 'hour 1 to 12'],
  ['time', rows(GOOD.replace('1:00 PM', '1:00 pm')), [2, '1:00 pm'], 'error', 'end_time'],
  [
    'time-order',
    rows(GOOD.replace('1:00 PM', '8:00 AM')),
    [2, '8:00 AM'],
    'error',
    'ends (8:00 AM) before it starts (9:30 AM)',
  ],
  ['time-order', rows(GOOD.replace('1:00 PM', '9:30 AM')), [2, '9:30 AM,TC'], 'warning', 'ends when it starts'],
  ['control-character', rows(GOOD.replace('Come along.', 'Come\u0007 along.')), [2, '\u0007'], 'error', 'U+0007'],
  ['line-endings', rows(GOOD).replace('Come along.', 'Come\ralong.'), [2, '\r'], 'error', 'carriage return'],
  ['line-endings', `${HEADER}\n${GOOD}\r\n${GOOD.replace('2116', '2117')}\n`, [2, '\r'], 'warning', '(1 CRLF, 2 LF)'],
  ['whitespace', rows(GOOD.replace('TC 2218', 'TC 2218 ')), [2, ' ,accenture'], 'warning', 'trailing spaces'],
  ['whitespace', rows(GOOD.replace(',Accenture,', ', Accenture,')), [2, ' Accenture'], 'warning', 'leading spaces'],
  ['empty', rows(GOOD.replace('Accenture', '')), [2, ',"Sept'], 'warning', 'employer is empty'],
  ['empty', rows(GOOD.replace('TC 2218', '')), [2, ',accenture'], 'warning', 'location is empty'],
  [
    'website',
    rows(GOOD.replace('accenture.com', '"http://blackberry,com"')),
    [2, 'http'],
    'warning',
    'not a URL or a bare domain',
  ],
  [
    'website',
    rows(GOOD.replace('accenture.com', 'javascript:alert(1)')),
    [2, 'javascript'],
    'error',
    'starts with the scheme "javascript:"; only http and https',
  ],
  [
    'website',
    rows(GOOD.replace('accenture.com', '"data:text/html,<b>hi</b>"')),
    [2, 'data:'],
    'error',
    'the scheme "data:"',
  ],
  [
    'website',
    rows(GOOD.replace('accenture.com', 'VBScript:msgbox(1)')),
    [2, 'VBScript'],
    'error',
    'the scheme "vbscript:"',
  ],
  [
    'website',
    rows(GOOD.replace('accenture.com', 'ftp://ftp.example.com/jobs')),
    [2, 'ftp:'],
    'error',
    'the scheme "ftp:"',
  ],
  [
    'website',
    rows(GOOD.replace('accenture.com', '"java\nscript:alert(1)"')),
    [2, 'java'],
    'error',
    'the scheme "javascript:"',
  ],
  [
    'backslash-escape',
    rows(GOOD.replace('Come along.', "Canada\\'s best")),
    [2, "\\'"],
    'warning',
    'backslash before a quote',
  ],
  ['date-term', rows(GOOD.replace('2013', '2014')), [2, 'September'], 'warning', 'outside Fall 2013'],
] as const)('rule %s', (rule, text, [line, marker], severity, words) => {
  it(`reports ${severity}: ${words}`, () => {
    const all = check(text);
    const found = all.filter((f) => f.rule === rule);
    expect(found, JSON.stringify(all)).toHaveLength(1);
    // '\0' stands for the end of the line.
    const expected =
      marker === '\0'
        ? `${line}:${(typeof text === 'string' ? text : '').split('\n')[line - 1]!.length + 1}`
        : place(text, line, marker);
    expect(found[0]).toMatchObject({ at: expected, severity });
    expect(found[0]!.message).toContain(words);
  });
});

it('rejects a file named for no term', () => {
  const findings = new Findings();
  readDatasetFiles(
    infosessionsDataset,
    [{ rel: 'fall.csv', file: 'data/infosessions/fall.csv', bytes: new TextEncoder().encode(rows(GOOD)) }],
    findings,
  );
  expect(findings.errors.map((f) => f.rule)).toEqual(['file-name']);
});

describe('the method directory', () => {
  const header =
    'method_id,name,path,service_id,service_name,enabled,key_required,data_type,update_frequency,cache_seconds,' +
    'usage_counting,purpose,source,no_data_note';
  const dir = (...lines: string[]) => {
    const findings = new Findings();
    const entries = readDirectory(
      new TextEncoder().encode([header, ...lines].join('\n')),
      'data/methods.csv',
      Object.keys(DATASETS),
      findings,
    );
    return { entries, findings: findings.list.map((f) => `${f.line}:${f.column} ${f.message}`) };
  };

  it('derives parameters from the path placeholders, in order', () => {
    const { entries, findings } = dir('1193,,/terms/{term}/{subject}/{number}/schedule.{format},241,terms,,,,,,,,,');
    expect(findings).toEqual([]);
    expect(entries[0]!.parameters).toEqual(['term', 'subject', 'number', 'format']);
  });

  it.each([
    [
      'a repeated method id',
      ['1,,/a.{format},1,a,,,,,,,,,', '1,,/b.{format},1,a,,,,,,,,,'],
      '3:1 method_id 1 is already used on line 2',
    ],
    ['a path without .{format}', ['1,,/a.json,1,a,,,,,,,,,'], '2:4 path "/a.json" must'],
    [
      'a service id with two names',
      ['1,,/a.{format},7,a,,,,,,,,,', '2,,/b.{format},7,b,,,,,,,,,'],
      '3:18 service 7 is called "a"',
    ],
    ['a yes/no fact that is neither', ['1,,/a.{format},1,a,maybe,,,,,,,,'], '2:20 enabled "maybe" must be yes, no'],
    ['an unknown source', ['1,,/a.{format},1,a,,,,,,,,printers,'], '2:27 source "printers" is not a data set'],
    [
      'a no-data note on a path with placeholders',
      ['1,,/a/{id}.{format},1,a,,,,,,,,,withdrawn'],
      'has placeholders in its path',
    ],
  ])('reports %s', (_, lines, message) => {
    expect(dir(...lines).findings.join('\n')).toContain(message);
  });
});

describe('the raw community data set, as published', () => {
  const raw = path.resolve(ROOT, '../shared/datasets/employer-info-sessions');
  const report = readDataFolder(raw, raw);
  const at = (f: { file: string; line: number; column: number; rule: string; severity: string }) =>
    `${f.file}:${f.line}:${f.column} ${f.severity} ${f.rule}`;
  const all = report.findings.list.map(at);

  it.skipIf(report.files.length === 0)('has its real defects found, each at the right line and column', () => {
    expect(all).toEqual(
      expect.arrayContaining([
        '1139infosessions.csv:61:473 error encoding',
        '1139infosessions.csv:84:414 error encoding',
        '1139infosessions.csv:86:780 error encoding',
        '1139infosessions.csv:106:440 error encoding',
        '1139infosessions.csv:46:74 warning website',
        '1139infosessions.csv:17:70 warning whitespace',
        '1145infosessions.csv:49:6 warning whitespace',
        '1145infosessions.csv:49:71 warning whitespace',
        '1145infosessions.csv:35:55 warning website',
        '1145infosessions.csv:4:173 warning backslash-escape',
      ]),
    );
    expect(report.findings.errors).toHaveLength(4);
  });

  it(
    'leaves the corrected copies in data/ without errors or warnings (the holiday at 1139.csv:115 is an all-day ' +
      'note)',
    () => {
      const data = readDataFolder(path.join(ROOT, 'data'), ROOT);
      expect(data.findings.errors).toEqual([]);
      expect(data.findings.warnings.map(at)).toEqual([]);
    },
  );
});

describe('a data folder holding a link or a special file', () => {
  let work: string;
  afterAll(() => removeDir(work));

  it('reports each as an error naming it, and reads none of them', async () => {
    work = await tempDir();
    const data = path.join(work, 'data');
    await copySmallData(data); // what is tested is how a link or a pipe is read, not the size of the data sets
    await cp(path.join(ROOT, 'data/infosessions/1141.csv'), path.join(work, 'outside.csv'));
    await symlink('/proc/self/environ', path.join(data, 'infosessions/1155.csv'));
    await symlink(path.join(work, 'outside.csv'), path.join(data, 'infosessions/1159.csv'));
    execFileSync('mkfifo', [path.join(data, 'infosessions/1161.csv')]);

    const run = await runCli('check.ts', [data], { CAMPUS_TEST_SECRET: 'do-not-print-me' }, work);
    expect(run.code).toBe(1);
    const errors = run.stdout.split('\n').filter((l) => l.includes('error:'));
    expect(errors).toEqual([
      'data/infosessions/1155.csv:1:1: error: this is a symbolic link, not a regular file: ' +
        'only regular files inside the data folder are read, so it was not. ' +
        'Put the file itself here (a copy, not a link), or remove it.',
      'data/infosessions/1159.csv:1:1: error: this is a symbolic link, not a regular file: ' +
        'only regular files inside the data folder are read, so it was not. ' +
        'Put the file itself here (a copy, not a link), or remove it.',
      'data/infosessions/1161.csv:1:1: error: this is a named pipe (FIFO), not a regular file: ' +
        'only regular files inside the data folder are read, so it was not. ' +
        'Put the file itself here (a copy, not a link), or remove it.',
    ]);
    expect(run.stdout + run.stderr).not.toContain('do-not-print-me');

    // The build says the same, and stops: it hashes the data for its reuse key first, and that
    // reading too opens no link or pipe (it hung on the pipe, and followed the links).
    const build = await runCli(
      'build.ts',
      ['--api-only', '--out', path.join(work, 'dist')],
      { DATA_DIR: data, CAMPUS_TEST_SECRET: 'do-not-print-me' },
      work,
    );
    expect(build.code).toBe(1);
    expect(build.stderr.split('\n').filter((l) => l.includes('error:'))).toEqual(errors);
    expect(build.stdout + build.stderr).not.toContain('do-not-print-me');
  });
});
