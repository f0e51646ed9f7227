import { accessSync, constants, statfsSync } from 'node:fs';
import path from 'node:path';
import { removeDir, tempDir } from '../helpers/build.ts';

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

/** How many projects of the run hold the run's folder (each project runs this setup). */
let holders = 0;

/**
 * vitest globalSetup, run by every project of the run (test/vitest.config.ts): makes the run's
 * folder once (CAMPUS_TEST_RUN, which the workers inherit) and points ASTRO_CACHE_DIR at one
 * Astro cache in it for every build of the run. It builds nothing: the shared builds are made
 * on first use, by the first suite that imports test/helpers/sites.ts (so `npm run test:unit`
 * builds nothing). The folder is removed when the last project ends.
 */
export default async function setup(): Promise<() => Promise<void>> {
  holders++;
  if (!process.env.CAMPUS_TEST_RUN) {
    scratchOnRamDisk();
    const work = await tempDir('campus-run-');
    process.env.CAMPUS_TEST_RUN = work;
    // One Astro cache for every build of the run (the workers and their builds inherit it): a
    // build whose pages another build already rendered skips Astro, whatever its output folder.
    // The suites that test the cache itself, and the benchmark, leave it out.
    process.env.ASTRO_CACHE_DIR = path.join(work, 'astro-cache');
  }
  return async () => {
    if (--holders > 0) return;
    const work = process.env.CAMPUS_TEST_RUN;
    delete process.env.CAMPUS_TEST_RUN;
    if (work) await removeDir(work);
  };
}
