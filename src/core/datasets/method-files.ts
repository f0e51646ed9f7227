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
  if (holes.length === 0) {
    if (feed.data === 'array') return [{ params: [], data: records.map(cut) }];
    if (records.length !== 1)
      findings?.error(
        where,
        'method-data',
        `method ${entry.methodId} publishes one record, but its data set gives ${records.length}.`,
      );
    return records.length === 0 ? [] : [{ params: [], data: cut(records[0]!) }];
  }
  if (!feed.params)
    throw new Error(`the feed of method ${entry.methodId} (${entry.path}) needs params: its path has placeholders`);
  const fixed = new Set(
    directory.filter((e) => pathParameters(e.path).length === 0).map((e) => concretePath(e, 'json')),
  );
  const groups = new Map<string, { params: readonly string[]; records: ReadRecord[] }>();
  // The files of one folder, by their names: two that differ only in case are one file on Windows and macOS.
  const folders = new Map<string, CaseFolder>();
  for (const record of records) {
    const params = feed.params(record);
    const at = record.at ?? where;
    const bad = params.find((p) => !SEGMENT.test(p));
    if (params.length !== holes.length || bad !== undefined) {
      findings?.error(
        at,
        'path-value',
        `"${bad ?? params.join('/')}" cannot be ${holes.join('/')} in the path of method ${entry.methodId} ` +
          `(${entry.path}): use letters, digits, -, _ or . only, not starting with a dot.`,
      );
      continue;
    }
    const id = params.join('/');
    const named = params.map(fileNameProblem).find((p) => p !== undefined);
    if (named) {
      const message = `"${shortName(id)}", the ${holes.join('/')} of method ${entry.methodId}'s file: ${named}.`;
      findings?.error(at, 'file-name', message);
      continue;
    }
    // Each value names a folder (or the file) inside the folder its earlier values name.
    let clash: { value: string; before: string } | undefined;
    for (let i = 0; i < params.length && !clash; i++) {
      const folder = params.slice(0, i).join('/').toLowerCase();
      if (!folders.has(folder)) folders.set(folder, new CaseFolder());
      const before = folders.get(folder)!.clash(params[i]!);
      if (before !== undefined) clash = { value: params[i]!, before };
    }
    if (clash) {
      findings?.error(
        at,
        'file-name',
        `"${clash.value}" differs from "${clash.before}" only in case, ` +
          `so method ${entry.methodId}'s files of the two are one ` +
          `on a case-insensitive file system (Windows, macOS). Write it as "${clash.before}", or give it its own name.`,
      );
      continue;
    }
    const own = concretePath({ path: holes.reduce((p, h, i) => p.replace(`{${h}}`, params[i]!), entry.path) }, 'json');
    if (fixed.has(own)) {
      findings?.error(
        at,
        'path-value',
        `"${id}" would put method ${entry.methodId}'s file at ${own}, the path of another method. Rename it.`,
      );
      continue;
    }
    const group = groups.get(id);
    if (!group) groups.set(id, { params, records: [record] });
    else if (feed.data === 'object') {
      const first = group.records[0]!.at;
      findings?.error(
        at,
        'duplicate-key',
        `method ${entry.methodId} publishes one record per ${holes.join('/')}, and "${id}" is already given` +
          `${first ? ` at ${first.file}:${first.line}` : ''}. Resolve the two into one.`,
      );
    } else group.records.push(record);
  }
  return [...groups.values()].map((g) => ({
    params: g.params,
    data: feed.data === 'object' ? cut(g.records[0]!) : g.records.map(cut),
  }));
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
