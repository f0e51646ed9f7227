// A Node.js module hook that compiles an `.astro` file as Astro's own Vite plugin does (the same
// compiler, @astrojs/compiler-rs, with the site's `compressHTML`), so that a process of Node can
// import the pages' components and render them (component-render.ts) without Vite. Registered in
// the process's own thread (module.registerHooks): no thread of hooks to start.
import { readFileSync } from 'node:fs';
import type { LoadHookSync } from 'node:module';
import { fileURLToPath } from 'node:url';
import { transform } from '@astrojs/compiler-rs';

/** The runtime the compiled components import (Astro's, with what this compiler adds). */
const RUNTIME = new URL('./component-runtime.ts', import.meta.url).href;

/** Compiles an `.astro` file into a module of TypeScript (its frontmatter), whose types Node strips as a .ts file's. */
export const loadAstro: LoadHookSync = (url, context, next) => {
  if (!url.startsWith('file:') || !url.endsWith('.astro')) return next(url, context);
  const filename = fileURLToPath(url);
  // `compact: true` is astro.config.mjs's `compressHTML: true` (test/component-render.test.ts holds them together).
  const compiled = transform(readFileSync(filename, 'utf8'), {
    compact: true,
    filename,
    internalURL: RUNTIME,
    resultScopedSlot: true,
    sourcemap: 'external',
  });
  const error = compiled.diagnostics.find((d) => d.severity === 'error');
  if (error) throw new Error(`${filename}: ${error.text}`);
  return { format: 'module-typescript', source: compiled.code, shortCircuit: true };
};
