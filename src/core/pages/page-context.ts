import type { Building } from '../buildings/building.ts';
import type { MethodEntry, PublishedMethod } from '../records/method-entry.ts';
import type { RecordSpec } from '../records/record-spec.ts';
import type { SiteData } from '../records/site-data.ts';
import { type MethodLinks, type MethodStatus, methodLinks, methodStatus } from '../render/catalogue.ts';
import type { RenderContext, SiteAddress } from '../site/address.ts';

/**
 * A method with output, as Astro's pages show it: what it publishes, its links and its record's description (its
 * records only on its own page, which the build fills into a shell).
 */
export interface PageMethod {
  methodId: number;
  status: MethodStatus;
  links: MethodLinks;
  shape: PublishedMethod['shape'];
  record?: RecordSpec;
  noData?: string;
  live: boolean;
}

/**
 * Everything Astro's pages may read in a build, and nothing else: where the site is served
 * (not the build's timestamp), the method directory, what each method publishes, and the
 * buildings. What the pages show of the sessions and of the methods' records is rendered by
 * the build from the same components (into shells and holes), so a change to those never
 * reaches Astro. The build hashes this object's JSON to tell whether Astro's output can be reused.
 */
export interface PageContext {
  address: SiteAddress;
  directory: MethodEntry[];
  methods: PageMethod[];
  buildings: Building[];
}

/** What the page context is made from: a build's context has it all. */
export interface PageContextSource {
  render: RenderContext;
  site: Pick<SiteData, 'directory'>;
  published: readonly PublishedMethod[];
  buildings: readonly Building[];
}

/** The page context of a build (plain data: its JSON is what the pages get). */
export function pageContext(source: PageContextSource): PageContext {
  const { url, basePath, apiBase } = source.render;
  const address = { url, basePath, apiBase };
  return {
    address,
    directory: [...source.site.directory],
    methods: source.published.map((p) => ({
      methodId: p.entry.methodId,
      status: methodStatus(p),
      links: methodLinks(p.entry, address, p),
      shape: p.shape,
      ...(p.record ? { record: p.record } : {}),
      ...(p.noData !== undefined ? { noData: p.noData } : {}),
      live: p.live,
    })),
    buildings: [...source.buildings],
  };
}

/** The page method with this ID, or undefined when it publishes nothing. */
export function pageMethod(pages: Pick<PageContext, 'methods'>, methodId: number): PageMethod | undefined {
  return pages.methods.find((m) => m.methodId === methodId);
}
