import type { BuildContext } from './context.ts';

/** Keys that libraries probe on any object (promises, JSON, test matchers): answered, never refused. */
const PROBED = new Set(['then', 'toJSON', 'constructor', '__esModule', '$$typeof', 'asymmetricMatch', 'nodeType']);

/** An object whose missing properties throw, naming them: what the pages may not read of the context. */
function guard<T extends object>(value: T, where: string): T {
  return new Proxy(value, {
    get(target, key, receiver) {
      if (typeof key === 'symbol' || key in target || PROBED.has(key)) return Reflect.get(target, key, receiver);
      throw new Error(
        `${where}.${key} was read by an Astro page in a build. What Astro renders is cached by a hash of what it may read (src/build/page-context.ts): ` +
          `render that part with a marker the build fills (src/build/page-fills.ts), or add it to the page context.`,
      );
    },
  });
}

/**
 * What Astro's pages may read of a build's context, as JSON: the directory, each published
 * method's entry and record description, and where the site is served (not the timestamp).
 * Everything made from the data records (counts, excerpts, sessions, feeds) is filled in by
 * the build (page-fills.ts). The cache key of Astro's output hashes this text
 * (astro-cache.ts): the same page context renders the same pages.
 */
export function pageContextJson(context: BuildContext): string {
  const { timestamp: _, ...address } = context.render;
  return JSON.stringify({
    render: address,
    site: { directory: context.site.directory },
    published: context.published.map((p) => ({ entry: p.entry, record: p.record })),
  });
}

/** The context Astro's pages get in a build: the page context, where reading anything else throws, naming it. */
export function pageContextView(json: string): BuildContext {
  const plain = JSON.parse(json) as BuildContext;
  return guard(
    {
      ...plain,
      render: guard(plain.render, 'context.render'),
      site: guard(plain.site, 'context.site'),
      published: plain.published.map((p) => guard(p, `context.published[${p.entry.methodId}]`)),
    },
    'context',
  );
}
