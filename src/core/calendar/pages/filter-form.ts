import { html, type SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { calendarPaths, withBase } from '../../site/paths.ts';
import { audienceFacets, countSessions, type ProgramFacet, programFacets, realSessions } from '../calendar.ts';
import type { Session } from '../session.ts';
import { subscribeTemplate } from './feed-links.ts';

/** The program choices by faculty: every program of the catalog, with how many of `sessions` are open to it. */
function programOptions(sessions: readonly Session[]): SafeHtml {
  const counted = new Map(programFacets(sessions).map((f) => [f.slug, f]));
  const groups = sessions[0]?.openTo.catalog.groups() ?? [];
  const option = (f: Pick<ProgramFacet, 'slug' | 'label'>, n: number) =>
    html`<option value="${f.slug}">${f.label} (${n})</option>`;
  // The faculty's token once per group (the script reads it from the chosen option's group), not on each of ~150
  // options.
  return html`${groups.map(
    (g) =>
      html`<optgroup label="${g.name}" data-group="@${g.slug}">${g.programs.map((p) =>
        option({ slug: p.slug, label: p.name }, countSessions(counted.get(p.slug)?.sessions ?? [])),
      )}</optgroup>`,
  )}`;
}

/**
 * The filter form of a list of sessions: program (by faculty, with the sessions open to it
 * through its faculty), audience (one tap each: the sessions open to it, data/audiences/),
 * employer; clear, search all terms, "subscribe to exactly this", and what this device
 * remembers (with "Forget"). Hidden without JavaScript (the pre-built feeds and the full lists
 * serve then); the script (src/scripts/session-filter.ts) shows it, keeps its state in the URL
 * and on the device, keeps each count what choosing it shows, and only hides items.
 */
export function filterForm(sessions: readonly Session[], ctx: Pick<RenderContext, 'url' | 'basePath'>): SafeHtml {
  const real = realSessions(sessions);
  const audiences = audienceFacets(real);
  const choice = (value: string, label: string, n: number, checked = false) => {
    const input = html`<input type="radio" name="audience" value="${value}"${checked && ' checked'}>`;
    return html`<label class="chip">${input} <span data-count>${label} (${n})</span></label>`;
  };
  const all = html`<option value="">All programs (${countSessions(real)})</option>`;
  const choices = [
    choice('', 'All audiences', countSessions(real), true),
    audiences.map((f) => choice(f.slug, f.label, countSessions(f.sessions))),
  ];
  const clear = html`<button type="reset" data-clear hidden>Clear filters</button>`;
  const searchHref = withBase(ctx.basePath, calendarPaths.search);
  const searchAll = html`<a data-search-all href="${searchHref}">Search all terms</a>`;
  const forget = html`<button type="button" data-forget>Forget</button>`;
  const role = html`hidden role="search" aria-label="Filter sessions"`;
  const attributes = html`data-site="${ctx.url}" data-base="${ctx.basePath}" ${role}`;
  return html`<form class="filters" data-session-filter ${attributes}>
<label>Program <select name="program">${all}${programOptions(real)}</select></label>
<fieldset class="audience-choice"><legend>Audience</legend>${choices}</fieldset>
<label>Employer <input type="search" name="employer" placeholder="Search employers" autocomplete="off"></label>
<p class="filter-actions">${clear} ${searchAll}</p>
<p class="filter-status" aria-live="polite"></p>
<p class="remembered" data-remembered hidden><span data-remembered-text></span> ${forget}</p>
<div class="subscribe-slot" data-subscribe-slot hidden>${subscribeTemplate()}</div>
</form>`;
}
