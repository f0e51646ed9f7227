import { attachDirections } from './directions.ts';
import { markEnded } from './past.ts';
import { platformOf } from './platform.ts';
import { attachFilterLinks } from './session-filter.ts';

/**
 * A session page's script: only what its markup uses, so the build inlines a small script on
 * the site's most numerous pages. Its links to listing pages (the breadcrumbs, the navigation)
 * carry the remembered program and audience; its directions link opens the visitor's maps app; the session is
 * marked ended by the visitor's clock.
 */
export function attachSessionPage(): void {
  attachFilterLinks();
  attachDirections(platformOf(navigator.userAgent));
  markEnded();
}
