import { constants, type ReadStream } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import path from 'node:path';

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
    return await realpath(dir);
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
    if ((await realpath(full)) !== full) return undefined;
    const info = await lstat(full);
    return info.isFile() ? { realPath: full, size: info.size, mtimeMs: info.mtimeMs } : undefined;
  } catch {
    return undefined;
  }
}

/** Opens a found file without following a symbolic link swapped in since it was found. */
async function openNoFollow(file: SiteFile) {
  return open(file.realPath, constants.O_RDONLY | constants.O_NOFOLLOW);
}

/** Reads a found file whole. */
export async function readSiteFile(file: SiteFile): Promise<Buffer> {
  const handle = await openNoFollow(file);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** Streams a found file (for files too large to cache). */
export async function streamSiteFile(file: SiteFile): Promise<ReadStream> {
  const handle = await openNoFollow(file);
  return handle.createReadStream({ autoClose: true, highWaterMark: 64 * 1024 });
}
