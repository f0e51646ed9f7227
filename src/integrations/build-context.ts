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

/** What the integration is given: the build's page context, or nothing (then it reads data/ itself). */
export interface BuildContextOptions {
  /** The page context's JSON (src/core/pages/page-context.ts): all that the pages may read in this build. */
  pageContextJson?: string;
}

/**
 * The virtual module's source: the build's page context and fill markers, or everything read from the
 * project's data/.
 */
function moduleSource(root: string, options: BuildContextOptions): string {
  if (options.pageContextJson !== undefined) {
    // In a build the pages get the page context and nothing else (the build hashes it to tell
    // whether Astro's output can be reused), render a marker where a part made from the
    // sessions or records goes (the build fills it in), and no calendar pages (the build fills
    // those into shells: the fast path).
    return `import { fillMarker } from ${moduleUrl('../core/pages/page-fills.ts')};
export const pages = JSON.parse(${JSON.stringify(options.pageContextJson)});
export const fill = fillMarker;
export const calendarPageList = () => [];
`;
  }
  // Under `astro dev` (or a bare `astro build`/`astro check`) nobody hands a context over: read
  // data/ (or DATA_DIR) below the project root resolved from Astro's config, not process.cwd(),
  // render every fill in place and let Astro render the calendar's pages through
  // src/pages/infosessions/[...path].astro.
  return `import { createBuildContext } from ${moduleUrl('../pipeline/context.ts')};
import { pageContext } from ${moduleUrl('../core/pages/page-context.ts')};
import { pageFill } from ${moduleUrl('../core/pages/page-fills.ts')};
import { calendarPages } from ${moduleUrl('../core/calendar/pages/calendar-pages.ts')};
import { buildingLookup } from ${moduleUrl('../core/buildings/location.ts')};
const context = createBuildContext(${JSON.stringify(root)});
export const pages = pageContext(context);
export const fill = (name, arg = '') => pageFill(context, name, arg);
export const calendarPageList = () => [
  ...calendarPages(context.sessions, { ...context.render, buildings: buildingLookup(context.buildings) }),
];
`;
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
    // A bare `astro build` bundles the reader, which finds the data sets' readers by listing
    // its own folder: there is none in a bundle. The build reads the data itself and hands
    // Astro what the pages need.
    if (command === 'build' && options.pageContextJson === undefined) throw new Error(BARE_BUILD);
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
