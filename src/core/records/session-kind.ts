/** What a row is: an information session, or another kind of event the data lists. */
export type SessionKind = 'session' | 'career fair' | 'holiday';

/** What kind of event a row is, from its employer text. */
export function kindOf(employer: string): SessionKind {
  if (/\bcareer fair\b|\bjob fair\b/i.test(employer)) return 'career fair';
  if (/\bholiday\b|\bthanksgiving\b|\breading week\b/i.test(employer)) return 'holiday';
  return 'session';
}

/**
 * Whether a row is an all-day note (data/README.md): a holiday, or a row whose start equals its
 * end. Lists show it apart and do not count it; feeds give it a date, not times.
 */
export function isAllDayNote(kind: SessionKind, start: number, end: number): boolean {
  return kind === 'holiday' || start === end;
}
