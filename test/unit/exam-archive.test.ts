import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { staleNotice, staleness } from '../../src/core/datasets/freshness.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { examArchive } from '../../src/core/exams/exam-archive.ts';
import { examPages } from '../../src/core/exams/exam-outputs.ts';
import { examTerms, isExamCourse } from '../../src/core/exams/exam-term.ts';
import { examPageBody } from '../../src/integrations/page-components.ts';
import { ROOT } from '../helpers/build.ts';
import { realSite } from '../helpers/real-data.ts';

// A student opens the exam pages of a site built in 2023: the schedules end in 2019, older than their source's
// promise, as the data portal says of the data set. The exam pages say so too, naming the last term; the newest exam
// is counted from the CSV files with papaparse, not through the reader.
const tables = realSite().datasets['exam-schedule']!;
const terms = examTerms(tables.courses!.map((r) => r.values).filter(isExamCourse));
const folder = path.join(ROOT, 'data/exam-schedule');
const dates = readdirSync(folder).flatMap((f) =>
  Papa.parse<Record<string, string>>(readFileSync(path.join(folder, f), 'utf8'), { header: true }).data.map(
    (r) => r.date ?? '',
  ),
);
const newest = dates
  .filter((d) => /^\d{4}-\d\d-\d\d$/.test(d))
  .sort()
  .at(-1)!;
const noonOf = (day: string) => Date.parse(`${day}T17:00:00Z`) / 1000;
const BUILT = noonOf('2023-11-14');

describe('the exam pages of an archive', () => {
  it('say the schedules end in their last term, when the data portal calls the set not current', () => {
    expect(newest).toBe('2019-12-20');
    expect(staleNotice(DATASETS['exam-schedule']!, tables, BUILT)).toMatch(/^Not current: the newest record is of/);
    expect(examArchive(staleness(DATASETS['exam-schedule']!, tables, BUILT), terms)).toEqual({
      lastTerm: 'Fall 2019',
      newest: 'Fri, Dec 20, 2019',
      promise: "each term's schedule published before its exams, three terms a year",
    });
  });

  it('say nothing while the schedules keep their promise, as the portal does', () => {
    const soon = noonOf(newest) + 30 * 86_400;
    expect(staleNotice(DATASETS['exam-schedule']!, tables, soon)).toBeUndefined();
    expect(examArchive(staleness(DATASETS['exam-schedule']!, tables, soon), terms)).toBeUndefined();
  });

  it('show the notice on the index and on a term page of years before', async () => {
    const body = await examPageBody();
    const archive = examArchive(staleness(DATASETS['exam-schedule']!, tables, BUILT), terms);
    const pages = [...examPages(terms, () => undefined, '/', archive)].filter((p) =>
      [undefined, '1139'].includes(p.code),
    );
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      const notice = /<p class="notice archive-notice" role="note">(.*?)<\/p>/s.exec(body(page.view))?.[1];
      expect(notice?.replace(/\s+/g, ' '), page.code).toBe(
        '<strong>Not current:</strong> the exam schedules here are an archive ending in Fall 2019 (its last exam on ' +
          'Fri, Dec 20, 2019), though their source promises each term&#39;s schedule published before its exams, ' +
          "three terms a year. A later term's exams are not here: check Quest for yours.",
      );
    }
  });
});
