// Hostile input, the same cases for every data set and format (CSV and JSON): each file of each
// data set, from data/ (and a small JSON fixture for the buildings' JSON copy), is changed the
// same ways; every change ends in findings at their place, never in an exception.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDataFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { Findings } from '../../src/core/read/findings.ts';
import { readDataFolder } from '../../src/load/data-fs.ts';
import { ROOT } from '../helpers/build.ts';
import { dataSample, readSample, type Sample, samples } from '../helpers/hostile.ts';

/** `line:column` of a text offset (lines end at LF). */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before.at(-1)!.length + 1}`;
}

/**
 * Puts `char` into the first value of the file's first record: in CSV after the first character
 * of line 2; in JSON as an escape (\uXXXX) at the start of the first string value. Returns the
 * text and the place a finding should name.
 */
function withCharacter(sample: Sample, char: string): { text: string; at: string } {
  if (sample.rel.endsWith('.json')) {
    const m = /": "/.exec(sample.text)!;
    const i = m.index + m[0].length;
    const escaped = `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;
    return { text: sample.text.slice(0, i) + escaped + sample.text.slice(i), at: lineColumn(sample.text, i) };
  }
  const i = sample.text.indexOf('\n') + 2;
  return { text: sample.text.slice(0, i) + char + sample.text.slice(i), at: lineColumn(sample.text, i) };
}

const SAMPLES = samples();

