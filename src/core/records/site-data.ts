import type { MethodEntry } from './method-entry.ts';
import type { Finding } from '../read/findings.ts';
import type { ProgramList } from './program-list.ts';

/** One CSV file of a dataset after validation: its rows' values in record-field order. */
export interface DatasetFile {
  /** Path as shown to people, e.g. `data/infosessions/1139.csv`. */
  file: string;
  /** Base name without `.csv`, e.g. `1139` (for sessions, the term code). */
  key: string;
  rows: string[][];
}

/** Everything the build publishes, read and validated: the one input of every renderer. */
export interface SiteData {
  directory: MethodEntry[];
  /** Dataset name to its files, in file-name order. */
  datasets: Readonly<Record<string, DatasetFile[]>>;
  /** The program list (data/programs/) the calendar's filters and feeds use; absent when the folder has none. */
  programs?: ProgramList;
  /** Warnings found while reading (errors stop the build before a SiteData exists). */
  warnings: Finding[];
}
