import { existsSync, lstatSync, readdirSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { within } from '../load/project-links.ts';
import { OutputError } from './build-failure.ts';
import { displayPath, type OutputPaths, OWNER_MARK } from './output-versions.ts';

/** What the mark says to whoever opens the folder. */
const MARK_TEXT =
  'This folder holds the versions of the output beside it, made by the build of campus-api-static ' +
  '(npm run build). The build replaces only outputs marked so, or ones it made before the mark.\n';

/** The names builds give the entries of a versions folder: a folder holding only these was made by a build. */
const BUILD_ENTRY = /^(?:\d+-|build\.lock|cache-)/;

/** A path with its existing part resolved through links (the rest as given). */
function resolved(target: string): string {
  if (existsSync(target)) return realpathSync(target);
  const parent = path.dirname(target);
  return parent === target ? target : path.join(resolved(parent), path.basename(target));
}

/** What the output path is among the places it may never be (the project, one of its folders that matter), if any. */
function forbiddenPlace(p: OutputPaths, root: string, dataDir: string): string | undefined {
  // The output itself may be a link (into its versions folder): it is compared where it stands, not where it points.
  const out = path.join(resolved(p.parent), path.basename(p.out));
  const project = resolved(root);
  if (within(project, out)) return out === project ? 'the project itself' : 'a folder holding the project';
  const places: [string, string][] = [
    [resolved(dataDir), 'the data folder'],
    // Where they are, links followed (node_modules/ may be a link to an install shared by several clones).
    ...['src', 'public', '.git', 'node_modules'].map((name): [string, string] => [
      resolved(path.join(project, name)),
      `${name}/`,
    ]),
  ];
  const hit = places.find(([dir]) => within(out, dir));
  return hit && `${out === hit[0] ? '' : 'inside '}${hit[1]}`;
}

/** Whether a versions folder is one a build made: marked, or holding only the names builds give. */
function isVersionsFolder(dir: string): boolean {
  return (
    existsSync(path.join(dir, OWNER_MARK)) || readdirSync(dir).every((n) => BUILD_ENTRY.test(n) || n === OWNER_MARK)
  );
}

/** Why the output path is not an output a build made, or undefined when it is one (or is not there). */
function notOwned(p: OutputPaths): string | undefined {
  const versions = lstatSync(p.versions, { throwIfNoEntry: false });
  if (versions && !(versions.isDirectory() && isVersionsFolder(p.versions)))
    return `${displayPath(p.versions)} beside it was not made by a build`;
  const info = lstatSync(p.out, { throwIfNoEntry: false });
  if (!info) return undefined;
  if (info.isSymbolicLink())
    return path.dirname(path.resolve(p.parent, readlinkSync(p.out))) === p.versions
      ? undefined
      : `it is a link to ${readlinkSync(p.out)}, not into ${displayPath(p.versions)}/`;
  return info.isDirectory() ? 'it is a folder no build made' : 'it is a file';
}

/**
 * Refuses, in one line and before anything is read or written, an output path a build must not replace: one of the
 * project's own places (forbiddenPlace), or an existing file, link or folder that no build made (an output is a link
 * into its versions folder, marked with OWNER_MARK). Nothing is moved.
 */
export function claimOutput(p: OutputPaths, root: string, dataDir: string): void {
  const place = forbiddenPlace(p, root, dataDir);
  if (place)
    throw new OutputError(
      `cannot build into ${p.shown}: it is ${place}, and a build replaces its output folder whole. ` +
        'Build into a folder of its own (--out DIR; npm start: --dist DIR), such as dist; nothing was moved.',
    );
  const why = notOwned(p);
  if (why)
    throw new OutputError(
      `${p.shown} is not an output of this build (${why}): a build replaces only the outputs it made. ` +
        'Build into a new folder, or move that one away first; nothing was moved.',
    );
}

/** Marks the versions folder as a build's (once it exists), so that later builds know the output beside it. */
export function markOwned(p: OutputPaths): void {
  try {
    writeFileSync(path.join(p.versions, OWNER_MARK), MARK_TEXT, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
