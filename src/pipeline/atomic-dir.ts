import { existsSync } from 'node:fs';
import { mkdir, rename, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { unchangedOutput } from './build-failure.ts';
import { guardInterrupts } from './interrupt.ts';
import {
  manifestFile,
  type PreviousOutput,
  readVersionRecord,
  type VersionRecord,
  writeManifest,
} from './output-files.ts';
import { acquireLock } from './output-lock.ts';
import { markOwned } from './output-owner.ts';
import {
  BUILD_STAMP,
  currentVersion,
  leftovers,
  makeFolders,
  type OutputPaths,
  outputPaths,
  spareInProgress,
  spareVersion,
  versionName,
} from './output-versions.ts';
import { removeLater } from './remove-later.ts';
import { testPause } from './test-pause.ts';

/**
 * What a fill is given: the new version's folder; the paths an interruption must remove (a fill adds its own temporary
 * folders); the published version to link unchanged files from; when `dir` is an older version updated in place,
 * its manifest and what its made files were made from; the versions folder, where a fill may keep caches across builds
 * (entries named `cache-*`).
 */
export interface FillTarget {
  dir: string;
  temporary: Set<string>;
  previous?: PreviousOutput;
  base?: VersionRecord;
  versions: string;
}

/**
 * Fills a new version of the output and publishes it with one atomic rename, so that at every instant `outDir` is the
 * whole previous output or the whole new one:
 *
 * 1. Takes the output's lock (`.dist-versions/build.lock`); another build of the same output is waited for.
 * 2. Fills `.dist-versions/<version>/` and writes its manifest beside it (`<version>.files`). The folder is the spare
 *    version renamed, updated in place, when there is one; else a new folder.
 * 3. Creates a link to it under a temporary name and renames that over `outDir` (a link).
 * 4. Keeps the previous version as the next build's spare, hands anything older to a detached remover (off the
 *    critical path; it also makes a spare when there is none), and releases the lock.
 *
 * When `fill` throws, the new version is removed and `outDir` is not touched.
 */
export async function publishOutput(
  outDir: string,
  say: (line: string) => void,
  fill: (target: FillTarget) => Promise<VersionRecord>,
): Promise<void> {
  const p = outputPaths(outDir);
  prepare(p);
  let published = false;
  let releaseSync = () => {};
  const guard = guardInterrupts((signal) => {
    releaseSync();
    const output = published ? `${p.shown} holds the new output.` : unchangedOutput(p);
    return `Build interrupted (${signal}): removed its temporary folders. ${output}`;
  });
  const lock = await lockOutput(p, say);
  releaseSync = lock.releaseSync;
  const version = path.join(p.versions, versionName());
  try {
    await testPause('locked');
    guard.temporary.add(version);
    guard.temporary.add(manifestFile(version));
    const current = await currentVersion(p);
    const previous = current ? { dir: current, ...readVersionRecord(current) } : undefined;
    const base = await startVersion(p, current, version);
    writeManifest(
      version,
      await fill({ dir: version, temporary: guard.temporary, previous, base, versions: p.versions }),
    );
    await testPause('filled');
    await swap(p, version, guard.temporary);
    published = true;
    guard.temporary.delete(version);
    guard.temporary.delete(manifestFile(version));
    await testPause('swapped');
  } catch (error) {
    await rm(version, { recursive: true, force: true });
    await rm(manifestFile(version), { force: true });
    throw error;
  } finally {
    await removeOldVersions(p, say);
    guard.dispose();
    await lock.release();
  }
}

/** Takes the output's lock, saying when it waits for another build or takes over a lock its build left. */
function lockOutput(p: OutputPaths, say: (line: string) => void): ReturnType<typeof acquireLock> {
  const why = (pid: number | undefined, running: boolean) =>
    !pid
      ? 'its lock file was unreadable'
      : running
        ? `process ${pid} is not the build that took it (that build ended)`
        : `build ${pid} is no longer running`;
  return acquireLock(p.lock, {
    waiting: (pid) => say(`Another build (pid ${pid}) is writing ${p.shown}; waiting for it to finish…`),
    takeover: (pid, running) => say(`Taking over the lock of ${p.shown}: ${why(pid, running)}.`),
  });
}

/** Makes the new version's folder: the spare renamed (its record returned) when its manifest reads, else a new one. */
async function startVersion(
  p: OutputPaths,
  current: string | undefined,
  version: string,
): Promise<VersionRecord | undefined> {
  const spare = await spareVersion(p, current);
  const record = spare === undefined ? undefined : readVersionRecord(spare);
  // Its manifest goes first: a spare interrupted while being updated is never trusted again.
  if (spare) await rm(manifestFile(spare), { force: true });
  // A manifest that cannot be read (no `made`) says nothing of what the folder holds: updated in place, its files would
  // be written through (links shared with the published version) and the ones this output lacks left in it.
  if (spare && record?.made) {
    await rename(spare, version);
    await rm(path.join(version, BUILD_STAMP), { force: true }); // written last again: until then, not complete
    return record;
  }
  await mkdir(version);
  return undefined;
}

/**
 * Hands the versions no longer needed to a detached remover (which also makes a spare when there is none): the new
 * output is live, and this build ends, before any time is spent on them. A failure is said, not thrown.
 */
async function removeOldVersions(p: OutputPaths, say: (line: string) => void): Promise<void> {
  try {
    const current = await currentVersion(p);
    // One spare at a time: a build that took a few milliseconds (its inputs unchanged) may end while the spare asked
    // for by the build before it is still being made.
    const spare = (await spareVersion(p, current)) ?? ((await spareInProgress(p)) ? 'in progress' : undefined);
    removeLater(
      await leftovers(p),
      p.versions,
      !spare && current && existsSync(manifestFile(current)) ? current : undefined,
    );
  } catch (error) {
    say(
      `Could not remove old versions in ${path.relative(process.cwd(), p.versions)}/ ` +
        `(${(error as Error).message}); the next build tries again.`,
    );
  }
}

/** Creates the versions folder (and the output's parent when missing); claimOutput refused any other output path. */
function prepare(p: OutputPaths): void {
  makeFolders(p.versions);
  markOwned(p); // the next build knows the output beside it for the build's own (output-owner.ts)
}

/** Points the output at `version`: a new link under a temporary name, renamed over the output. */
async function swap(p: OutputPaths, version: string, temporary: Set<string>): Promise<void> {
  const link = `${version}.link`;
  temporary.add(link);
  await symlink(path.relative(p.parent, version), link);
  await testPause('linked');
  await rename(link, p.out);
  temporary.delete(link);
}
