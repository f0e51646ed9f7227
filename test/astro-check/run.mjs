// Runs `astro check` (@astrojs/check) on the project with the TypeScript 6 of this folder. Its
// language server and @volar/kit need TypeScript's JavaScript API, which the project's own
// TypeScript 7 (native) lacks; they are hoisted beside it, so every `typescript` they require
// is resolved here to this folder's copy.
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const typescript = pathToFileURL(require.resolve('typescript')).href;
registerHooks({
  resolve: (specifier, context, next) =>
    specifier === 'typescript' ? { url: typescript, shortCircuit: true } : next(specifier, context),
});

const { check } = await import('@astrojs/check');
const root = path.resolve(import.meta.dirname, '../..');
console.info(`astro check: diagnostics for the Astro files in ${root}`);
const failed = await check({ root, tsconfig: path.join(import.meta.dirname, 'tsconfig.json') });
process.exit(failed === true ? 1 : 0);
