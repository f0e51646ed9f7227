import type { MethodEntry } from '../records/method-entry.ts';
import type { Provenance } from '../records/provenance.ts';
import type { DatasetRegistry } from './dataset.ts';

/** The provenance of a method: the data set its directory row names, as the registry describes it; none without one. */
export function methodProvenance(
  entry: Pick<MethodEntry, 'source'>,
  registry: DatasetRegistry,
): Provenance | undefined {
  const set = entry.source === undefined ? undefined : registry[entry.source];
  if (!set) return undefined;
  return {
    dataSet: set.name,
    title: set.title,
    ...(set.source ? { source: { ...set.source } } : {}),
    listed: !set.derived,
  };
}
