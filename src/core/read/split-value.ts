import type { CsvCell } from './csv-table.ts';

/** A value a row's commas split into several cells: its first cell, and the value as it should be written. */
export interface SplitValue {
  first: CsvCell;
  /** The cells joined back into one value, without a stray quote left at either end. */
  value: string;
}

/** An unquoted cell that a comma followed by a space began: the usual mark of a value split at its comma. */
function beginsAfterSplit(cell: CsvCell | undefined): boolean {
  return cell !== undefined && !cell.quoted && /^ \S/.test(cell.value);
}

/**
 * Where a row with `extra` cells too many was most likely split: the first unquoted cell followed by an unquoted
 * cell that begins with a space (`September 5, 2013` read as `September 5` and ` 2013`), taking in up to `extra`
 * such cells. Undefined when no cell begins so, or more than the extra cells do; then the extra cells' start is the
 * best pointer.
 */
export function likelySplit(cells: readonly CsvCell[], extra: number): SplitValue | undefined {
  // More cells begin with a space than there are extra cells: the row writes a space after its commas (a raw
  // snapshot's `M, "Summer; both terms; July, August"`), and such a cell says nothing of where a value was split.
  if (cells.filter((cell) => beginsAfterSplit(cell)).length > extra) return undefined;
  const at = cells.findIndex((cell, i) => !cell.quoted && beginsAfterSplit(cells[i + 1]));
  if (at === -1) return undefined;
  let end = at + 1;
  while (end - at < extra && beginsAfterSplit(cells[end + 1])) end += 1;
  const joined = cells.slice(at, end + 1).map((cell) => cell.value);
  return { first: cells[at]!, value: joined.join(',').replace(/^"|"$/g, '') };
}

/** A value as it is written in double quotes, a quote inside doubled; a long one shortened for a message. */
export function quotedForMessage(value: string, limit = 60): string {
  const quoted = `"${value.replace(/"/g, '""')}"`;
  return quoted.length <= limit ? quoted : `${quoted.slice(0, limit - 5)}…"`;
}
