import type { PublishedRecord, RecordSpec } from './record-spec.ts';

/** One method of the directory, as data/methods.csv describes it. Optional facts are unknown when absent. */
export interface MethodEntry {
  methodId: number;
  /** Path relative to the base address, placeholders in braces: `/courses/{department}.{format}`. */
  path: string;
  serviceId: number;
  serviceName: string;
  enabled?: boolean;
  keyRequired?: boolean;
  dataType?: string;
  updateFrequency?: string;
  cacheSeconds?: number;
  usageCounting?: string;
  purpose?: string;
  /** Where the method's data comes from (`methods`, or a dataset folder such as `infosessions`); absent when listed only. */
  source?: string;
  /** Path placeholders by name, in path order (the method record's `parameters`). */
  parameters: string[];
  /** Where the row stands in methods.csv. */
  line: number;
}

/** The output formats every method offers, as file extensions. */
export const FORMATS = ['json', 'xml'] as const;
/** One of the output formats. */
export type Format = (typeof FORMATS)[number];

/** The path of a method in one format, e.g. `/api/methods.json`; undefined when other placeholders remain. */
export function concretePath(entry: Pick<MethodEntry, 'path'>, format: Format): string | undefined {
  const path = entry.path.replace('{format}', format);
  return path.includes('{') ? undefined : path;
}

/** A method whose data the build publishes, with the records and their description. */
export interface PublishedMethod {
  entry: MethodEntry;
  record: RecordSpec;
  data: PublishedRecord[];
}
