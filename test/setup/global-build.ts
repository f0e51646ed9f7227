import { accessSync, constants, statfsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeDir, runBuild, tempDir } from '../helpers/build.ts';
import { BASED_SITE_URL, type SharedSites } from '../helpers/sites.ts';

/** The RAM disk scratch folders go to when TMPDIR is unset, and the room it must have free. */
const RAM_DISK = '/dev/shm';
const RAM_DISK_ROOM = 4 * 2 ** 30;

/**
 * Points TMPDIR (every temporary folder of the run: the suites', the builds', Astro's) at a RAM
 * disk when it is unset and /dev/shm is writable with 4 GB free (a container's 64 MB one is
 * not used): on this project's machine a full build writes its 13,000 files in a third of the
 * CPU time there. The workers and the builds they start inherit it.
 */
function scratchOnRamDisk(): void {
  if (process.env.TMPDIR) return;
  try {
    accessSync(RAM_DISK, constants.W_OK);
    const fs = statfsSync(RAM_DISK);
    if (fs.bavail * fs.bsize >= RAM_DISK_ROOM) process.env.TMPDIR = RAM_DISK;
  } catch {
    // no RAM disk here: the system's temporary folder
  }
}

/**
 * vitest globalSetup: builds the real data once per run, as `npm run build` does, into a
 * temporary folder, for every suite that only reads a build. Two builds, run side by side:
 * the default one and one for a SITE_URL with a path. Removed when the run ends, with the
 * run's Astro cache (ASTRO_CACHE_DIR).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  scratchOnRamDisk();
  const work = await tempDir('campus-shared-');
  // One Astro cache for every build of the run (the workers and their builds inherit it): a
  // build whose pages another build already rendered skips Astro, whatever its output folder.
  // The suites that test the cache itself, and the benchmark, leave it out.
  process.env.ASTRO_CACHE_DIR = path.join(work, 'astro-cache');
  const sites: SharedSites = { root: path.join(work, 'root/dist'), based: path.join(work, 'based/dist'), started: Date.now() };
  const builds = await Promise.all([runBuild(sites.root), runBuild(sites.based, { SITE_URL: BASED_SITE_URL })]);
  for (const [i, run] of builds.entries()) {
    if (run.code !== 0) {
      await removeDir(work);
      throw new Error(`the shared build ${i === 0 ? 'root' : 'based'} failed (exit ${run.code}):\n${run.stderr}`);
    }
  }
  project.provide('sharedSites', sites);
  return () => removeDir(work);
}
