import type { BuildingLookup } from '../../buildings/location.ts';
import { html, type SafeHtml } from '../../render/html.ts';
import { withBase } from '../../site/paths.ts';
import { placeOf, type Session } from '../session.ts';

/** A session's location as its page shows it: the text, and the building its leading code names, linked to that building's page. */
export function locationHtml(s: Session, building: BuildingLookup | undefined, basePath: string): SafeHtml | string {
  const place = placeOf(s);
  const b = s.locationTbd ? undefined : building?.(s.location);
  return b ? html`${place} (<a href="${withBase(basePath, b.page)}">${b.name}</a>)` : place;
}
