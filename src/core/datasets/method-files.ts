import { CaseFolder, fileNameProblem } from '../read/file-name.ts';
import type { Findings, Place } from '../read/findings.ts';
import { concretePath, type MethodEntry, type MethodFile, pathParameters } from '../records/method-entry.ts';
import { project } from '../records/record-spec.ts';
import type { Feed, ReadRecord, Tables } from './dataset.ts';

/**
 * A value that can stand as one segment of a published path: letters, digits, `-`, `_`, `.`, `~`, not
 * starting with a dot.
 */
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9_.~-]*$/;

/** A name as a finding quotes it: shortened past 40 characters. */
function shortName(name: string): string {
  return name.length > 40 ? `${name.slice(0, 37)}...` : name;
}

/** What a method's files are checked against: its entry and feed, its path's placeholders, the fixed paths. */
interface FilePlan {
  entry: MethodEntry;
  feed: Feed;
  holes: readonly string[];
  /** The JSON paths of the methods whose path has no placeholder. */
  fixed: ReadonlySet<string | undefined>;
  /** The files of one folder, by their names: two that differ only in case are one file on Windows and macOS. */
  folders: Map<string, CaseFolder>;
}

/** A problem with a record's file: its finding's code and message. */
type FileProblem = [code: string, message: string];

/**
 * Maps a method's records onto its files: at a fixed path one file holding the list (or the one
 * record); at a path with placeholders one file per value of the feed's params, in first-seen
 * order. Each record is cut to the method's record description. Problems (a value that cannot
 * be a path segment, a path another method has, two records for one `object` file, a fixed
 * `object` method without exactly one record) go to `findings` when given.
 */
export function methodFiles(
  entry: MethodEntry,
  feed: Feed,
  records: readonly ReadRecord[],
  directory: readonly MethodEntry[],
  where: Place,
  findings?: Findings,
): MethodFile[] {
  const holes = pathParameters(entry.path);
  const cut = (r: ReadRecord) => project(r.values, feed.record);
  if (holes.length === 0) return fixedPathFiles(entry, feed, records.map(cut), where, findings);
  if (!feed.params)
    throw new Error(`the feed of method ${entry.methodId} (${entry.path}) needs params: its path has placeholders`);
  const fixed = new Set(
    directory.filter((e) => pathParameters(e.path).length === 0).map((e) => concretePath(e, 'json')),
  );
  const plan: FilePlan = { entry, feed, holes, fixed, folders: new Map() };
  const groups = new Map<string, { params: readonly string[]; records: ReadRecord[] }>();
  for (const record of records) {
    const params = feed.params(record);
    const at = record.at ?? where;
    const problem = pathProblem(plan, params) ?? duplicateProblem(plan, params, groups.get(params.join('/'))?.records);
    if (problem) findings?.error(at, problem[0], problem[1]);
    else groupRecord(groups, params, record);
  }
  return [...groups.values()].map((g) => ({
    params: g.params,
    data: feed.data === 'object' ? cut(g.records[0]!) : g.records.map(cut),
  }));
}

/** The one file of a method at a fixed path: the list, or its one record (an error when there is not exactly one). */
function fixedPathFiles(
  entry: MethodEntry,
  feed: Feed,
  data: readonly ReturnType<typeof project>[],
  where: Place,
  findings?: Findings,
): MethodFile[] {
  if (feed.data === 'array') return [{ params: [], data: [...data] }];
  if (data.length !== 1)
    findings?.error(
      where,
      'method-data',
      `method ${entry.methodId} publishes one record, but its data set gives ${data.length}.`,
    );
  return data.length === 0 ? [] : [{ params: [], data: data[0]! }];
}

/** Adds a record to the file its params name (a new one at its first record). */
function groupRecord(
  groups: Map<string, { params: readonly string[]; records: ReadRecord[] }>,
  params: readonly string[],
  record: ReadRecord,
): void {
  const group = groups.get(params.join('/'));
  if (group) group.records.push(record);
  else groups.set(params.join('/'), { params, records: [record] });
}

/**
 * Why a record's params cannot name its file: a value that is no path segment or no file name, one that differs from
 * an earlier one only in case, or a path another method has. Undefined when they can.
 */
function pathProblem({ entry, holes, fixed, folders }: FilePlan, params: readonly string[]): FileProblem | undefined {
  const bad = params.find((p) => !SEGMENT.test(p));
  if (params.length !== holes.length || bad !== undefined)
    return [
      'path-value',
      `"${bad ?? params.join('/')}" cannot be ${holes.join('/')} in the path of method ${entry.methodId} ` +
        `(${entry.path}): use letters, digits, -, _ or . only, not starting with a dot.`,
    ];
  const id = params.join('/');
  const named = params.map(fileNameProblem).find((p) => p !== undefined);
  if (named)
    return ['file-name', `"${shortName(id)}", the ${holes.join('/')} of method ${entry.methodId}'s file: ${named}.`];
  const clash = caseClash(folders, params);
  if (clash)
    return [
      'file-name',
      `"${clash.value}" differs from "${clash.before}" only in case, ` +
        `so method ${entry.methodId}'s files of the two are one ` +
        `on a case-insensitive file system (Windows, macOS). Write it as "${clash.before}", or give it its own name.`,
    ];
  const own = concretePath({ path: holes.reduce((p, h, i) => p.replace(`{${h}}`, params[i]!), entry.path) }, 'json');
  if (fixed.has(own))
    return [
      'path-value',
      `"${id}" would put method ${entry.methodId}'s file at ${own}, the path of another method. Rename it.`,
    ];
  return undefined;
}

/** The first value of `params` that differs only in case from one named before in the same folder, if any. */
function caseClash(
  folders: Map<string, CaseFolder>,
  params: readonly string[],
): { value: string; before: string } | undefined {
  // Each value names a folder (or the file) inside the folder its earlier values name.
  for (let i = 0; i < params.length; i++) {
    const folder = params.slice(0, i).join('/').toLowerCase();
    if (!folders.has(folder)) folders.set(folder, new CaseFolder());
    const before = folders.get(folder)!.clash(params[i]!);
    if (before !== undefined) return { value: params[i]!, before };
  }
  return undefined;
}

/** A second record for the file of an `object` method, which publishes one record per file; undefined otherwise. */
function duplicateProblem(
  { entry, feed, holes }: FilePlan,
  params: readonly string[],
  earlier: readonly ReadRecord[] | undefined,
): FileProblem | undefined {
  if (!earlier || feed.data !== 'object') return undefined;
  const first = earlier[0]!.at;
  return [
    'duplicate-key',
    `method ${entry.methodId} publishes one record per ${holes.join('/')}, and "${params.join('/')}" is already given` +
      `${first ? ` at ${first.file}:${first.line}` : ''}. Resolve the two into one.`,
  ];
}

/**
 * Checks how a data set's records map onto a method's files (see methodFiles), reporting to `findings`; returns the
 * files. A data set's feed reads its tables and the directory alone (Dataset), so these are the files the method
 * publishes (publishedMethods takes them, SiteData.methodFiles).
 */
export function checkMethodFiles(
  entry: MethodEntry,
  feed: Feed,
  tables: Tables,
  directory: readonly MethodEntry[],
  file: string,
  findings: Findings,
): MethodFile[] {
  const records = feed.records({ tables, directory, timestamp: 0, apiBase: '' });
  return methodFiles(entry, feed, records, directory, { file, line: entry.line, column: 1 }, findings);
}
