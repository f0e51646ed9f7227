import type { BuildContext } from '../build/context.ts';

// The build's contexts while Astro renders, by key. Astro renders pages from a bundle it writes
// to disk and imports in this same process; the bundle imports this file unbundled (the
// integration marks it external), so it meets the same module instance the build filled.
// Plain TypeScript with a type-only import: Node loads it as it is.
const handed = new Map<string, BuildContext>();
let next = 0;

/** Holds a context for Astro's pages until `release`; returns the key they read it by. */
export function handOver(context: BuildContext): string {
  next += 1;
  const key = `build-${next}`;
  handed.set(key, context);
  return key;
}

/** The context handed over under `key`; throws when it was released or never handed over. */
export function handedContext(key: string): BuildContext {
  const context = handed.get(key);
  if (!context) throw new Error(`no build context is handed over under ${key}: the pages render only inside the build that handed it`);
  return context;
}

/** Forgets a handed-over context once Astro is done with it. */
export function release(key: string): void {
  handed.delete(key);
}
