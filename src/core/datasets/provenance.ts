import type { MethodEntry } from '../records/method-entry.ts';
import type { DataSource, DatasetRegistry } from './dataset.ts';

/** Where a method's data comes from: its data set (by name and title) and that set's upstream source, if any. */
export interface Provenance {
  dataSet: string;
  title: string;
  /** The community repository and its file or folder, as the data portal shows them; none for a set kept here. */
  source?: DataSource;
  /** Whether the data portal (/data/) lists it: a set with a folder of data, not one the build derives. */
  listed: boolean;
}

/** The provenance of a method: the data set its directory row names, as the registry describes it; none without one. */
export function methodProvenance(
  entry: Pick<MethodEntry, 'source'>,
  registry: DatasetRegistry,
): Provenance | undefined {
  const set = entry.source === undefined ? undefined : registry[entry.source];
  if (!set) return undefined;
  return { dataSet: set.name, title: set.title, ...(set.source ? { source: set.source } : {}), listed: !set.derived };
}
