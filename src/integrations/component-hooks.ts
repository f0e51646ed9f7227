// Node.js module hooks that compile an `.astro` file as Astro's own Vite plugin does (the same
// compiler, @astrojs/compiler-rs, with the site's `compressHTML`), so that a process of Node can
// import the pages' components and render them (component-render.ts) without Vite.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transform } from '@astrojs/compiler-rs';

/** The runtime the compiled components import (Astro's, with what this compiler adds). */
const RUNTIME = new URL('./component-runtime.ts', import.meta.url).href;

/** What a load hook is given and gives back (the part of Node's types these hooks use). */
type LoadResult = { format: string; source: string; shortCircuit?: boolean };
type NextLoad = (url: string, context: unknown) => Promise<LoadResult> | LoadResult;

/** Compiles an `.astro` file into a module of JavaScript; leaves every other module to Node. */
export async function load(url: string, context: unknown, next: NextLoad): Promise<LoadResult> {
  if (!url.startsWith('file:') || !url.endsWith('.astro')) return next(url, context);
  const filename = fileURLToPath(url);
  // `compact: true` is astro.config.mjs's `compressHTML: true` (test/component-render.test.ts holds them together).
  const compiled = transform(await readFile(filename, 'utf8'), {
    compact: true,
    filename,
    internalURL: RUNTIME,
    resultScopedSlot: true,
    sourcemap: 'external',
  });
  const error = compiled.diagnostics.find((d) => d.severity === 'error');
  if (error) throw new Error(`${filename}: ${error.text}`);
  // TypeScript (a component's frontmatter), whose types Node strips as it does a .ts file's.
  return { format: 'module-typescript', source: compiled.code, shortCircuit: true };
}
