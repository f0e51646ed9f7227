import { closeSync, constants, lstatSync, openSync, type ReadStream, readFileSync, realpathSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';

// The calls below are synchronous: each is one or a few system calls on a file the page cache holds, and the promise
// API's hand-off to the thread pool and back cost more than the call (the server's CPU per request: a crawl of every
// link of the real build, 31,000 requests, spent a third of its time in realpath, lstat, open, read and close hops).
// Files too large to cache are streamed (streamSiteFile).

/** A regular file below the output's real root, reached without any symbolic link. */
export interface SiteFile {
  realPath: string;
  size: number;
  mtimeMs: number;
}

/**
 * The real path of the output folder now, or undefined when it is missing. Asked per request:
 * a build may swap a symbolic link at the output's place at any time.
 */
export async function realRoot(dir: string): Promise<string | undefined> {
  try {
    return realpathSync.native(dir);
  } catch {
    return undefined;
  }
}

/**
 * The regular file at `sitePath` (a canonical path: no dot or empty segments) below `root`
 * (a real path), or undefined when it is missing, not a regular file, or reached through a
 * symbolic link anywhere below the root (its real path must be exactly root + sitePath).
 */
export async function findFile(root: string, sitePath: string): Promise<SiteFile | undefined> {
  const full = path.join(root, sitePath);
  if (!full.startsWith(root + path.sep)) return undefined;
  try {
    if (realpathSync.native(full) !== full) return undefined;
    const info = lstatSync(full);
    return info.isFile() ? { realPath: full, size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** The flags that open a found file without following a symbolic link swapped in since it was found. */
const NO_FOLLOW = constants.O_RDONLY | constants.O_NOFOLLOW;

/** Reads a found file whole (a file small enough to cache). */
export async function readSiteFile(file: SiteFile): Promise<Buffer> {
  const fd = openSync(file.realPath, NO_FOLLOW);
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Streams a found file (for files too large to cache). */
export async function streamSiteFile(file: SiteFile): Promise<ReadStream> {
  const handle = await open(file.realPath, NO_FOLLOW);
  return handle.createReadStream({ autoClose: true, highWaterMark: 64 * 1024 });
}
