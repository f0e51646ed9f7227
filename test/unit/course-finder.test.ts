import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { findCourses, finderCourse } from '../../src/core/exams/course-finder.ts';
import { ROOT } from '../helpers/build.ts';

// A student types into the Fall 2013 exam page's Course box. What each text should find is counted from
// data/exam-schedule/1139.csv with papaparse and plain string tests, not through the finder.
const rows = Papa.parse<Record<string, string>>(readFileSync(path.join(ROOT, 'data/exam-schedule/1139.csv'), 'utf8'), {
  header: true,
  skipEmptyLines: true,
}).data;
const names = [...new Set(rows.map((r) => r.course!.trim()))];
const courses = names.map(finderCourse);
const found = (typed: string) => names.filter((_, i) => findCourses(typed, courses)[i]);
const ofSubject = (subject: string) => names.filter((n) => n.split(' ')[0] === subject);

describe('the exam finder, on Fall 2013', () => {
  it('finds a subject typed alone, and no other subject holding its letters (PACS for CS)', () => {
    expect(ofSubject('CS')).toHaveLength(39);
    expect(names.some((n) => n.startsWith('PACS '))).toBe(true);
    for (const typed of ['CS', 'cs', ' cs ']) expect(found(typed), typed).toEqual(ofSubject('CS'));
    expect(found('MATH')).toEqual(ofSubject('MATH'));
  });

  it.each([
    ['CS 1', (n: string) => /^CS 1/.test(n)],
    ['cs1', (n: string) => /^CS 1/.test(n)],
    ['CS 135', (n: string) => n === 'CS 135'],
    ['cs135', (n: string) => n === 'CS 135'],
    ['math 13', (n: string) => /^MATH 13/.test(n)],
    ['135', (n: string) => / 135/.test(n)],
    ['ACT', (n: string) => n.startsWith('ACT')],
  ])('"%s" finds the courses it begins', (typed, expected) => {
    const want = names.filter(expected);
    expect(want.length, typed).toBeGreaterThan(0);
    expect(found(typed)).toEqual(want);
  });

  it('finds every course with nothing typed, and none with a subject the term lacks', () => {
    expect(found('')).toEqual(names);
    expect(found('XYZ')).toEqual([]);
    expect(found('CS 9')).toEqual([]);
  });

  it('reads a course with a lettered number whole', () => {
    expect(finderCourse('BUS 121W')).toEqual({ subject: 'bus', number: '121w' });
    expect(findCourses('bus121w', [finderCourse('BUS 121W'), finderCourse('BUS 121')])).toEqual([true, false]);
  });
});
