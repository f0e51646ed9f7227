import { describe, expect, it } from 'vitest';
import { dayLabel, shortMonth, timeRange } from '../../src/core/calendar/format.ts';

// The calendar's one date and time style, table by table.
describe.each([
  [{ year: 2014, month: 1, day: 7 }, 'Tue, Jan 7, 2014'],
  [{ year: 2013, month: 9, day: 5 }, 'Thu, Sep 5, 2013'],
  [{ year: 2016, month: 2, day: 29 }, 'Mon, Feb 29, 2016'],
  [{ year: 2014, month: 12, day: 31 }, 'Wed, Dec 31, 2014'],
  [{ year: 2015, month: 3, day: 1 }, 'Sun, Mar 1, 2015'],
])('dayLabel(%j)', (date, label) => {
  it(`is ${label}`, () => expect(dayLabel(date)).toBe(label));
});

describe.each([
  [690, 780, '11:30 AM–1:00 PM'],
  [0, 60, '12:00 AM–1:00 AM'],
  [720, 765, '12:00 PM–12:45 PM'],
  [1170, 1260, '7:30 PM–9:00 PM'],
  [480, 480, '8:00 AM'],
  [600, 540, '10:00 AM'],
])('timeRange(%i, %i)', (start, end, text) => {
  it(`is ${text}`, () => expect(timeRange(start, end)).toBe(text));
});

it.each([
  [{ year: 2013, month: 12 }, 'Dec 2013'],
  [{ year: 2014, month: 5 }, 'May 2014'],
])('shortMonth(%j) is %s', (month, text) => expect(shortMonth(month)).toBe(text));
