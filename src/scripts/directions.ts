import { directionsHref, type MapsPlatform } from '../core/buildings/directions.ts';
import type { Platform } from './platform.ts';

/** The maps app a platform opens: Windows and the rest get Google Maps. */
function mapsOf(platform: Platform): MapsPlatform {
  return platform === 'android' || platform === 'apple' ? platform : 'other';
}

/**
 * Points every directions link (`a[data-directions]`, components/buildings/Directions.astro) at the visitor's own
 * maps: a geo: URI on Android, Apple Maps on Apple's platforms; the link as built (Google Maps) elsewhere.
 */
export function attachDirections(platform: Platform, root: ParentNode = document): void {
  for (const a of root.querySelectorAll<HTMLAnchorElement>('a[data-directions]')) {
    const { label = '', lat, lon, address = '' } = a.dataset;
    const position = lat !== undefined && lon !== undefined ? { lat: Number(lat), lon: Number(lon) } : undefined;
    a.href = directionsHref(mapsOf(platform), {
      label,
      lat: position?.lat ?? null,
      lon: position?.lon ?? null,
      address,
    });
  }
}
