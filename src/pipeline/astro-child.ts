// Runs Astro's build in a process of its own (astro-run.ts starts it): the build renders its
// API files and feeds meanwhile. It is started with where and for which address to build (its
// one argument, an AstroSetup's JSON), loads Astro and bundles the pages at once, and renders them
// once the message on its channel names a JSON file holding the page context (a cold build starts
// it before it has read its data, so the bundling is done while the data is read).
// What went wrong is its last line, marked (ASTRO_FAILED), however it went wrong.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildContextIntegration, PAGE_CONTEXT_PROMISE } from '../integrations/build-context.ts';
import { ASTRO_FAILED, type AstroRequest, type AstroSetup } from './astro-run.ts';

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
// Listened for before anything is loaded: a message that arrives while Astro loads is not lost. The pages' module
// awaits what it names (build-context.ts); until then the channel keeps this process waiting.
const pageContextJson = new Promise<string>((resolve) => {
  process.once('message', (message) => {
    process.channel?.unref(); // from here the channel alone does not keep this process running
    const request = JSON.parse(readFileSync((message as { request: string }).request, 'utf8')) as AstroRequest;
    resolve(request.pageContextJson);
  });
});
(globalThis as Record<symbol, unknown>)[PAGE_CONTEXT_PROMISE] = pageContextJson;

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
  const setup = JSON.parse(process.argv[2] ?? '') as AstroSetup;
  const { build } = await import('astro');
  // The project's astro.config.mjs, imported here and given inline (`configFile: false`): Astro would load it
  // through a Vite server of its own, and `astro/config`'s defineConfig (which the file no longer imports) loads
  // svgo, csso and css-tree. Both were on the cold build's critical path: the real data's cold build, in memory,
  // 2.08 -> 1.73 s, the same bytes. This build's own instance of the context integration goes last (it acts).
  const { default: config } = (await import(pathToFileURL(path.join(setup.root, 'astro.config.mjs')).href)) as {
    default: import('astro').AstroUserConfig;
  };
  await build(
    {
      ...config,
      configFile: false,
      root: setup.root,
      outDir: setup.outDir,
      site: setup.site,
      base: setup.base,
      logLevel: 'warn',
      integrations: [...(config.integrations ?? []), buildContextIntegration({ pageContextAwaited: true })],
      vite: { ...config.vite, cacheDir: setup.viteCache },
    },
    WITHOUT_SYNC,
  );
} catch (error) {
  fail(error);
}
