import { html, type SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { withBase } from '../../site/paths.ts';

/** A campus building as the buildings data set knows it. */
export interface Building {
  /** `DC`. */
  code: string;
  /** `William G. Davis Computer Research Centre`. */
  name: string;
  /** Where it is (WGS 84 degrees), when the data knows. */
  lat?: number | undefined;
  lon?: number | undefined;
  /** The building's own page: a site-relative path (`buildings/dc/`) or a full URL. */
  page?: string | undefined;
}

/** Finds the building a session's location text names (`DC 1301` → DC); undefined when none does. */
export type BuildingLookup = (location: string) => Building | undefined;

/** What the calendar's pages are rendered with: where the site is served, and the buildings when the build has them. */
export type CalendarRenderContext = Pick<RenderContext, 'url' | 'basePath'> & { buildings?: BuildingLookup | undefined };

/** An OpenStreetMap link that centres a marker on the building; undefined without coordinates. */
export function mapHref(b: Building): string | undefined {
  if (b.lat === undefined || b.lon === undefined || !Number.isFinite(b.lat) || !Number.isFinite(b.lon)) return undefined;
  const lat = b.lat.toFixed(5);
  const lon = b.lon.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/** The building a location is in, named, with its map and its page when known; nothing when no building matches. */
export function buildingNote(location: string, ctx: Pick<CalendarRenderContext, 'basePath' | 'buildings'>): SafeHtml | false {
  const b = location ? ctx.buildings?.(location) : undefined;
  if (!b) return false;
  const map = mapHref(b);
  const page = b.page && (/^https?:\/\//i.test(b.page) ? b.page : withBase(ctx.basePath, b.page));
  return html`<span class="building">${page ? html`<a href="${page}">${b.name}</a>` : b.name} (${b.code})${
    map && html` · <a href="${map}">Map<span class="visually-hidden"> of ${b.name}</span> (OpenStreetMap)</a>`
  }</span>`;
}
