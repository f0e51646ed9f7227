import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { removeDir, runBuild, tempDir } from '../helpers/build.ts';
import { BASED_SITE_URL, type SharedSites } from '../helpers/sites.ts';

/**
 * vitest globalSetup: builds the real data once per run, as `npm run build` does, into a
 * temporary folder, for every suite that only reads a build. Two builds, run side by side:
 * the default one and one for a SITE_URL with a path. Removed when the run ends.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const work = await tempDir('campus-shared-');
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
