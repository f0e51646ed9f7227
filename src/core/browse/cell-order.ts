// How a table's text cells sort (browse-query.ts): a date written out (`September 5, 2013`, the sessions' dates) as
// its ISO 8601 date, a 12-hour time (`7:30 PM`) as its 24-hour time, so that both sort in time as text; any other text
// as it is. Each cell on its own, not by its column: a view's first page, made ahead from a few rows, sorts as the
// whole table does.

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const WRITTEN_DATE = /^([A-Za-z]+) (\d{1,2}), (\d{4})$/;
const TWELVE_HOUR = /^(\d{1,2}):(\d{2}) ?([AaPp])\.?[Mm]\.?$/;

const two = (n: number) => String(n).padStart(2, '0');

/** A written-out date as `YYYY-MM-DD`, or undefined when the text is not one. */
function writtenDate(text: string): string | undefined {
  const m = WRITTEN_DATE.exec(text);
  const month = m ? MONTHS.indexOf(m[1]!.toLowerCase()) + 1 : 0;
  const day = m ? Number(m[2]) : 0;
  return month > 0 && day >= 1 && day <= 31 ? `${m![3]}-${two(month)}-${two(day)}` : undefined;
}

/** A 12-hour time as `HH:MM` (24-hour), or undefined when the text is not one. */
function twelveHour(text: string): string | undefined {
  const m = TWELVE_HOUR.exec(text);
  const hour = m ? Number(m[1]) : 0;
  const minute = m ? Number(m[2]) : 0;
  if (!m || hour < 1 || hour > 12 || minute > 59) return undefined;
  return `${two((hour % 12) + (m[3]!.toLowerCase() === 'p' ? 12 : 0))}:${two(minute)}`;
}

/** The text a cell sorts by: a written date or a 12-hour time in a form that sorts in time, else the cell. */
export function orderText(cell: string): string {
  return writtenDate(cell) ?? twelveHour(cell) ?? cell;
}
