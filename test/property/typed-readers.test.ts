import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { readSessions } from '../../src/core/calendar/session.ts';
import type { buildingRecord } from '../../src/core/records/buildings-record.ts';
import type { courseDetailsRecord } from '../../src/core/records/courses-record.ts';
import type { SessionRecord } from '../../src/core/records/infosession-record.ts';
import {
  type InfosessionValues,
  infosessionRecord,
  type SessionWhen,
} from '../../src/core/records/infosession-record.ts';
import type { RecordOf } from '../../src/core/records/record-spec.ts';
import type { CalendarDate } from '../../src/core/records/session-time.ts';
import type { Term } from '../../src/core/records/term.ts';
import { parseTermCode } from '../../src/core/records/term.ts';
import type { watcardVendorRecord } from '../../src/core/records/watcard-record.ts';
import { ROOT } from '../helpers/build.ts';

// Readers get their records' types from the record descriptions (RecordOf), and the calendar reads what the
// sessions' reader parsed: no reader asserts a type. The project's own TypeScript (7) has no JavaScript
// compiler API; the parser of TypeScript 6, which astro check uses (test/astro-check), reads the sources.
type Ts = typeof import('../astro-check/node_modules/typescript/lib/typescript.js');
const ts: Ts = createRequire(path.join(ROOT, 'test/astro-check/package.json'))('typescript');

/** The readers (with their helpers in sets/<name>/) and the calendar's reading of the sessions. */
function guardedFiles(): string[] {
  const sets = path.join(ROOT, 'src/core/datasets/sets');
  return [
    ...readdirSync(sets, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `src/core/datasets/sets/${f.split(path.sep).join('/')}`),
    'src/core/calendar/session.ts',
  ].sort();
}

/** Every type assertion (`x as T`, `<T>x`; `as const` allowed) and non-null assertion (`x!`) of a source text. */
function assertionsIn(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: string[] = [];
  const where = (node: import('../astro-check/node_modules/typescript/lib/typescript.js').Node) => {
    const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return `${file}:${line + 1}:${character + 1}: ${node.getText(source).slice(0, 60)}`;
  };
  const visit = (node: import('../astro-check/node_modules/typescript/lib/typescript.js').Node): void => {
    if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.getText(source) === 'const'))
      found.push(where(node));
    if (ts.isTypeAssertionExpression(node)) found.push(where(node));
    if (ts.isNonNullExpression(node)) found.push(where(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('readers assert no types', () => {
  it('finds every kind of assertion (the check itself)', () => {
    const text = 'const a = b as string; const c = <number>d; const e = f!.g; const h = [1] as const;';
    expect(assertionsIn('x.ts', text).map((f) => f.split(': ')[1])).toEqual(['b as string', '<number>d', 'f!']);
  });

  it('no reader (src/core/datasets/sets/**/*.ts) nor readSessions casts or asserts non-null', () => {
    const files = guardedFiles();
    expect(files).toContain('src/core/datasets/sets/infosessions.ts');
    expect(files).toContain('src/core/datasets/sets/exam-schedule/sitting.ts');
    const found = files.flatMap((f) => assertionsIn(f, readFileSync(path.join(ROOT, f), 'utf8')));
    expect(found).toEqual([]);
  });
});

describe('record types come from the record descriptions', () => {
  it('an information session: every field a nullable string, as the description says', () => {
    expectTypeOf<RecordOf<typeof infosessionRecord>>().toEqualTypeOf<{
      readonly id: string | null;
      readonly employer: string | null;
      readonly date: string | null;
      readonly start_time: string | null;
      readonly end_time: string | null;
      readonly location: string | null;
      readonly website: string | null;
      readonly audience: string | null;
      readonly programs: string | null;
      readonly description: string | null;
    }>();
    expectTypeOf<InfosessionValues>().toEqualTypeOf<RecordOf<typeof infosessionRecord>>();
    expect(infosessionRecord.fields.map((f) => f.name)).toHaveLength(10);
  });

  it('what the sessions reader parsed: a date, minutes and a term', () => {
    expectTypeOf<SessionWhen>().toEqualTypeOf<{ date: CalendarDate; start: number; end: number; term: Term }>();
  });

  it('numbers, lists, nested records and non-nullable fields', () => {
    type Vendor = RecordOf<typeof watcardVendorRecord>;
    expectTypeOf<Vendor['vendor_id']>().toEqualTypeOf<number>();
    expectTypeOf<Vendor['latitude']>().toEqualTypeOf<number | null>();
    type Building = RecordOf<typeof buildingRecord>;
    expectTypeOf<Building['alternate_names']>().toEqualTypeOf<readonly string[] | null>();
    expectTypeOf<Building['building_sections']>().toEqualTypeOf<
      | readonly {
          readonly section_name: string | null;
          readonly latitude: number | null;
          readonly longitude: number | null;
        }[]
      | null
    >();
    type Course = RecordOf<typeof courseDetailsRecord>;
    expectTypeOf<NonNullable<Course['offerings']>['online']>().toEqualTypeOf<boolean | null>();
    expectTypeOf<Course['subject']>().toEqualTypeOf<string | null>();
  });
});

describe('the sessions are parsed once, by their reader', () => {
  const values = {
    id: '2116',
    employer: 'Acme',
    date: 'September 5, 2013',
    start_time: '9:30 AM',
    end_time: '10:30 AM',
    location: 'TC 2218',
    website: '',
    audience: 'Co-op students',
    programs: 'ENG - Mechanical',
    description: '',
  };
  const at = { file: 'data/infosessions/1139.csv', line: 2, column: 1 };
  const fall = parseTermCode('1139');

  it('readSessions takes the date, times and term the reader kept, not the texts again', () => {
    if (!fall) throw new Error('1139 is a term');
    // A `when` that disagrees with the texts shows which one readSessions reads.
    const when = { date: { year: 2013, month: 10, day: 1 }, start: 14 * 60, end: 15 * 60, term: fall };
    const record: SessionRecord = { values, at, fileKey: '1139', when };
    const [session] = readSessions({ directory: [], datasets: { infosessions: { sessions: [record] } }, warnings: [] });
    expect(session).toMatchObject({ id: '2116', date: when.date, start: 840, end: 900, term: { code: '1139' } });
  });

  it('a record its reader kept nothing parsed for (a row with a bad date: an error) is said, never left out', () => {
    const bad = { values: { ...values, date: 'Septembre 5, 2013' }, at, fileKey: '1139' };
    const site = { directory: [], datasets: { infosessions: { sessions: [bad] } }, warnings: [] };
    expect(() => readSessions(site)).toThrow('session 2116 at data/infosessions/1139.csv:2 has no date and times read');
  });
});
