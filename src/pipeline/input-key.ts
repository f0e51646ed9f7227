import { hash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { campusDay } from '../core/records/campus-clock.ts';
import { dataDigest } from '../load/data-fs.ts';
import type { BuildTarget } from './context.ts';

/**
 * The project's files a build is made from besides the data: its code, its pages and assets, and its dependencies (by
 * the lock file).
 */
export const PROJECT_INPUTS = [
  'src',
  'public',
  'astro.config.mjs',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
];
/** Bumped when how a key is made changes. */
const FORMAT = 'build-inputs 3';

/** One line per file below `root` among `rels` (folders walked, sorted): its relative path and content hash. */
export function fileDigests(root: string, rels: readonly string[]): string[] {
  const lines: string[] = [];
  const walk = (rel: string) => {
    const full = path.join(root, rel);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory())
      for (const name of readdirSync(full).sort()) walk(rel === '.' ? name : `${rel}/${name}`);
    else lines.push(`${rel}\0${hash('sha1', readFileSync(full), 'base64url')}`);
  };
  for (const rel of rels) walk(rel);
  return lines;
}

/**
 * The key of everything a build's output is made from: the data folder, the project's files (PROJECT_INPUTS), the
 * Node.js version, and the settings. A build whose key is the published version's makes that version again, byte for
 * byte, so it reuses it whole instead (build.ts). With it, the data folder's digest (data-fs.ts), which the output's
 * stamp records for `npm start`; the code's, which every digest of what a file is made from holds (input-digests.ts);
 * and the project's files' lines, which Astro's key reads again (astro-cache.ts).
 */
export function buildInputKey(
  root: string,
  target: BuildTarget,
  pages: boolean,
): { key: string; data: string; code: string; projectFiles: string[] } {
  const { dataDir, render } = target;
  // The working folder and the data folder too: the warnings a reused version prints name files relative to the one,
  // inside the other. What git says of each data file too: the feeds' events carry when their rows changed.
  const files = [...(target.fileHistory ?? [])].map(([f, h]) => [
    path.relative(dataDir, f),
    h.time,
    h.commits,
    h.added,
  ]);
  const settings = JSON.stringify({
    url: render.url,
    timestamp: render.timestamp,
    // The build's day: the subscribers' feeds hold the weeks around it (src/core/calendar/feed-window.ts).
    day: campusDay(target.now ?? render.timestamp),
    dataTimes: target.dataTimes,
    dataHead: target.dataHead,
    files: files.sort((a, b) => (a[0]! < b[0]! ? -1 : a[0]! > b[0]! ? 1 : 0)),
    pages,
    cwd: process.cwd(),
    dataDir,
  });
  // The data as the reader sees it: regular data files only, read without following a link or
  // opening a pipe (a link or special file, which the reader refuses, is named, so never reused).
  const data = dataDigest(dataDir);
  const projectFiles = fileDigests(root, PROJECT_INPUTS);
  const code = hash('sha256', [FORMAT, process.version, ...projectFiles].join('\n'), 'base64url').slice(0, 32);
  return {
    key: hash('sha256', [FORMAT, settings, code, '--- data', data].join('\n'), 'base64url').slice(0, 32),
    data,
    code,
    projectFiles,
  };
}

/**
 * What the files a key is made from looked like on disk (inputStats): a line per entry (its path, size, inode and
 * change time), and whether an entry changed so shortly before the look (RACY_NS: a few of the kernel's clock ticks)
 * that a write after it may leave the same change time.
 */
export interface InputStats {
  text: string;
  racy: boolean;
}

const RACY_NS = 50_000_000n;

/**
 * What the files a key is made from look like on disk, without reading them: each entry below the data folder and the
 * project's inputs, with its size, inode and change time (in nanoseconds; any write moves it, whatever an editor does
 * to the modification time). The same text before a key was made and after the build, and no entry changed just
 * before the first look, say that no input changed meanwhile, at a fraction of making the key again. The data folder
 * and the inputs themselves are followed when they are links, as the reader and the key follow them.
 */
export function inputStats(root: string, dataDir: string): InputStats {
  const lines: string[] = [];
  let newest = 0n;
  const look = (full: string, rel: string, top: boolean) => {
    const info = top
      ? statSync(full, { bigint: true, throwIfNoEntry: false })
      : lstatSync(full, { bigint: true, throwIfNoEntry: false });
    if (!info) return;
    lines.push(`${rel}\0${info.size}\0${info.ino}\0${info.ctimeNs}`);
    if (info.ctimeNs > newest) newest = info.ctimeNs;
    if (info.isDirectory())
      for (const name of readdirSync(full).sort()) look(path.join(full, name), `${rel}/${name}`, false);
  };
  const now = BigInt(Date.now()) * 1_000_000n;
  look(path.resolve(dataDir), 'data', true);
  for (const rel of PROJECT_INPUTS) look(path.join(root, rel), rel, true);
  return { text: lines.join('\n'), racy: newest > now - RACY_NS };
}
