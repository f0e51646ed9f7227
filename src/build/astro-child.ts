// Runs Astro's build in a process of its own (astro-run.ts starts it): the build renders its
// API files and feeds meanwhile. Its one argument names a JSON file of what to build.
import { readFileSync } from 'node:fs';
import type { AstroBuildOptions } from './astro-run.ts';
import { buildContextIntegration } from '../integrations/build-context.ts';

const options = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as AstroBuildOptions;
// The build that started this one ended (interrupted, killed): nothing awaits these pages.
process.on('disconnect', () => process.exit(1));
process.channel?.unref(); // the channel alone does not keep this process running
process.env.ASTRO_TELEMETRY_DISABLED = '1';
try {
  const { build } = await import('astro');
  await build({
    root: options.root,
    outDir: options.outDir,
    site: options.site,
    base: options.base,
    logLevel: 'warn',
    integrations: [buildContextIntegration({ pageContextJson: options.pageContextJson })],
    vite: { cacheDir: options.viteCache },
  });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
