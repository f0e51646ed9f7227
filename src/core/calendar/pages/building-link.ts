import type { BuildingLookup, BuildingOfLocation } from '../../buildings/location.ts';
import type { RenderContext } from '../../site/address.ts';
import { withBase } from '../../site/paths.ts';

/**
 * What the calendar's pages are rendered with: where the site is served, the buildings when the
 * build has them, and the build's timestamp (what the pages say has ended without JavaScript).
 */
export type CalendarRenderContext = Pick<RenderContext, 'url' | 'basePath'> & {
  buildings?: BuildingLookup | undefined;
  timestamp?: number | undefined;
};

/** An OpenStreetMap link that centres a marker on the building; undefined without coordinates. */
export function mapHref(b: Pick<BuildingOfLocation, 'lat' | 'lon'>): string | undefined {
  if (b.lat === null || b.lon === null || !Number.isFinite(b.lat) || !Number.isFinite(b.lon)) return undefined;
  const lat = b.lat.toFixed(5);
  const lon = b.lon.toFixed(5);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/** The building a session's place is in, as its page names it: its page and its map when known. */
export interface BuildingNote {
  name: string;
  code: string;
  /** Its page on this site. */
  page: string;
  /** Its OpenStreetMap link; undefined without coordinates. */
  map: string | undefined;
}

/** The building a location is in, with its map and its page when known; undefined when no building matches. */
export function buildingNote(
  location: string,
  ctx: Pick<CalendarRenderContext, 'basePath' | 'buildings'>,
): BuildingNote | undefined {
  const b = location ? ctx.buildings?.(location) : undefined;
  if (!b) return undefined;
  return { name: b.name, code: b.code, page: withBase(ctx.basePath, b.page), map: mapHref(b) };
}