describe.each(SAMPLES.map((s) => [s.rel, s] as const))('%s', (_, sample) => {
  it('reads as it is without an error', () => {
    expect(readSample(sample, sample.text).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it.each(['\u0000', '\u0001', '\u001f', '\u007f', '\ufffe', '\uffff'])(
    'reports the control character %j where it stands',
    (char) => {
      const { text, at } = withCharacter(sample, char);
      const found = readSample(sample, text).filter((f) => f.rule === 'control-character');
      expect(found.map((f) => `${f.line}:${f.column} ${f.severity}`)).toEqual([`${at} error`]);
    },
  );

  it.each([
    ['nested 100,000 levels deep', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['an object nested 100,000 levels deep', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
    ['empty', ''],
    ['a byte-order mark alone', '\ufeff'],
    ['a lone double quote', '"'],
    ['NUL bytes', '\u0000'.repeat(64)],
  ])('when %s, has an error finding and throws nothing', (_, text) => {
    const findings = readSample(sample, text);
    expect(findings.filter((f) => f.severity === 'error').length).toBeGreaterThan(0);
  });

  it('cut in half, throws nothing', () => {
    expect(() => readSample(sample, sample.text.slice(0, sample.text.length >> 1))).not.toThrow();
  });
});

describe('values a reader cannot turn into a record', () => {
  const sample = dataSample;
  it.each([
    ['api/versions.csv', 'a version that is no number', (t: string) => t.replace(/\n[^,\n]+,/, '\nCON,'), 'version'],
    [
      'watcard/watcardvendors.json',
      'a latitude beyond any number',
      (t: string) => t.replace(/"latitude": [^,\n]+/, '"latitude": 1e999'),
      'position',
    ],
    [
      'watcard/watcardvendors.json',
      'a vendor number of 400 digits',
      (t: string) => t.replace(/"\d+": \{/, `"${'9'.repeat(400)}": {`),
      'vendor-number',
    ],
  ])('%s: %s is an error finding, not an exception', (rel, _, change, rule) => {
    const findings = readSample(sample(rel), change(sample(rel).text));
    expect(findings.filter((f) => f.severity === 'error').map((f) => f.rule)).toContain(rule);
  });
});

describe('values that become file or folder names', () => {
  const long = 'x'.repeat(300);
  /** The errors of data/<rel> changed by `change`, read beside the directory: `line:column rule`. */
  const errorsOf = (rel: string, change: (t: string) => string, directory?: (t: string) => string) => {
    const sample = dataSample(rel);
    if (rel.startsWith('programs/'))
      sample.beside.push({
        rel: 'quest/AcademicGroups.csv',
        bytes: readFileSync(path.join(ROOT, 'data/quest/AcademicGroups.csv')),
      });
    if (directory)
      sample.beside = sample.beside.map((b) => ({
        ...b,
        bytes: Buffer.from(directory(Buffer.from(b.bytes).toString('utf8'))),
      }));
    const findings =
      rel === 'methods.csv'
        ? readSample({ ...sample, beside: [] }, change(sample.text))
        : readSample(sample, change(sample.text));
    return findings.filter((f) => f.severity === 'error').map((f) => `${f.line}:${f.column} ${f.rule}`);
  };
  const first = (line: string) => (t: string) => t.replace(/\n[^\n]*/, `\n${line}`);

  it.each([
    [
      'a building code of 300 characters',
      'buildings/Buildings.csv',
      first(`1,${long},,Douglas Wright Engineering Building,,43.47,-80.53,1,43.47,-80.53,,`),
      '2:1 file-name',
    ],
    [
      'a building code Windows reserves',
      'buildings/Buildings.csv',
      first('1,CON,,Douglas Wright Engineering Building,,43.47,-80.53,1,43.47,-80.53,,'),
      '2:1 file-name',
    ],
    [
      'a building code differing from another only in case',
      'buildings/Buildings.csv',
      (t: string) => t.replace('\n2,E2,', '\n2,dwe,'),
      '3:1 file-name',
    ],
    [
      'a session id of 300 digits',
      'infosessions/1139.csv',
      (t: string) => t.replace('\n2116,', `\n${'1'.repeat(300)},`),
      '2:1 file-name',
    ],
    [
      'an audience of 300 characters',
      'infosessions/1139.csv',
      (t: string) => t.replace('3rd and 4th year Students', long),
      '2:90 file-name',
    ],
    [
      'a program of 300 characters',
      'programs/programs.csv',
      (t: string) => `${t}${long},${long},MAT\n`,
      `${readFileSync(path.join(ROOT, 'data/programs/programs.csv'), 'utf8').split('\n').length}:1 file-name`,
    ],
    [
      'a path segment of 300 characters',
      'methods.csv',
      (t: string) => t.replace('/foodservices/diets.{format}', `/foodservices/${long}.{format}`),
      '36:17 file-name',
    ],
    [
      'a path whose schema name another method has',
      'methods.csv',
      (t: string) => `${t}1400,Events,/events/terms.{format},300,events,,no,,,,,Lists events,,\n`,
      `${readFileSync(path.join(ROOT, 'data/methods.csv'), 'utf8').split('\n').length}:13 file-name`,
    ],
  ] as const)('%s is an error at its place', (_, rel, change, expected) => {
    expect(errorsOf(rel, change)).toContain(expected);
  });
});

describe('an empty optional value', () => {
  it.each(['vendor_name', 'address', 'phone_number', 'logo'])(
    'watcard: an empty %s is one warning, "empty", published as null (the same for every member)',
    (member) => {
      const sample = dataSample('watcard/watcardvendors.json');
      const text = sample.text.replace(new RegExp(`"${member}": "[^"]*"`), `"${member}": ""`);
      const found = readSample(sample, text).filter(
        (f) => f.line === text.slice(0, text.indexOf(`"${member}": ""`)).split('\n').length,
      );
      expect(found.map((f) => `${f.severity} ${f.rule}`)).toEqual(['warning empty']);
      expect(found[0]!.message).toContain(`${member} is empty: write null where it is not known`);
      const source = { rel: 'watcardvendors.json', file: 'watcardvendors.json', bytes: Buffer.from(text) };
      expect(DATASETS.watcard!.read([source], new Findings()).vendors![0]!.values[member]).toBeNull();
    },
  );
});

it(
  'courses: a subject differing from another only in case is an error at its record (its folder would be the ' +
    "other's)",
  () => {
    const sample = dataSample('courses/ACTSC.csv');
    sample.beside.push({ rel: 'courses/actsc2.csv', bytes: Buffer.from(sample.text.replaceAll('ACTSC', 'actsc')) });
    const found = readDataFiles(
      [...sample.beside, { rel: sample.rel, bytes: Buffer.from(sample.text) }].sort((a, b) => (a.rel < b.rel ? -1 : 1)),
      (r) => r,
      DATASETS,
    );
    expect(
      found.findings.errors.filter((f) => f.rule === 'file-name' && f.file === 'courses/actsc2.csv').length,
    ).toBeGreaterThan(0);
  },
);

describe('a wrong header is the one cause', () => {
  /** The errors of the real data folder with data/<rel> changed by `change`. */
  const errorsWith = (rel: string, change: (t: string) => string) => {
    const text = readFileSync(path.join(ROOT, 'data', rel), 'utf8');
    const overlay = new Map([[rel, Buffer.from(change(text))]]);
    return readDataFolder(path.join(ROOT, 'data'), ROOT, overlay, { whole: true }).findings.errors;
  };

  it.each([
    ['quest/AcademicGroups.csv', 'data/quest/AcademicGroups.csv'],
    ['quest/AcademicOrganizations.csv', 'data/quest/AcademicOrganizations.csv'],
  ])('%s: its header is the error, and every other error names it as its cause (no false "not in")', (rel, shown) => {
    const errors = errorsWith(rel, (t) => t.replace(/^\w+/, 'code'));
    const header = errors.filter((e) => e.rule === 'header');
    expect(header.map((e) => `${e.file}:${e.line}:${e.column}`)).toEqual([`${shown}:1:1`]);
    const others = errors.filter((e) => e.rule !== 'header');
    expect(others.length).toBeGreaterThan(0);
    expect(others.length).toBeLessThanOrEqual(3);
    for (const e of others) expect(e.cause).toEqual({ file: shown, line: 1, column: 1 });
    expect(others.map((e) => e.message).join('\n')).not.toMatch(/is not in/);
  });
});

describe('a file of a data folder that no reader takes', () => {
  it('is a warning naming it (a mistyped extension would drop a term silently); notes and hidden files are not', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'unread-'));
    try {
      mkdirSync(path.join(dir, 'infosessions'));
      const sessions = readFileSync(path.join(ROOT, 'data/infosessions/1139.csv'));
      writeFileSync(path.join(dir, 'infosessions/1139.txt'), sessions);
      writeFileSync(path.join(dir, 'infosessions/1141.csv.'), sessions);
      writeFileSync(
        path.join(dir, 'infosessions/1145.csv'),
        readFileSync(path.join(ROOT, 'data/infosessions/1145.csv')),
      );
      writeFileSync(path.join(dir, 'README.md'), '# notes\n');
      writeFileSync(path.join(dir, 'infosessions/.gitkeep'), '');
      const found = readDataFolder(dir, dir).findings.list.filter((f) => f.rule === 'unread-file');
      expect(found.map((f) => `${f.file}:${f.line}:${f.column} ${f.severity}`)).toEqual([
        'infosessions/1139.txt:1:1 warning',
        'infosessions/1141.csv.:1:1 warning',
      ]);
      expect(found[0]!.message).toContain('name it 1139.csv');
      expect(found[1]!.message).toContain('name it 1141.csv');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('every quote finding is at the quote', () => {
  /** The errors of data/<rel> with its line `n` (1-based) changed by `change`: `line:column rule`. */
  const errorsWithLine = (rel: string, n: number, change: (line: string) => string) => {
    const sample = dataSample(rel);
    const lines = sample.text.split('\n');
    lines[n - 1] = change(lines[n - 1]!);
    return readSample(sample, lines.join('\n'))
      .filter((f) => f.severity === 'error')
      .map((f) => `${f.line}:${f.column} ${f.rule}`);
  };
  /** `line:column` of the first `marker` on line `n` of data/<rel>, after `change`. */
  const at = (rel: string, n: number, change: (line: string) => string, marker: string) =>
    `${n}:${change(dataSample(rel).text.split('\n')[n - 1]!).indexOf(marker) + 1}`;

  it.each([
    ['exam-schedule/1199.csv', (l: string) => l.replace('"PAC 1, 2, 3",', '"PAC 1, 2, 3,'), '"PAC'],
    [
      'exam-schedule/1199.csv',
      (l: string) => l.replace(',Tuesday,', ',"Tuesday,').replace('"PAC 1, 2, 3"', 'PAC'),
      '"Tu',
    ],
  ])(
    '%s: a quoted value not closed on its line 3 is one error at its opening quote, no follow-on',
    (rel, change, q) => {
      expect(errorsWithLine(rel, 3, change)).toEqual([`${at(rel, 3, change, q)} unterminated-quote`]);
    },
  );

  it('infosessions: a quote opened on line 3 and not closed where its value ends is one error at that quote', () => {
    const rel = 'infosessions/1139.csv';
    const change = (l: string) => l.replace(',TC 2218,', ',"TC 2218,');
    const lines = dataSample(rel).text.split('\n');
    const tail = lines.slice(3).join('\n');
    expect(tail.includes('"')).toBe(true); // later quotes pair up: the value runs on to one of them
    const found = errorsWithLine(rel, 3, change);
    expect(found[0]).toBe(`${at(rel, 3, change, '"TC')} unterminated-quote`);
    expect(found.filter((f) => !f.startsWith('3:'))).toEqual([]);
  });

  it('a quote opened on line 3 that no later quote closes is one error at that quote (not at line 4)', () => {
    const sample = dataSample('exam-schedule/1199.csv');
    const [header, first, second, third] = sample.text.split('\n');
    const text = [header, first, second!.replace(',Tuesday,', ',"Tuesday,'), third!.replaceAll('"', ''), ''];
    const found = readSample(sample, text.join('\n')).filter((f) => f.severity === 'error');
    const column = text[2]!.indexOf('"Tuesday') + 1;
    expect(found.map((f) => `${f.line}:${f.column} ${f.rule}`)).toEqual([`3:${column} unterminated-quote`]);
  });
});
