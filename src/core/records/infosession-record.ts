import type { Place } from '../read/findings.ts';
import type { PublishedRecord, RecordOf, RecordSpec } from './record-spec.ts';
import type { CalendarDate } from './session-time.ts';
import type { DataRecord } from './site-data.ts';
import type { Term } from './term.ts';

/** The information-session record (specification 2.3); also the CSV header, in this order. */
export const infosessionRecord = {
  name: 'infosession',
  title: 'Information session',
  fields: [
    { name: 'id', type: 'string', nullable: true, description: 'Session ID (digits in a string)' },
    {
      name: 'employer',
      type: 'string',
      nullable: true,
      description: 'Name of the company or employer; may carry a note appended in parentheses',
    },
    {
      name: 'date',
      type: 'string',
      nullable: true,
      description: 'Session date, written as a long-form textual date: <month name> <day>, <year>',
    },
    {
      name: 'start_time',
      type: 'string',
      nullable: true,
      description: 'Start time, 12-hour clock with AM/PM suffix, hour not necessarily zero-padded',
    },
    { name: 'end_time', type: 'string', nullable: true, description: 'End time, same format as start_time' },
    {
      name: 'location',
      type: 'string',
      nullable: true,
      description: 'Campus location of the session; a placeholder text may appear when undecided',
    },
    { name: 'website', type: 'string', nullable: true, description: "Employer's website; empty string when none" },
    { name: 'audience', type: 'string', nullable: true, description: 'Intended student audience' },
    { name: 'programs', type: 'string', nullable: true, description: 'Intended programs, as one comma-separated text' },
    {
      name: 'description',
      type: 'string',
      nullable: true,
      description: 'Information about the session; empty string when none; free text may contain contact details',
    },
  ],
} as const satisfies RecordSpec;

/** An information session's published values. */
export type InfosessionValues = RecordOf<typeof infosessionRecord>;

/**
 * When a session is, as its reader parsed it while checking the row: the calendar reads these, never the
 * texts again; the API publishes the texts as written.
 */
export interface SessionWhen {
  date: CalendarDate;
  /** Minutes after midnight. */
  start: number;
  end: number;
  /** The term of its file (`1139.csv`), or, failing that, of its date. */
  term: Term;
}

/** An information session as its reader made it: its values, where it stands, and when it is. */
export interface SessionRecord extends Omit<DataRecord, 'values' | 'when'> {
  values: InfosessionValues & PublishedRecord;
  at: Place;
  when: SessionWhen;
}
