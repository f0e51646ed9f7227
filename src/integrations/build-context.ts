import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The module id pages import their context from (typed in virtual-context.d.ts). */
const VIRTUAL_CONTEXT = 'virtual:campus/context';
const RESOLVED = `\0${VIRTUAL_CONTEXT}`;
const NAME = 'campus:build-context';
const STORE = fileURLToPath(new URL('./context-store.ts', import.meta.url));
const CONTEXT_MODULE = fileURLToPath(new URL('../build/context.ts', import.meta.url));

/** What the integration is given: the build's context, or nothing (then it reads data/ itself). */
export interface BuildContextOptions {
  /** The key in context-store.ts under which the build handed over the context it already read. */
  handedKey?: string;
}

/** The virtual module's source: the handed-over context, or one read from the project's data/. */
function moduleSource(root: string, options: BuildContextOptions): string {
  if (options.handedKey) {
    // The build fills the month, term and session pages into shells itself (the fast path).
    return `import { handedContext } from ${JSON.stringify(pathToFileURL(STORE).href)};
export const context = handedContext(${JSON.stringify(options.handedKey)});
export const astroRendersCalendar = false;
`;
  }
  // Under `astro dev` (or a bare `astro build`/`astro check`) nobody hands a context over: read
  // data/ (or DATA_DIR) below the project root resolved from Astro's config, not process.cwd(),
  // and let Astro render the calendar's pages through src/pages/infosessions/[...path].astro.
  return `import { createBuildContext } from ${JSON.stringify(CONTEXT_MODULE)};
export const context = createBuildContext(${JSON.stringify(root)});
export const astroRendersCalendar = true;
`;
}

/**
 * Gives Astro's pages the build context as `virtual:campus/context`, as Starlight hands its
 * configuration to its pages. Registered in astro.config.mjs (no options: reads data/); the
 * build adds an instance that carries its context through the inline config of `build()`,
 * and the last instance registered is the one that acts.
 */
export function buildContextIntegration(options: BuildContextOptions = {}): AstroIntegration {
  const setup: AstroIntegration['hooks']['astro:config:setup'] = ({ config, updateConfig }) => {
    // Astro copies integrations when it validates the config; their hook functions stay the same.
    if (config.integrations.findLast((i) => i.name === NAME)?.hooks['astro:config:setup'] !== setup) return;
    const source = moduleSource(fileURLToPath(config.root), options);
    const store = pathToFileURL(STORE).href;
    updateConfig({
      vite: {
        plugins: [
          {
            name: NAME,
            enforce: 'pre',
            resolveId(id) {
              if (id === VIRTUAL_CONTEXT) return RESOLVED;
              // The store stays out of the bundle (Vite hands its file URL over as a path), so the
              // bundle imports the very module instance the build filled.
              if (options.handedKey && (id === store || id === STORE)) return { id: store, external: true };
              return undefined;
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
