import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { runBuild } from './build.ts';

// How the shared builds of the real data are made once per run (test/helpers/sites.ts reads them; the globalSetup
// test/setup/shared-builds.ts starts them early). No top-level work: importing this builds nothing.

/** The SITE_URL of the shared build below a path, as GitHub Pages would serve a project site. */
export const BASED_SITE_URL = 'https://example.github.io/campus-api/';

/** Where the two shared builds are published: each a link to its version folder. */
export interface SharedPaths {
  root: string;
  based: string;
}

/** The run's folder, made by the globalSetup. */
function runFolder(): string {
  const work = process.env.CAMPUS_TEST_RUN;
  if (!work)
    throw new Error(
      'the run folder is missing: run the tests with test/vitest.config.ts, as npm test does (its globalSetup)',
    );
  return work;
}

/** The shared builds' output folders in the run's folder. */
export function sharedPaths(): SharedPaths {
  const work = runFolder();
  return { root: path.join(work, 'shared/root/dist'), based: path.join(work, 'shared/based/dist') };
}

/** Waits for the process that holds the claim: its `done` mark (then when it started) or its `failed` mark. */
async function waitForBuilder(work: string): Promise<number> {
  for (;;) {
    if (existsSync(path.join(work, 'shared.done')))
      return Number(await readFile(path.join(work, 'shared.started'), 'utf8'));
    if (existsSync(path.join(work, 'shared.failed')))
      throw new Error(await readFile(path.join(work, 'shared.failed'), 'utf8'));
    await sleep(50);
  }
}

/** Builds the two sites side by side; the reason as a message when one fails. */
async function buildBoth(sites: SharedPaths): Promise<void> {
  const builds = await Promise.all([runBuild(sites.root), runBuild(sites.based, { SITE_URL: BASED_SITE_URL })]);
  for (const [i, run] of builds.entries()) {
    if (run.code !== 0)
      throw new Error(`the shared build ${i === 0 ? 'root' : 'based'} failed (exit ${run.code}):\n${run.stderr}`);
  }
}

/**
 * Builds the shared sites once per run, whichever process asks first (a worker's suite, or the globalSetup that
 * starts them early): it takes the claim (an atomic mkdir) and builds; the others wait for its `done` or `failed`
 * mark. Returns when the builds started (ms since the epoch).
 */
export async function buildOnce(sites: SharedPaths): Promise<number> {
  const work = runFolder();
  try {
    await mkdir(path.join(work, 'shared.claim'));
  } catch {
    return waitForBuilder(work);
  }
  const start = Date.now();
  await writeFile(path.join(work, 'shared.started'), String(start));
  try {
    await buildBoth(sites);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    await writeFile(path.join(work, 'shared.failed'), why);
    throw error;
  }
  await writeFile(path.join(work, 'shared.done'), '');
  return start;
}
