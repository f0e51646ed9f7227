import { openToOf, programCatalog } from '../../src/core/calendar/programs.ts';
import type { Session } from '../../src/core/calendar/session.ts';
import { parseTermCode } from '../../src/core/records/term.ts';

/**
 * A calendar session made in the test, not read from data: an ordinary session (Winter 2014, TC,
 * 10:00 to 11:00, no audience or programs) with the fields the test is about given in `fields`.
 */
export function testSession(fields: Partial<Session> = {}): Session {
  return {
    id: '1',
    employer: 'E',
    cancelled: false,
    kind: 'session',
    date: { year: 2014, month: 1, day: 10 },
    start: 600,
    end: 660,
    location: 'TC',
    locationTbd: false,
    website: '',
    websiteHref: undefined,
    audience: '',
    audiences: [],
    programs: [],
    openTo: openToOf([], programCatalog(undefined)),
    allDay: false,
    description: '',
    term: parseTermCode('1141')!,
    ...fields,
  };
}
