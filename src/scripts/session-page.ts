import { markEnded } from './past.ts';
import { attachFilterLinks } from './session-filter.ts';

/**
 * A session page's script: only what its markup uses, so the build inlines a small script on
 * the site's most numerous pages. Its links to listing pages (the breadcrumbs, the navigation)
 * carry the remembered program and audience; the session is marked ended by the visitor's clock.
 */
export function attachSessionPage(): void {
  attachFilterLinks();
  markEnded();
}
