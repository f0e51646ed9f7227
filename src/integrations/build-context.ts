import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The module id pages import their context from (typed in virtual-context.d.ts). */
const VIRTUAL_CONTEXT = 'virtual:campus/context';
const RESOLVED = `\0${VIRTUAL_CONTEXT}`;
const NAME = 'campus:build-context';
/** A module of this project, as the virtual module's source imports it. */
const moduleUrl = (relative: string) =>
  JSON.stringify(pathToFileURL(fileURLToPath(new URL(relative, import.meta.url))).href);

/** What a bare `astro build` says: the site is built by `npm run build`. */
export const BARE_BUILD =
  'The site is built by `npm run build` (it reads and checks data/ and runs Astro with what the pages need), ' +
  'not by `astro build` alone; `astro dev` serves the pages from data/ as they are.';

/**
 * Where a build's Astro process puts the promise of the page context's JSON (src/pipeline/astro-child.ts), which
 * the pages' module awaits: Astro bundles the pages before the build has read its data, and renders them once it has.
 */
export const PAGE_CONTEXT_PROMISE = Symbol.for('campus-api-static.pageContextJson');

/** What the integration is given: the build's page context, or nothing (then it reads data/ itself). */
export interface BuildContextOptions {
  /** The page context's JSON (src/core/pages/page-context.ts): all that the pages may read in this build. */
  pageContextJson?: string;
  /** The page context's JSON comes later, as a promise at globalThis[PAGE_CONTEXT_PROMISE] (the pages await it). */
  pageContextAwaited?: boolean;
}

/**
 * The virtual module's source: the build's page context and fill markers, or everything read from the
 * project's data/.
 */
function moduleSource(root: string, options: BuildContextOptions): string {
  // Each variant is a module of its own (pages-built.ts, pages-dev.ts), so an import graph sees
  // what the pages read; the virtual module only calls it and re-exports what it gives.
  const call =
    options.pageContextJson !== undefined || options.pageContextAwaited
      ? `import { builtPages } from ${moduleUrl('./pages-built.ts')};\n` +
        `const made = builtPages(${
          options.pageContextAwaited
            ? `await globalThis[Symbol.for(${JSON.stringify(PAGE_CONTEXT_PROMISE.description)})]`
            : JSON.stringify(options.pageContextJson)
        });\n`
      : `import { devPages } from ${moduleUrl('./pages-dev.ts')};\n` +
        `const made = devPages(${JSON.stringify(root)});\n`;
  const exports = [
    'pages',
    'calendarViews',
    'calendarPageList',
    'buildingPageList',
    'methodPageList',
    'dataPageList',
    'examPageList',
  ].map((name) => `export const ${name} = made.${name};\n`);
  return call + exports.join('');
}

/**
 * Gives Astro's pages what they read as `virtual:campus/context`, as Starlight hands its
 * configuration to its pages. Registered in astro.config.mjs (no options: reads data/); the
 * build adds an instance that carries its page context through the inline config of `build()`,
 * and the last instance registered is the one that acts.
 */
export function buildContextIntegration(options: BuildContextOptions = {}): AstroIntegration {
  const setup: AstroIntegration['hooks']['astro:config:setup'] = ({ config, command, updateConfig }) => {
    // Astro copies integrations when it validates the config; their hook functions stay the same.
    if (config.integrations.findLast((i) => i.name === NAME)?.hooks['astro:config:setup'] !== setup) return;
    // The build reads and checks the data itself and hands Astro what the pages need; a bare
    // `astro build` would skip that check and the API files.
    if (command === 'build' && options.pageContextJson === undefined && !options.pageContextAwaited)
      throw new Error(BARE_BUILD);
    const source = moduleSource(fileURLToPath(config.root), options);
    updateConfig({
      vite: {
        plugins: [
          {
            name: NAME,
            enforce: 'pre',
            resolveId(id) {
              return id === VIRTUAL_CONTEXT ? RESOLVED : undefined;
            },
            load(id) {
              return id === RESOLVED ? source : undefined;
            },
          },
        ],
      },
    });
  };
  return { name: NAME, hooks: { 'astro:config:setup': setup } };
}
