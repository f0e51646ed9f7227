// A build run in the test's own process (the build's function, as src/cli/build.ts calls it), for a suite whose
// subject is what the build writes, not the command: it spares a process start and the build's module loading
// (about 1 CPU-s an API-only build of small data). A suite that tests what the command prints, its exit code, or a
// lock held by its process runs it with runBuild (test/helpers/build.ts).
import path from 'node:path';
import { buildCommand } from '../../src/cli/commands.ts';
import { resolveConfig } from '../../src/config/settings.ts';
import { type BuildReport, buildSite } from '../../src/pipeline/build.ts';
import { EPOCH, ROOT } from './build.ts';

/**
 * Builds into `outDir` with the settings the command would read from the environment plus `env` (SOURCE_DATE_EPOCH
 * EPOCH unless given; an empty value unsets a setting, as for the command); `pages: false` is --api-only; `root` is
 * the project built (a copy of this one: its sources, Astro's pages included, and its data). Lines the build would
 * print are dropped.
 */
export function buildInProcess(
  outDir: string,
  env: Record<string, string> = {},
  options: { pages?: boolean; root?: string } = {},
): Promise<BuildReport> {
  const root = options.root ?? ROOT;
  const settings = resolveConfig(buildCommand.env, { ...process.env, SOURCE_DATE_EPOCH: String(EPOCH), ...env }, root);
  return buildSite({
    root,
    outDir: path.resolve(root, outDir),
    pages: options.pages ?? true,
    settings,
    say: () => {},
  });
}
