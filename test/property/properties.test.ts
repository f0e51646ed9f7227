import path from 'node:path';
import fc from 'fast-check';
import * as linkify from 'linkifyjs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { linkSegments, type TextSegment } from '../../src/core/calendar/linkify.ts';
import { readDatasetFiles } from '../../src/core/datasets/data-folder.ts';
import { dataset as infosessionsDataset } from '../../src/core/datasets/sets/infosessions.ts';
import { Findings } from '../../src/core/read/findings.ts';
import { envelope } from '../../src/core/records/envelope.ts';
import { infosessionRecord } from '../../src/core/records/infosession-record.ts';
import { fieldNames } from '../../src/core/records/record-spec.ts';
import { renderJson } from '../../src/core/render/json.ts';
import { renderXml } from '../../src/core/render/xml.ts';
import { readDataFolder } from '../../src/load/data-fs.ts';
import { ROOT } from '../helpers/build.ts';
import { cases } from '../helpers/cases.ts';
import { parseXml, xmlValue } from '../helpers/xml.ts';
import { renderXmlDocument } from '../helpers/xml-oracle.ts';

const FIELDS = fieldNames(infosessionRecord);
const GOOD = [
  '2116',
  'Accenture',
  'September 5, 2013',
  '9:30 AM',
  '1:00 PM',
  'TC 2218',
  'accenture.com',
  'Co-op',
  'Math',
  'Hello',
];

/** Characters that break naive CSV, XML or JSON writers, mixed with arbitrary Unicode. */
const nasty = fc.string({
  unit: fc.oneof(
    fc.constantFrom(
      '"',
      ',',
      '\n',
      '\r\n',
      '\r',
      '<',
      '>',
      '&',
      ']]>',
      "'",
      '\\',
      '\t',
      ' ',
      '😀',
      '\u0000',
      '\u0007',
      '\u001f',
      '\uFFFE',
      '\u2028',
      '</textarea>',
      '<script>',
      '&amp;',
      '&foo;',
      '&#65;',
      '&#x41;',
    ),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

/** Writes one row as CSV the way a spreadsheet would, runs the checks and renders what would be published. */
function roundTrip(field: number, value: string) {
  const cells = [...GOOD];
  cells[field] = value;
  const csv = Papa.unparse({ fields: FIELDS, data: [cells] }, { quotes: true, newline: '\n' });
  const findings = new Findings();
  const tables = readDatasetFiles(
    infosessionsDataset,
    [{ rel: '1139.csv', file: 'data/infosessions/1139.csv', bytes: new TextEncoder().encode(csv) }],
    findings,
  );
  const records = (tables.sessions ?? []).map((r) => r.values);
  return { csv, cells, findings, doc: envelope(1129, 0, records) };
}

/** A value as a spreadsheet writes it in double quotes. */
const quoted = (value: string) => `"${value.replace(/"/g, '""')}"`;

/** The offset in `csv` of a finding's line and column (lines end at LF, as the checks count them). */
function offsetOf(csv: string, line: number, column: number): number {
  let start = 0;
  for (let l = 1; l < line; l++) start = csv.indexOf('\n', start) + 1;
  return start + column - 1;
}

/**
 * The rule a checked value of each field breaks when it is not what the field holds (fields of free
 * text have none).
 */
const VALUE_RULES: Record<string, string> = { id: 'id', date: 'date', start_time: 'time', end_time: 'time' };

/** Characters no published file may hold (XML 1.0 cannot carry them; iCalendar cannot carry U+007F). */
const FORBIDDEN = /^[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]$/;

/**
 * Expects each error to name the rule the value breaks and to point where it is broken: at
 * the very character (a control character, a bare CR) or at the start of the value.
 */
function expectLocatedErrors({ csv, cells, findings }: ReturnType<typeof roundTrip>, field: number): void {
  let start = csv.indexOf('\n') + 1;
  for (const cell of cells.slice(0, field)) start += quoted(cell).length + 1;
  const end = start + quoted(cells[field]!).length;
  expect(csv.slice(start, end)).toBe(quoted(cells[field]!));
  const name = FIELDS[field]!;
  for (const e of findings.errors) {
    const at = offsetOf(csv, e.line, e.column);
    const where =
      `${e.rule} at ${e.line}:${e.column}: ${JSON.stringify(csv.slice(at, at + 3))} of ` +
      `${JSON.stringify(csv.slice(start, end))}`;
    expect(e.file).toBe('data/infosessions/1139.csv');
    if (e.rule === 'control-character') {
      expect(csv[at], where).toMatch(FORBIDDEN);
      expect(e.message).toBe(
        `${name} holds the control character U+${csv.codePointAt(at)!.toString(16).toUpperCase().padStart(4, '0')}, ` +
          `which JSON can carry but ${csv[at] === '\u007f' ? 'iCalendar feeds' : 'XML'} cannot. Delete it.`,
      );
    } else if (e.rule === 'line-endings') {
      expect(csv.slice(at, at + 2), where).toMatch(/^\r(?!\n)/);
    } else {
      expect(e.rule, where).toBe(VALUE_RULES[name]);
      expect(at, where).toBe(start + 1);
      expect(e.message.startsWith(`${name} "`), e.message).toBe(true);
    }
    expect(at, where).toBeGreaterThan(start);
    expect(at, where).toBeLessThan(end);
  }
}

describe('any text in any field', () => {
  it('survives CSV → JSON and CSV → XML → parser exactly, or is refused with a located, clear error', () => {
    fc.assert(
      fc.property(fc.nat({ max: FIELDS.length - 1 }), nasty, (field, value) => {
        const trip = roundTrip(field, value);
        const { findings, doc } = trip;
        if (findings.errors.length > 0) {
          expectLocatedErrors(trip, field);
          return;
        }
        // Line breaks inside a value are published as \n (documented); nothing else changes.
        const expected = value.replace(/\r\n/g, '\n');
        const fromJson = JSON.parse(renderJson(doc));
        expect(fromJson.data[0][FIELDS[field]!]).toBe(expected);
        const fromXml = parseXml(renderXml(doc)).response;
        const record = xmlValue(fromXml.data.item[0], fromJson.data[0]) as Record<string, string>;
        expect(record[FIELDS[field]!]).toBe(expected);
      }),
      { numRuns: cases(50, 400), seed: 20261122 },
    );
  });

  it.each([
    ['after quotes', 'say "hi" \u0007', 2, 113],
    ['on a later line, after quotes', 'a\n"b" \u0007', 3, 7],
  ])('points at a control character %s, each quote being written twice', (_, value, line, column) => {
    const trip = roundTrip(9, value);
    expect(trip.findings.errors.map((e) => [e.rule, e.line, e.column])).toEqual([['control-character', line, column]]);
    expectLocatedErrors(trip, 9);
  });

  it.each([
    ['a control character', '\u0001', 'control-character'],
    ['U+FFFF', 'a\uFFFFb', 'control-character'],
    ['a bare carriage return', 'a\rb', 'line-endings'],
  ])('refuses %s with a named rule', (_, value, rule) => {
    const { findings } = roundTrip(9, value);
    expect(findings.errors.map((e) => e.rule)).toContain(rule);
  });

  it('keeps quotes, commas, markup, ]]> and emoji in the description exactly', () => {
    const value = 'She said "hi", <b>&amp;</b> &nbsp; &#65; ]]> 😀\nnext line';
    const { findings, doc } = roundTrip(9, value);
    expect(findings.errors).toEqual([]);
    expect(JSON.parse(renderJson(doc)).data[0].description).toBe(value);
    expect(renderXml(doc)).toContain('She said "hi", &lt;b&gt;&amp;amp;&lt;/b&gt; &amp;nbsp; &amp;#65; ]]&gt; 😀');
  });
});

describe('the fast XML renderer', () => {
  /** Text a record can hold once checked: anything but the characters the check refuses. */
  const text = fc.string({
    unit: fc.oneof(
      fc.constantFrom(
        '"',
        '\n',
        '<',
        '>',
        '&',
        ']]>',
        "'",
        '\t',
        ' ',
        '😀',
        '\u2028',
        '&amp;',
        '&#65;',
        '</item>',
        '\uFFFD',
      ),
      fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    ),
    maxLength: 30,
  });
  const value = fc.oneof(text, fc.constant(''), fc.constant(null), fc.integer(), fc.array(text, { maxLength: 3 }));
  const names = ['id', 'employer', 'date', 'parameters', 'description'];

  it('gives exactly the text of the reference xmlbuilder2 document, for records of any shape', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(value, value, value, value, value), { maxLength: 8 }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.option(fc.nat()),
        (rows, timestamp, methodId) => {
          const records = rows.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i]!]))) as Record<
            string,
            never
          >[];
          const doc = envelope(methodId, timestamp, records);
          expect(renderXml(doc)).toBe(renderXmlDocument(doc));
        },
      ),
      { numRuns: cases(40, 300), seed: 20261122 },
    );
  });
});

