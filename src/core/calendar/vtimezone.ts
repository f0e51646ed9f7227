/**
 * One change of a zone's UTC offset: when (Unix ms), from and to which offset (minutes east of UTC), and the new name.
 */
export interface Transition {
  at: number;
  from: number;
  to: number;
  name: string;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A zone's offset from UTC (minutes) and its short name at an instant, from the platform's time zone data (Intl). */
function zoneAt(timeZone: string): { offset(ms: number): number; name(ms: number): string } {
  const format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  const short = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' });
  const offset = (ms: number) => {
    const text = format.formatToParts(ms).find((p) => p.type === 'timeZoneName')!.value; // GMT-05:00, or GMT
    const m = /GMT(?:([+-])(\d{2}):(\d{2}))?/.exec(text)!;
    return m[1] ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
  };
  return {
    offset,
    name(ms) {
      const name = short.formatToParts(ms).find((p) => p.type === 'timeZoneName')!.value;
      return /^GMT/.test(name) ? utcOffset(offset(ms)).replace(/^([+-]\d{2})00$/, '$1') : name;
    },
  };
}

/**
 * Every offset change of `timeZone` in the years `from` to `to`: found a week at a time, then
 * day by day within a week whose offset changed, then to the minute. Asking Intl for every day of
 * a century took about 50-90 ms of a build. A week at a time assumes no zone changes its offset
 * and back within `stepDays` days: for each of the platform's 418 zones, 1970-2040, a week and a
 * day at a time found the same changes (checked once; test/unit/vtimezone.test.ts checks zones with
 * many changes and the campus's).
 */
export function transitions(timeZone: string, from: number, to: number, stepDays = 7): Transition[] {
  const at = zoneAt(timeZone);
  const out: Transition[] = [];
  let t = Date.UTC(from, 0, 1);
  let before = at.offset(t);
  const end = Date.UTC(to + 1, 0, 1);
  while (t < end) {
    const stepEnd = t + stepDays * DAY;
    if (stepDays > 1 && stepEnd <= end && at.offset(stepEnd) === before) {
      t = stepEnd;
      continue;
    }
    for (let day = 0; day < stepDays && t < end; day++) {
      const next = t + DAY; // no zone changes its offset twice in a day
      const after = at.offset(next);
      if (after !== before) {
        let lo = t;
        let hi = next;
        while (hi - lo > 60_000) {
          const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000;
          if (at.offset(mid) === before) lo = mid;
          else hi = mid;
        }
        out.push({ at: hi, from: before, to: after, name: at.name(hi) });
      }
      t = next;
      before = after;
    }
  }
  return out;
}

/** `-0500` from minutes east of UTC. */
function utcOffset(minutes: number): string {
  const a = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(a / 60)).padStart(2, '0')}${String(a % 60).padStart(2, '0')}`;
}

/** A transition's wall-clock time in the offset before it, as fields of a UTC date. */
function localBefore(t: Transition): Date {
  return new Date(t.at + t.from * 60_000);
}

/** `19870405T020000`, a local date-time. */
function localStamp(d: Date): string {
  return d.toISOString().replace(/[-:]/g, '').slice(0, 15);
}

/** The BYDAY choices that describe a transition's local date: `1SU` (first Sunday), and `-1SU` when it is the last. */
function byDays(d: Date): string[] {
  const day = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'][d.getUTCDay()]!;
  const days = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  const nth = `${Math.ceil(d.getUTCDate() / 7)}${day}`;
  // A date that is the month's last such weekday reads first as "last": rules say "last Sunday" far more than "fourth".
  return d.getUTCDate() + 7 > days ? [`-1${day}`, nth] : [nth];
}

/** A run of yearly transitions that one RRULE describes. */
interface Run {
  first: Transition;
  last: Transition;
  rule: string;
  byDay: string[];
}

/** The zone's changes from the year before `from` to `to`, as runs of years that follow one yearly rule. */
function yearlyRuns(timeZone: string, from: number, to: number): Run[] {
  const runs: Run[] = [];
  const open = new Map<string, Run>();
  for (const t of transitions(timeZone, from - 1, to)) {
    const local = localBefore(t);
    const kindOf = t.to < t.from ? 'STANDARD' : 'DAYLIGHT';
    const clock = local.toISOString().slice(11, 16);
    const rule = `${kindOf}|${t.from}|${t.to}|${t.name}|${local.getUTCMonth() + 1}|${clock}`;
    const kind = rule.split('|')[0]!;
    const run = open.get(kind);
    const byDay = run?.rule === rule ? run.byDay.filter((b) => byDays(local).includes(b)) : [];
    if (run && byDay.length > 0 && local.getUTCFullYear() === localBefore(run.last).getUTCFullYear() + 1) {
      run.last = t;
      run.byDay = byDay;
    } else {
      const fresh = { first: t, last: t, rule, byDay: byDays(local) };
      runs.push(fresh);
      open.set(kind, fresh);
    }
  }
  return runs;
}

/**
 * The VTIMEZONE of `timeZone` that is right for every year from `from` to `to` (RFC 5545 3.6.5),
 * (and the year before, so its first days have a rule) made from the platform's time zone
 * data: each run of years that follow one yearly rule is a
 * STANDARD or DAYLIGHT component with an RRULE (ending with UNTIL where another rule follows);
 * a zone without changes in those years is one STANDARD component at its offset.
 */
export function vtimezone(timeZone: string, from: number, to: number): string[] {
  const runs = yearlyRuns(timeZone, from, to);
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, `X-LIC-LOCATION:${timeZone}`];
  if (runs.length === 0) {
    const at = zoneAt(timeZone);
    const offset = utcOffset(at.offset(Date.UTC(from, 0, 1)));
    lines.push(
      'BEGIN:STANDARD',
      `TZOFFSETFROM:${offset}`,
      `TZOFFSETTO:${offset}`,
      `TZNAME:${at.name(Date.UTC(from, 0, 1))}`,
      `DTSTART:${from}0101T000000`,
      'END:STANDARD',
    );
  }
  const lastOfKind = new Map(runs.map((r) => [r.rule.split('|')[0]!, r]));
  for (const run of runs) {
    const kind = run.rule.split('|')[0]!;
    const local = localBefore(run.first);
    const single = run.first === run.last;
    // The newest run of each kind, when it lasts to the last year, repeats for ever (the zone's current rule); others
    // end at their last change.
    const ends = lastOfKind.get(kind) !== run || localBefore(run.last).getUTCFullYear() < to;
    const rrule =
      single && ends
        ? []
        : [
            `RRULE:FREQ=YEARLY;BYMONTH=${local.getUTCMonth() + 1};BYDAY=${run.byDay[0]}` +
              (ends ? `;UNTIL=${new Date(run.last.at).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z` : ''),
          ];
    lines.push(
      `BEGIN:${kind}`,
      `TZOFFSETFROM:${utcOffset(run.first.from)}`,
      `TZOFFSETTO:${utcOffset(run.first.to)}`,
      `TZNAME:${run.first.name}`,
      `DTSTART:${localStamp(local)}`,
      ...rrule,
      `END:${kind}`,
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}
