import type { Provenance } from './provenance.ts';
import type { PublishedRecord, RecordSpec } from './record-spec.ts';

/** One method of the directory, as data/methods.csv describes it. Optional facts are unknown when absent. */
export interface MethodEntry {
  methodId: number;
  /** Short name, e.g. `Building list`. */
  name?: string;
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
  /**
   * The data set that feeds the method (a folder of data/ such as `quest`, or a derived set such as
   * `methods`); absent when none does.
   */
  source?: string;
  /**
   * Why no data is published, when there is more to say than that no data set feeds it (e.g. withdrawn
   * by its owner).
   */
  noDataNote?: string;
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

/**
 * The placeholders of a path but {format}, in order: `/courses/{department}/{number}.{format}` →
 * department, number.
 */
export function pathParameters(path: string): readonly string[] {
  let names = parameters.get(path);
  if (names === undefined) {
    names = Object.freeze([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!).filter((name) => name !== 'format'));
    parameters.set(path, names);
  }
  return names;
}

/** pathParameters by path: the directory's few paths are asked for again for each of their files. */
const parameters = new Map<string, readonly string[]>();

/** The path of one of a method's files: its placeholders filled with `params` in order, e.g. `/buildings/MC.json`. */
export function filledPath(entry: Pick<MethodEntry, 'path'>, format: Format, params: readonly string[]): string {
  const holes = pathParameters(entry.path);
  if (holes.length !== params.length)
    throw new Error(`${entry.path} has ${holes.length} placeholders, not ${params.length}`);
  return holes.reduce((p, h, i) => p.replace(`{${h}}`, params[i]!), entry.path.replace('{format}', format));
}

/** One file of a method: the values of its path's placeholders (none at a fixed path), and its data. */
export interface MethodFile {
  params: readonly string[];
  data: readonly PublishedRecord[] | PublishedRecord;
}

/** What the build publishes for a method of the directory. */
export interface PublishedMethod {
  entry: MethodEntry;
  /** The record description of its data; absent when it publishes none. */
  record?: RecordSpec;
  /** Whether `data` is a list of records or one record. */
  shape: 'array' | 'object';
  /** Its files: one at a fixed path, one per value of the placeholders otherwise (none when it publishes nothing). */
  files: MethodFile[];
  /** Why it publishes no data: its fixed path holds a no-data envelope (status 204) saying so. */
  noData?: string;
  /** Whether `npm start` answers it live rather than from its file. */
  live: boolean;
  /** The data set its directory row names and that set's upstream source; absent when none feeds it. */
  provenance?: Provenance;
}
