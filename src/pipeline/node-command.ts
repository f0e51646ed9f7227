// How the project's own Node processes are started: as its npm scripts start them (package.json),
// with src/cli/node-guard.mjs imported first. The guard stops an old Node with one line, then
// loads src/cli/strip-cache.mjs, which remembers the project's TypeScript with its types stripped
// (about 0.2 s and 0.3 CPU-s less at each start). Astro's process, the benchmark and the tests' CLI
// runs use this, so each runs the project as `npm run` does.

/**
 * Node's arguments before a script of the project: the guard, by its file URL (whatever the working folder; an
 * absolute path is no module specifier on Windows).
 */
export const NODE_ARGS = ['--import', new URL('../cli/node-guard.mjs', import.meta.url).href];
