import { fileURLToPath } from 'node:url';
import { normalizePath, type Plugin } from 'vite';

/** The query that marks a module as a copy inside a script's own graph: `?campus-script=session`. */
const QUERY = 'campus-script';

/**
 * The scripts that are bundled with modules of their own: a name for each, by the file it starts
 * from. Every other script shares its modules as the bundler likes.
 */
export const OWN_GRAPHS: Readonly<Record<string, string>> = {
  // As Vite names modules: forward slashes on every system (a Windows path has backslashes).
  session: normalizePath(fileURLToPath(new URL('../scripts/session-page.ts', import.meta.url))),
};

/** The script graph a module id belongs to (`?campus-script=NAME`), if any. */
function graphOf(id: string): string | undefined {
  const match = new RegExp(`[?&]${QUERY}=([\\w-]+)$`).exec(id);
  if (match) return match[1];
  return Object.keys(OWN_GRAPHS).find((name) => OWN_GRAPHS[name] === id);
}

/**
 * A Vite plugin that gives each script of OWN_GRAPHS its own copy of every module it imports, so
 * the bundler makes it one chunk with no imports, which Astro inlines (astro.config.mjs: the CSP
 * allows inline scripts only). Without it, a module the site's other script imports too (the
 * past's marking, the remembered filters) becomes a chunk both import, and both scripts become
 * files. A copy is the same file under an id with `?campus-script=NAME`, read and compiled as
 * the file itself.
 */
export function scriptGraphs(): Plugin {
  return {
    name: 'campus:script-graphs',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const graph = importer && graphOf(importer);
      if (!graph) return null;
      const plain = importer.replace(/\?.*$/, '');
      const resolved = await this.resolve(source, plain, { ...options, skipSelf: true });
      // A virtual module, or one with a query of its own (`?raw`), is left as Vite resolves it.
      if (!resolved || resolved.external || resolved.id.startsWith('\0') || resolved.id.includes('?')) return resolved;
      return { ...resolved, id: `${resolved.id}?${QUERY}=${graph}` };
    },
  };
}
