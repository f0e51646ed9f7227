import { describe, expect, it } from 'vitest';
import { archiveNotice } from '../../src/core/calendar/pages/archive-notice.ts';
import { emptyWeekNote, endedNote, lastSessionsLead } from '../../src/core/calendar/pages/front-words.ts';
import { testSession } from '../helpers/session.ts';

/** Unix seconds at noon in Toronto (EST) of an ISO day. */
const noon = (iso: string) => Date.parse(`${iso}T12:00:00-05:00`) / 1000;

describe('archiveNotice: what the build says of an archive', () => {
  const sessions = [
    testSession({ id: '1', date: { year: 2015, month: 3, day: 16 } }),
    testSession({ id: '2', date: { year: 2015, month: 3, day: 17 } }),
    // An all-day note after the last session is no session.
    testSession({ id: '3', date: { year: 2015, month: 3, day: 20 }, allDay: true, kind: 'holiday' }),
  ];

  it.each([
    ['2015-03-17', false],
    ['2015-03-18', true],
    ['2023-11-14', true],
    ['2014-01-05', false],
  ])('built on %s: shown %s, naming the newest session, Tue, Mar 17, 2015', (day, shown) => {
    expect(archiveNotice(sessions, noon(day))).toEqual({ newest: '2015-03-17', label: 'Tue, Mar 17, 2015', shown });
  });

  it('is not shown without a build clock, and is none without a session', () => {
    expect(archiveNotice(sessions, undefined)?.shown).toBe(false);
    expect(archiveNotice([], noon('2023-11-14'))).toBeUndefined();
  });
});

describe('emptyWeekNote: a week with no session', () => {
  it.each([
    ['2014-08-13', '2015-01-07', 'Wed, Jan 7, 2015', '21 weeks'],
    ['2014-03-26', '2014-03-31', 'Mon, Mar 31, 2014', '5 days'],
    ['2014-03-29', '2014-03-30', 'Sun, Mar 30, 2014', '1 day'],
    ['2014-03-01', '2014-03-15', 'Sat, Mar 15, 2014', '2 weeks'],
  ])('from %s to %s', (today, date, label, far) => {
    expect(emptyWeekNote(today, { date, label })).toBe(
      `No more sessions this week; the next is on ${label}, ${far} ahead.`,
    );
  });
});

describe("the front door's note after the data", () => {
  const newest = { label: 'Winter 2015', last: 'Tue, Mar 17, 2015' };

  it('leads into the last sessions, or says none matches the choice when the filter leaves none', () => {
    expect(`${endedNote(newest)} ${lastSessionsLead()}`).toBe(
      'Winter 2015, the newest term with sessions, ended on Tue, Mar 17, 2015. Its last sessions:',
    );
    expect(lastSessionsLead('Health Informatics')).toBe('None of its last sessions matches Health Informatics.');
    expect(lastSessionsLead('Health Informatics')).not.toMatch(/:$/);
  });
});
