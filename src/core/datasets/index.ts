import type { DatasetSpec } from './dataset.ts';
import { infosessionsDataset } from './infosessions.ts';
import { DIRECTORY_SOURCE } from '../records/method-record.ts';

/** Every dataset the build can publish, by the name the directory's `source` column uses. */
export const DATASETS: Readonly<Record<string, DatasetSpec>> = {
  [infosessionsDataset.name]: infosessionsDataset,
};

/** Every value the directory's `source` column may hold. */
export const KNOWN_SOURCES: readonly string[] = [DIRECTORY_SOURCE, ...Object.keys(DATASETS)];
