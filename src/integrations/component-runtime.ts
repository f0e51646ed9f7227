// The runtime a component compiled by component-hooks.ts imports: Astro's, and the metadata the
// compiler declares, which only Astro's bundler reads (here nothing does).
export * from 'astro/compiler-runtime';

/** The compiler's component metadata, unused outside Astro's bundler. */
export function createMetadata(): undefined {
  return undefined;
}
