// Hostile input, the same cases for every data set and format (CSV and JSON): each file of each
// data set, from data/ (and a small JSON fixture for the buildings' JSON copy), is changed the
// same ways; every change ends in findings at their place, never in an exception.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDataFiles } from '../src/core/datasets/data-folder.ts';
import { DATASETS } from '../src/core/datasets/registry.ts';
import type { Finding } from '../src/core/read/findings.ts';
import { listDataFiles } from '../src/load/data-fs.ts';
import { ROOT } from './helpers/build.ts';

/** One sample file per data set and format: its path inside data/, and its text. */
export interface Sample {
  set: string;
  rel: string;
  text: string;
  /** Files read beside it, unchanged (the CSV a JSON copy is compared with). */
  beside: { rel: string; bytes: Uint8Array }[];
}

/** The first file of each data set in data/, and the buildings' JSON copy from the fixtures. */
export function samples(): Sample[] {
  const out: Sample[] = [];
  for (const set of Object.values(DATASETS).filter((s) => !s.derived)) {
    const dir = path.join(ROOT, 'data', set.name);
    const first = listDataFiles(dir)[0];
    if (first) out.push({ set: set.name, rel: `${set.name}/${first}`, text: readFileSync(path.join(dir, first), 'utf8'), beside: [] });
  }
  const copy = path.join(ROOT, 'test/fixtures/hostile/buildings/Buildings.json');
  const csv = { rel: 'buildings/Buildings.csv', bytes: readFileSync(path.join(ROOT, 'data/buildings/Buildings.csv')) };
  out.push({ set: 'buildings', rel: 'buildings/Buildings.json', text: readFileSync(copy, 'utf8'), beside: [csv] });
  return out;
}

/** Reads a sample's file, as data/<rel>, with `bytes` for its content (and the files beside it); returns its findings. */
export function readSample(sample: Sample, bytes: Uint8Array | string): Finding[] {
  const data = typeof bytes === 'string' ? new TextEncoder().encode(bytes) : bytes;
  const inputs = [...sample.beside, { rel: sample.rel, bytes: data }].sort((a, b) => (a.rel < b.rel ? -1 : 1));
  return readDataFiles(inputs, (r) => r, DATASETS).findings.list.filter((f) => f.file === sample.rel);
}

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
    const escape = `\\u${char.codePointAt(0)!.toString(16).padStart(4, '0')}`;
    return { text: sample.text.slice(0, i) + escape + sample.text.slice(i), at: lineColumn(sample.text, i) };
  }
  const i = sample.text.indexOf('\n') + 2;
  return { text: sample.text.slice(0, i) + char + sample.text.slice(i), at: lineColumn(sample.text, i) };
}

const SAMPLES = samples();

describe.each(SAMPLES.map((s) => [s.rel, s] as const))('%s', (_, sample) => {
  it('reads as it is without an error', () => {
    expect(readSample(sample, sample.text).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it.each(['\u0000', '\u0001', '\u001f', '\ufffe', '\uffff'])('reports the control character %j where it stands', (char) => {
    const { text, at } = withCharacter(sample, char);
    const found = readSample(sample, text).filter((f) => f.rule === 'control-character');
    expect(found.map((f) => `${f.line}:${f.column} ${f.severity}`)).toEqual([`${at} error`]);
  });

  it.each([
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
