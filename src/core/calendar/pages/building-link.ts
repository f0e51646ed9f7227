import { type DirectionsView, directionsView } from '../../buildings/directions.ts';
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

/** The building or named place a session's place is in, as its page names it: its page, map and directions. */
export interface BuildingNote {
  name: string;
  /** The building's code; empty for a place in no building of the data (data/places/). */
  code: string;
  /** Its page on this site; undefined for a place in no building. */
  page: string | undefined;
  /** Its OpenStreetMap link; undefined without coordinates. */
  map: string | undefined;
  /** A link that opens the visitor's maps with directions to it; undefined without a position or address. */
  directions: DirectionsView | undefined;
}

/** The building a location is in, with its map and its page when known; undefined when no building matches. */
export function buildingNote(
  location: string,
  ctx: Pick<CalendarRenderContext, 'basePath' | 'buildings'>,
): BuildingNote | undefined {
  const b = location ? ctx.buildings?.(location) : undefined;
  if (!b) return undefined;
  const label = b.place && b.code && b.place !== b.name ? `${b.place}, ${b.name}` : b.name;
  return {
    name: b.name,
    code: b.code,
    page: b.page === undefined ? undefined : withBase(ctx.basePath, b.page),
    map: mapHref(b),
    directions: directionsView({ label, lat: b.lat, lon: b.lon, address: b.address ?? '' }),
  };
}