describe('links in free text', () => {
  /** The plain way: linkifyjs over the whole text. `linkSegments` scans only words that may hold a link. */
  function wholeTextSegments(text: string): TextSegment[] {
    const segments: TextSegment[] = [];
    let at = 0;
    for (const m of linkify.find(text)) {
      if (m.type !== 'url' && m.type !== 'email') continue;
      if (m.start > at) segments.push({ text: text.slice(at, m.start) });
      segments.push({ text: m.value, href: m.href });
      at = m.end;
    }
    if (at < text.length) segments.push({ text: text.slice(at) });
    return segments;
  }
  const linky = fc.string({
    unit: fc.constantFrom(
      'www',
      '.',
      'com',
      'ca',
      'io',
      'localhost',
      ':',
      '//',
      'http',
      'https',
      '@',
      'mailto:',
      ' ',
      '\n',
      '\t',
      '(',
      ')',
      ',',
      '<',
      '>',
      '"',
      "'",
      '192.168.0.1',
      ':8080',
      '/a?q=1&x',
      '#top',
      '。',
      'jp',
      'é',
      '例え',
      '-',
      '_',
      'a',
      'b1',
      '😀',
      'uwaterloo',
      '...',
    ),
    maxLength: 30,
  });

  it('finds exactly the links a scan of the whole text finds', () => {
    fc.assert(
      fc.property(linky, (text) => {
        expect(linkSegments(text)).toEqual(wholeTextSegments(text));
      }),
      { numRuns: cases(250, 2000), seed: 20261122 },
    );
  });

  it('finds exactly those links in every real description', () => {
    const rows = readDataFolder(path.join(ROOT, 'data'), ROOT).datasets.infosessions?.sessions ?? [];
    const descriptions = rows.map((r) => String(r.values.description));
    expect(descriptions.filter((d) => wholeTextSegments(d).some((s) => s.href)).length).toBeGreaterThan(10);
    for (const d of descriptions) expect(linkSegments(d)).toEqual(wholeTextSegments(d));
  });
});
