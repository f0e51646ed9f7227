// Fuzzing every reader: byte-level mutations of a real file of every data set (CSV and JSON),
// and of its first lines as a small fixture, read as the check reads them. Whatever the bytes,
// the reader ends in findings, never in an exception ("unexpected error" is unreachable from
// data). Seeded and bounded: the same runs every time; 5 a case in the unit layer, 40 in CI
// (test/helpers/cases.ts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readBuildings } from '../../src/core/buildings/building.ts';
import { audienceCatalog } from '../../src/core/calendar/audiences.ts';
import { subscriptionFeeds } from '../../src/core/calendar/feeds.ts';
import { programCatalog } from '../../src/core/calendar/programs.ts';
import { readSessions } from '../../src/core/calendar/session.ts';
import type { DataReport } from '../../src/core/datasets/data-folder.ts';
import { publishedMethods } from '../../src/core/datasets/published.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import type { SiteData } from '../../src/core/records/site-data.ts';
import { openApiFile, schemaFiles } from '../../src/core/render/schemas/schema-files.ts';
import { parseSiteUrl, renderContext } from '../../src/core/site/address.ts';
import { cases } from '../helpers/cases.ts';
import { readSampleReport, type Sample, samples } from '../helpers/hostile.ts';

/**
 * The build's core steps over what a check passed: the methods' files and schemas, the sessions and
 * their feeds, the buildings.
 */
function buildCore(report: DataReport): void {
  const site: SiteData = {
    directory: report.directory!,
    datasets: report.datasets,
    ...(report.programs && { programs: report.programs }),
    ...(report.audiences && { audiences: report.audiences }),
    warnings: report.findings.warnings,
  };
  const ctx = renderContext(parseSiteUrl('https://example.edu'), 1_700_000_000);
  const methods = publishedMethods(site, DATASETS, ctx);
  openApiFile(site, methods, ctx);
  for (const file of schemaFiles(methods, ctx)) file.body();
  const catalog = programCatalog(site.programs);
  const audiences = audienceCatalog(site.audiences);
  subscriptionFeeds(readSessions(site, catalog, audiences), catalog, audiences, 0);
  readBuildings(site);
}

/** Bytes that mean something to a CSV or JSON reader, or to a decoder. */
const TOKENS = [
  '"',
  '""',
  ',',
  '\n',
  '\r',
  '\r\n',
  '{',
  '}',
  '[',
  ']',
  ':',
  '\\',
  '\\u',
  '\\u0000',
  'null',
  '-',
  '.',
  'e9',
  '1e999',
  '0x',
  ' ',
  '\t',
  '\u0000',
  '\ufeff',
  '\ufffe',
  '😀',
].map((t) => Buffer.from(t, 'utf8'));

/** One change to a file's bytes, at a place taken modulo its length. */
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    bytes: fc.oneof(fc.constantFrom(...TOKENS), fc.uint8Array({ minLength: 1, maxLength: 8 })),
  }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 64 }) }),
  fc.record({
    kind: fc.constant('repeat' as const),
    at: fc.nat(),
    length: fc.integer({ min: 1, max: 64 }),
    times: fc.integer({ min: 2, max: 50 }),
  }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer T> ? T : never;

/** The bytes after the mutations, in order. */
function mutate(bytes: Buffer, mutations: readonly Mutation[]): Buffer {
  let b = bytes;
  for (const m of mutations) {
    const at = b.length === 0 ? 0 : m.at % (b.length + 1);
    if (m.kind === 'set' && b.length > 0)
      b = Buffer.concat([b.subarray(0, at % b.length), Buffer.of(m.byte), b.subarray((at % b.length) + 1)]);
    else if (m.kind === 'insert') b = Buffer.concat([b.subarray(0, at), m.bytes, b.subarray(at)]);
    else if (m.kind === 'delete') b = Buffer.concat([b.subarray(0, at), b.subarray(at + m.length)]);
    else if (m.kind === 'repeat')
      b = Buffer.concat([
        b.subarray(0, at),
        ...Array<Buffer>(m.times).fill(b.subarray(at, at + m.length)),
        b.subarray(at),
      ]);
  }
  return b;
}

/** A file's first lines (header and two records): mutations reach its structure more often. */
function head(sample: Sample): Sample {
  const lines = sample.text.split('\n');
  return { ...sample, text: `${lines.slice(0, sample.rel.endsWith('.json') ? 20 : 3).join('\n')}\n` };
}

const CASES = samples().flatMap((s) => [[`${s.rel}`, s] as const, [`${s.rel} (its first lines)`, head(s)] as const]);

describe.each(CASES)('%s, its bytes mutated', (_, sample) => {
  it('gives findings, never an exception', () => {
    const original = Buffer.from(sample.text, 'utf8');
    fc.assert(
      fc.property(fc.array(mutation, { minLength: 1, maxLength: 6 }), (mutations) => {
        const report = readSampleReport(sample, mutate(original, mutations));
        for (const f of report.findings.list) {
          expect(f.line).toBeGreaterThanOrEqual(1);
          expect(f.column).toBeGreaterThanOrEqual(1);
        }
        // What the check passes, the build's core steps take without an exception.
        if (report.findings.errors.length === 0 && report.directory) buildCore(report);
      }),
      { seed: 20231124, numRuns: cases(5, 40) },
    );
  });
});
