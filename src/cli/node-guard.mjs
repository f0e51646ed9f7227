// Stops an npm script on a Node.js older than package.json's `engines` with one line that
// says what to run, before a TypeScript entry point fails to load. Plain JavaScript, so any
// Node runs it: loaded with `node --import ./src/cli/node-guard.mjs`, or run on its own.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname ?? path.dirname(new URL(import.meta.url).pathname), '../..');
const range = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node;
const minimum = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(range);
if (!minimum) throw new Error(`package.json engines.node "${range}" is not of the form >=X.Y.Z`);

// Is this Node at least the minimum?
const current = process.versions.node.split('.').map(Number);
const [, ...wanted] = minimum.map(Number);
const atLeast =
  current[0] !== wanted[0]
    ? current[0] > wanted[0]
    : current[1] !== wanted[1]
      ? current[1] > wanted[1]
      : current[2] >= wanted[2];

if (!atLeast) {
  const nodePackage = existsSync(path.join(root, 'node_modules/node/package.json'));
  const todo = nodePackage
    ? "npm skipped the install script of the project's `node` package: run `npm rebuild node`, then run the command " +
      'again.'
    : 'run `npm install` first: it installs Node.js 22 into node_modules/ for the npm scripts, ' +
      'then run the command again.';
  console.error(
    `campus-api-static needs Node.js ${range.replace(/^>=\s*/, '')} or newer, ` +
      `not ${process.version} (${process.execPath}): ${todo}`,
  );
  process.exit(1);
}

// Node is new enough: keep V8's compiled code of the modules this process loads, from now on, in
// node_modules/.cache (Node's module compile cache; NODE_DISABLE_COMPILE_CACHE=1 turns it off). Astro's
// process, which the cold build waits for, loads Astro and Vite in about 0.15-0.2 s less (the real data's
// cold build in memory, 11 interleaved pairs: medians 2.40 -> 2.23 s). A cache that cannot be written costs
// only that.
try {
  const { enableCompileCache } = await import('node:module');
  enableCompileCache?.(path.join(root, 'node_modules/.cache/campus-api-static/compiled'));
} catch {
  // An older Node (the guard passed it): nothing is kept.
}

// Then remember the project's TypeScript with its types stripped (strip-cache.mjs).
const { registerStripCache } = await import('./strip-cache.mjs');
registerStripCache();
