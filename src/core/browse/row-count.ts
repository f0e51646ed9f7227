/**
 * A whole number with its thousands separated by commas (`12,345`), as `toLocaleString('en-US')` writes it, by hand:
 * a table page labels every facet value with its count, and `toLocaleString` was the largest share of its script's
 * CPU in a Chrome trace at 10,000 sessions (docs/performance.md).
 */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A count of rows in words, with the thousands separated (`19,575 rows`). */
export function rowCount(n: number): string {
  return `${thousands(n)} row${n === 1 ? '' : 's'}`;
}
