// How the project's own Node processes are started: as its npm scripts start them (package.json),
// with src/cli/node-guard.mjs imported first. The guard stops an old Node with one line, then
// loads src/cli/strip-cache.mjs, which remembers the project's TypeScript with its types stripped
// (about 0.2 s and 0.3 CPU-s less at each start). Astro's process, the benchmark and the tests'
// CLI runs use this, so each runs the project as `npm run` does.
import { fileURLToPath } from 'node:url';

/** Node's options before a script of the project: the guard, by an absolute path (any working folder). */
export const NODE_OPTIONS = ['--import', fileURLToPath(new URL('../cli/node-guard.mjs', import.meta.url))];
