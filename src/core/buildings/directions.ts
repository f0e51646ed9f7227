/** The platforms whose own maps app a directions link opens: Android's (a geo: URI), Apple's, any other's. */
export type MapsPlatform = 'android' | 'apple' | 'other';

/** Where directions lead: a position or a street address (at least one), and what to call it. */
export interface DirectionsTarget {
  /** What the maps app shows the place as: `Federation Hall`. */
  label: string;
  lat: number | null;
  lon: number | null;
  address: string;
}

/**
 * A directions link as a page writes it: the link without JavaScript (Google Maps, which every phone and computer
 * opens), and the target the page's script makes the visitor's own maps link from (src/scripts/directions.ts).
 */
export interface DirectionsView extends DirectionsTarget {
  href: string;
}

/** The target's destination as maps apps take it: `43.47324,-80.54864`, or the address. */
function destination(t: DirectionsTarget): string {
  return t.lat !== null && t.lon !== null ? `${t.lat},${t.lon}` : t.address;
}

/**
 * The link that opens directions in the platform's maps: a `geo:` URI on Android (its maps app, or the one the
 * visitor chose), Apple Maps on iPhone, iPad and Mac, Google Maps elsewhere.
 */
export function directionsHref(platform: MapsPlatform, t: DirectionsTarget): string {
  const to = destination(t);
  if (platform === 'android') {
    return t.lat !== null && t.lon !== null
      ? `geo:${to}?q=${to}(${encodeURIComponent(t.label)})`
      : `geo:0,0?q=${encodeURIComponent(t.address)}`;
  }
  if (platform === 'apple')
    return `https://maps.apple.com/?daddr=${encodeURIComponent(to)}&q=${encodeURIComponent(t.label)}`;
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(to)}`;
}

/** A directions link to a place with a position or an address; undefined with neither. */
export function directionsView(t: DirectionsTarget): DirectionsView | undefined {
  const placed = (t.lat !== null && t.lon !== null && Number.isFinite(t.lat) && Number.isFinite(t.lon)) || t.address;
  return placed ? { ...t, href: directionsHref('other', t) } : undefined;
}
