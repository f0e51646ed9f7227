import type { Findings } from '../read/findings.ts';
import type { TableBrowse } from '../records/browse-spec.ts';
import type { MethodEntry } from '../records/method-entry.ts';
import type { PublishedRecord, RecordSpec } from '../records/record-spec.ts';
import type { SiteRecord } from '../records/site-data.ts';

/** A file of a data set's folder: its path inside the folder (`1139.csv`), the path findings name, and its bytes. */
export interface SourceFile {
  rel: string;
  file: string;
  bytes: Uint8Array;
}

/**
 * One record a reader made: its values (fitting its table's description), where it starts, and its
 * file's base name (a term, a subject, …).
 */
export type ReadRecord = SiteRecord;

/** A data set's records, by table name. */
export type Tables = Readonly<Record<string, readonly ReadRecord[]>>;

/** The records of a data set's tables, of any table. */
type RecordOfTables<T extends Tables> = T[keyof T][number];

/** A kind of record a data set reads: its description and the fields that identify one record (its natural key). */
export interface TableSpec {
  name: string;
  record: RecordSpec;
  /**
   * The natural key: `npm run diff` matches records by it; a table holds each key once (checked for
   * every data set).
   */
  key: readonly string[];
  /** Whether the key may repeat (then the reader's own rules say what a repeat means); default false. */
  repeats?: boolean;
  /**
   * The fields `npm run diff` shows for an added or removed record; default the key and the next three
   * plain fields.
   */
  shown?: readonly string[];
  /** How its page at /data/<set>/ shows it: the rows, the facets; default one row a record, no facets. */
  browse?: TableBrowse;
}

/** A data set's upstream: its repository (`owner/name` on GitHub), the file or folder in it, a link to the snapshot. */
export interface DataSource {
  repository: string;
  path: string;
  url: string;
}

/** What a feed computes a method's records from. */
export interface FeedInput<T extends Tables = Tables> {
  /** The data set's tables as read; none when its folder has no files. */
  tables: Partial<T>;
  directory: readonly MethodEntry[];
  /** Unix seconds: the build's timestamp. */
  timestamp: number;
  /** The API's base address, e.g. `https://example.edu/v2`. */
  apiBase: string;
}

/** What `npm start` knows of a request that a live method answers. */
export interface LiveRequest {
  /** Unix seconds, now. */
  now: number;
  /** The caller's API key, when given. */
  key?: string;
  /** The caller's usage this month and in all, counted by the server. */
  usage: { monthly: number; total: number };
}

/**
 * How a data set feeds one method of the directory: the record description of its data, the
 * records, and how they map onto files: at a fixed path one file, with `data` the list of
 * records (`array`) or the one record (`object`); at a path with placeholders one file per
 * value of `params` (`/buildings/{building}.json` per code), with `data` the records sharing it
 * (`array`) or the single record (`object`).
 */
export interface Feed<T extends Tables = Tables, R extends ReadRecord = RecordOfTables<T>> {
  /** The method's record: the table's, or part of it (each record is cut to these fields, absent ones null). */
  record: RecordSpec;
  data: 'array' | 'object';
  /** The method's records, in publishing order. */
  records(input: FeedInput<T>): readonly R[];
  /** For a path with placeholders: the value of each placeholder but {format}, in path order, for a record's file. */
  params?(record: R): readonly string[];
  /**
   * A method a running server answers itself: `npm start` answers each request with `answer`.
   * The static file holds `records` as of the build, or, with `staticReason`, a no-data
   * envelope saying why a file cannot answer.
   */
  live?: { staticReason?: string; answer(request: LiveRequest): PublishedRecord };
}

/**
 * How fresh a data set's source promises to keep it: the promise in words, how many days its newest record may be
 * old before the promise is broken, and the day each record is of. A set whose newest record is older says so on its
 * page and on the portal's (freshness.ts).
 */
export interface UpdatePromise<T extends Tables = Tables> {
  /** The promise, for people: `a new file each term, updated while the term runs`. */
  text: string;
  /** How many days old the newest record may be while the promise holds. */
  days: number;
  /** The newest day (YYYY-MM-DD) of the set's records; none for a set without records. */
  newest(tables: Partial<T>): string | undefined;
}

/**
 * A data set: a folder of data under data/ (named `name`), its record descriptions, and a
 * reader that turns the folder's files into records and says which methods they feed.
 * Derived sets (`derived: true`) have no folder: they compute their records from the
 * directory and the build.
 */
export interface Dataset<T extends Tables = Tables> {
  /** The folder under data/ and the directory's `source` value, e.g. `quest`. */
  name: string;
  /** One line for people: what it holds and where it comes from. */
  title: string;
  /** Where its data comes from: the community repository and the file or folder in it; none for a set kept here. */
  source?: DataSource;
  /** How fresh its source promises to keep it; none for a set whose records carry no day (a list of buildings). */
  updates?: UpdatePromise<NoInfer<T>>;
  tables: readonly TableSpec[];
  /**
   * Reads the folder's files (in name order) into tables, reporting every problem to `findings`.
   * The records' values must be made from each file's path inside the folder (`rel`) and its
   * bytes alone, never from where the file is shown (`file`, which depends on the working
   * folder) nor from another data set: the records' files stand in for the records in what the API files are made
   * from (SiteData.sources), so a build reuses the API files of a data set whose files are the same.
   */
  read(files: readonly SourceFile[], findings: Findings): T;
  /** The methods it feeds, by method ID; each feed's records are of the tables' types. */
  feeds: Readonly<Record<number, Feed<T>>>;
  /** True for a set computed from the directory and the build, with no folder of data. */
  derived?: boolean;
}

/**
 * A data set whose records are typed by what its reader makes: `read` fixes the tables' type, and the feeds'
 * `records` and `params` get it (no casts). Write a reader's `dataset` as `defineDataset({ … })`.
 */
export function defineDataset<T extends Tables>(set: Dataset<T>): Dataset<T> {
  return set;
}

/** The latest of some days (YYYY-MM-DD, which sort as text), none given or all absent. */
export function newestDay(days: Iterable<string | null | undefined>): string | undefined {
  let newest: string | undefined;
  for (const d of days) if (d && (newest === undefined || d > newest)) newest = d;
  return newest;
}

/** Every data set the build knows, by name. */
export type DatasetRegistry = Readonly<Record<string, Dataset>>;
