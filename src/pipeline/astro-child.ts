// Runs Astro's build in a process of its own (astro-run.ts starts it): the build renders its
// API files and feeds meanwhile. It loads Astro first, then waits for the message on its channel
// that names a JSON file of what to build (a cold build starts it before it has read its data).
// What went wrong is its last line, marked (ASTRO_FAILED), however it went wrong.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildContextIntegration } from '../integrations/build-context.ts';
import { ASTRO_FAILED, type AstroBuildOptions } from './astro-run.ts';

/** Says what went wrong in one marked line and ends. */
function fail(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${ASTRO_FAILED}${message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(1);
}
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
// The build that started this one ended (interrupted, killed): nothing awaits these pages.
process.on('disconnect', () => process.exit(1));
// Listened for before anything is loaded: a message that arrives while Astro loads is not lost.
const requested = new Promise<string>((resolve) => {
  process.once('message', (message) => resolve((message as { request: string }).request));
});

/**
 * Astro's build runs its `sync` first unless told `sync: false`: a temporary Vite server, content collections'
 * types and data store, `astro:env` and fonts types, .astro/types.d.ts. This project uses none of these (test/
 * build-context.test.ts says so, and fails when one is added), so the build skips it (about a quarter of a second).
 * `build` passes the option on to its builder, which names it, but does not type it: an Astro without it builds as
 * before, only slower.
 */
const WITHOUT_SYNC = { sync: false } as Parameters<typeof import('astro').build>[1];

try {
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const { build } = await import('astro');
  const request = await requested;
  process.channel?.unref(); // from here the channel alone does not keep this process running
  const options = JSON.parse(readFileSync(request, 'utf8')) as AstroBuildOptions;
  // The project's astro.config.mjs, imported here and given inline (`configFile: false`): Astro would load it
  // through a Vite server of its own, and `astro/config`'s defineConfig (which the file no longer imports) loads
  // svgo, csso and css-tree. Both were on the cold build's critical path: the real data's cold build, in memory,
  // 2.08 -> 1.73 s, the same bytes. This build's own instance of the context integration goes last (it acts).
  const { default: config } = (await import(pathToFileURL(path.join(options.root, 'astro.config.mjs')).href)) as {
    default: import('astro').AstroUserConfig;
  };
  await build(
    {
      ...config,
      configFile: false,
      root: options.root,
      outDir: options.outDir,
      site: options.site,
      base: options.base,
      logLevel: 'warn',
      integrations: [
        ...(config.integrations ?? []),
        buildContextIntegration({ pageContextJson: options.pageContextJson }),
      ],
      vite: { ...config.vite, cacheDir: options.viteCache },
    },
    WITHOUT_SYNC,
  );
} catch (error) {
  fail(error);
}
