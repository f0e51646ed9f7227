import type { MethodEntry } from '../records/method-entry.ts';

/** The directory's wording for a method whose calls never count (the method listing, specification 4.1). */
const NEVER_COUNTS = /^calling this method does not (?:increase|affect) usage/i;

/**
 * Whether an answer counts towards its key's usage, as the specification's limits table says:
 * a method whose directory row says calling it does not increase usage never counts (1103);
 * any other counts only when it returns data (1129: not when no data is returned).
 */
export function countsUsage(entry: Pick<MethodEntry, 'usageCounting'>, returnedData: boolean): boolean {
  return returnedData && !NEVER_COUNTS.test(entry.usageCounting ?? '');
}
