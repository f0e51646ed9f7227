import type { Finding, Place } from '../read/findings.ts';
import type { AudienceList } from './audience-list.ts';
import type { SessionRecord } from './infosession-record.ts';
import type { MethodEntry, PublishedMethod } from './method-entry.ts';
import type { PlaceList } from './place-list.ts';
import type { ProgramList } from './program-list.ts';
import type { PublishedRecord } from './record-spec.ts';

/**
 * One record as read from the data: its values (of a type `RecordOf<typeof itsRecord>` when its reader says
 * so), where it starts (none when derived), and its file's base name.
 */
export interface DataRecord<V extends PublishedRecord = PublishedRecord> {
  values: V;
  at?: Place;
  /** The base name of its file without the extension (`1139` for `1139.csv`). */
  fileKey: string;
  /** What a reader parsed of its values, kept beside them: a plain record keeps nothing (see SiteRecord). */
  when?: undefined;
}

/**
 * A record as the site holds it: a plain one, or one that keeps what its reader parsed (a session's date and
 * times, `when`), which later stages read instead of parsing the published text again. Checking `when`
 * tells them apart.
 */
export type SiteRecord = DataRecord | SessionRecord;

/** Everything the build publishes, read and validated: the one input of every renderer. */
export interface SiteData {
  directory: MethodEntry[];
  /** Data set name to its tables (table name to records, in file-name then row order). */
  datasets: Readonly<Record<string, Readonly<Record<string, readonly SiteRecord[]>>>>;
  /** The program list (data/programs/) the calendar's filters and feeds use; absent when the folder has none. */
  programs?: ProgramList;
  /** The audience list (data/audiences/) the calendar's filters and feeds use; absent when the folder has none. */
  audiences?: AudienceList;
  /** The place list (data/places/): named places the session locations write; absent when the folder has none. */
  places?: PlaceList;
  /** Warnings found while reading (errors stop the build before a SiteData exists). */
  warnings: Finding[];
  /**
   * What each data set's API files are made from, by name: a name for its files, the same exactly when their paths
   * inside the set and their bytes are (given by the build's loader, src/load/data-fs.ts); absent for a set made in
   * memory.
   */
  sources?: Readonly<Record<string, string>>;
  /**
   * The files of each method a data set (not a derived one) feeds, by method ID, as the data's check mapped its
   * records onto them (method-files.ts): publishedMethods takes them rather than map the records again.
   */
  methodFiles?: ReadonlyMap<number, PublishedMethod['files']>;
}
