import type { BuildContext } from './context.ts';

/**
 * A copy of `value` with only `keys`; reading any other of its properties throws, naming it.
 * The others are not enumerable, so JSON.stringify of the copy is exactly what may be read.
 */
function only<T extends object>(value: T, keys: readonly (keyof T)[], where: string): T {
  const out = {} as T;
  for (const k of Object.keys(value) as (keyof T)[]) {
    if (keys.includes(k)) out[k] = value[k];
    else
      Object.defineProperty(out, k, {
        enumerable: false,
        get() {
          throw new Error(
            `${where}.${String(k)} was read by an Astro page in a build. What Astro renders is cached by a hash of what it may read (src/build/page-context.ts): ` +
              `render that part with a marker the build fills (src/build/page-fills.ts), or add it to the page context.`,
          );
        },
      });
  }
  return out;
}

/**
 * What Astro's pages may read of a build's context: the directory, each published method's
 * entry and record description, and where the site is served (not the timestamp). Everything
 * made from the data records (counts, excerpts, sessions, feeds) is filled in by the build
 * (page-fills.ts). Returns the guarded view handed to Astro and its JSON, which the cache
 * key of Astro's output hashes (astro-cache.ts): the same view renders the same pages.
 */
export function pageContext(context: BuildContext): { view: BuildContext; json: string } {
  const { timestamp: _, ...address } = context.render;
  const view = only(
    {
      ...context,
      render: only(context.render, Object.keys(address) as (keyof typeof address)[], 'context.render'),
      site: only(context.site, ['directory'], 'context.site'),
      published: context.published.map((p) => only(p, ['entry', 'record'], `context.published[${p.entry.methodId}]`)),
    },
    ['render', 'site', 'published'],
    'context',
  );
  return { view, json: JSON.stringify(view) };
}
