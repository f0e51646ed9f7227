import type { DataReport } from '../datasets/data-folder.ts';
import { concretePath, type MethodEntry, type MethodFile, pathParameters } from '../records/method-entry.ts';
import { VERSION_SEGMENT } from '../records/version.ts';

/** An API path a record served that no record serves any more: clients asking for it get 404. */
export interface RemovedPath {
  methodId: number;
  /** The JSON path, `/v2/buildings/AHS.json` (its XML twin goes with it). */
  path: string;
}

/** The JSON paths of a method's files, one per record (or group of records) at a path with placeholders. */
function filePaths(entry: MethodEntry | undefined, files: readonly MethodFile[] | undefined): string[] {
  if (!entry || !files) return [];
  const holes = pathParameters(entry.path);
  if (holes.length === 0) return [];
  return files.map((f) => {
    const path = holes.reduce((p, h, i) => p.replace(`{${h}}`, f.params[i] ?? ''), entry.path);
    return `/${VERSION_SEGMENT}${concretePath({ path }, 'json')}`;
  });
}

/**
 * The paths of the methods with placeholders (`/buildings/{code}`) that a record of the older data served and none of
 * the newer serves: a removed record, or a renamed one (AHS → EXP), as API clients see it.
 */
export function removedPaths(before: DataReport, after: DataReport): RemovedPath[] {
  const entryOf = (report: DataReport, id: number) => report.directory?.find((e) => e.methodId === id);
  const out: RemovedPath[] = [];
  for (const [id, files] of before.methodFiles) {
    const now = new Set(filePaths(entryOf(after, id), after.methodFiles.get(id)));
    for (const path of filePaths(entryOf(before, id), files)) if (!now.has(path)) out.push({ methodId: id, path });
  }
  return out;
}
