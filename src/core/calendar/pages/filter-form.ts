import { html, type SafeHtml } from '../../render/html.ts';
import { audienceFacets, programFacets } from '../calendar.ts';
import type { Session } from '../session.ts';

/**
 * The filter form of a list of sessions: audience, program (each with its count) and employer
 * search. Hidden without JavaScript (the pre-built feeds and the full lists serve then); the
 * script (src/scripts/session-filter.ts) shows it and only hides items.
 */
export function filterForm(sessions: readonly Session[]): SafeHtml {
  const selects = [
    { name: 'audience', label: 'Audience', all: 'All audiences', facets: audienceFacets(sessions) },
    { name: 'program', label: 'Program', all: 'All programs', facets: programFacets(sessions) },
  ];
  return html`<form class="filters" data-session-filter hidden role="search" aria-label="Filter sessions">${selects.map(
    (s) =>
      html`<label>${s.label} <select name="${s.name}"><option value="">${s.all}</option>${s.facets.map(
        (f) => html`<option value="${f.slug}">${f.label} (${f.sessions.length})</option>`,
      )}</select></label>`,
  )}<label>Employer <input type="search" name="employer" placeholder="Search employers" autocomplete="off"></label><p class="filter-status" aria-live="polite"></p></form>`;
}
