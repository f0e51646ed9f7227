import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { DATASETS } from '../core/datasets/registry.ts';
import { ConfigError, formatFinding, sortFindings } from '../core/read/findings.ts';
import { checkProjectLinks } from '../load/project-links.ts';
import { displayPath, isComplete, outputPaths } from '../pipeline/output-versions.ts';
import { progressFor } from '../pipeline/progress.ts';
import { staleReason } from '../pipeline/stale-output.ts';
import { keyStoreFromEnv } from '../server/keys.ts';
import { createSiteServer } from '../server/server.ts';
import { startCommand } from './commands.ts';
import { cliMain, STAY } from './runner.ts';

await cliMain(startCommand, async ({ values, config }) => {
  const { root, port, site: address } = config;
  const distDir = path.resolve(root, String(values.dist));
  const shown = `${displayPath(distDir)}/`;
  if (values['no-build'] && !isComplete(distDir)) {
    throw new ConfigError(
      `${shown} holds no built site: build it first (npm run build -- --out ${displayPath(distDir)}), ` +
        'or leave out --no-build.',
    );
  }
  // Before the sources' times are read, which follows links: a link looping back (public/root -> ..) never ended.
  const output = outputPaths(distDir);
  if (!values['no-build']) checkProjectLinks(root, [output.out, output.versions]);
  const reason = values['no-build'] ? undefined : staleReason(root, distDir, address.url, config.dataDir);
  if (reason) {
    console.log(`Building: ${reason}.`);
    // Imported when there is something to build: serving a fresh output, or --help, does without the build's modules.
    const { buildSite } = await import('../pipeline/build.ts');
    const report = await buildSite({
      root,
      outDir: distDir,
      settings: config,
      progress: progressFor(process.stderr, config.ci),
    });
    for (const w of sortFindings(report.warnings)) console.warn(formatFinding(w));
  }
  const keys = keyStoreFromEnv(config.apiKeys);
  // The directory of methods comes from the output served, swapped with it by each build.
  const server = createSiteServer({ distDir, datasets: DATASETS, keys, basePath: address.basePath });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE' || error.code === 'EACCES'
          ? new ConfigError(`port ${port} cannot be used (${error.code}): set PORT to another.`)
          : error,
      ),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  const listening = (server.address() as AddressInfo).port;
  console.log(`Serving ${shown} at http://localhost:${listening}${address.basePath}`);
  console.log(
    keys.mode === 'any'
      ? 'API keys: none configured (API_KEYS, API_KEYS_FILE), so any non-empty ?key= is accepted.'
      : `API keys: ${keys.size} configured; other keys are refused with 403.`,
  );
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return STAY;
});
