import { html, type SafeHtml } from '../../render/html.ts';
import type { RenderContext } from '../../site/address.ts';
import { countSessions } from '../calendar.ts';
import type { Feed, SubscriptionFeeds } from '../feeds.ts';
import { findText, programAnchor } from '../finder.ts';
import { subscribeBlock } from './feed-links.ts';

/**
 * One feed as a line that opens to its subscribe block (its count kept with the name's last word); `find` is the text
 * the finder matches (findText).
 */
function feedItem(
  feed: Feed,
  label: string,
  find: string,
  ctx: Pick<RenderContext, 'url' | 'basePath'>,
  id?: string,
): SafeHtml {
  const summary = html`<summary><span>${label}\u00a0<span class="muted">(${countSessions(
    feed.sessions,
  )})</span></span></summary>`;
  const block = subscribeBlock({ path: feed.path, name: feed.name, label }, ctx);
  return html`<li${id && html` id="${id}"`} data-feed-item data-find="${find}"><details class="feed">${summary}${
    block
  }</details></li>`;
}

export { programAnchor } from '../finder.ts';

/** The window of the windowed feeds, in words. */
function windowNote(feeds: SubscriptionFeeds): SafeHtml | false {
  const w = feeds.window;
  if (w.length === 0) return false;
  const span = w.length === 1 ? w[0]!.label : `${w.at(-1)!.label} to ${w[0]!.label}`;
  const terms = w.length === 1 ? 'term' : `${w.length} terms`;
  return html`<p>${[
    html`The feeds of all sessions, by faculty, program and audience hold sessions of ${terms} (${span}). `,
    html`${feeds.windowWords} The numbers are the sessions each feed holds.`,
  ]}</p>`;
}

/**
 * The feeds page: a finder (type part of a program's name; it shows with JavaScript), jump links
 * to each faculty, then every feed grouped by faculty, audience and term, each opening to its
 * subscribe block. A program's feed holds the sessions open to it through its faculty too.
 */
export function feedsPageBody(feeds: SubscriptionFeeds, ctx: Pick<RenderContext, 'url' | 'basePath'>): SafeHtml {
  const anchor = (slug: string) => `faculty-${slug}`;
  const lead = html`<p class="lead">${[
    html`Subscribe in Google Calendar, Apple Calendar or Outlook: your calendar fetches the feed again `,
    html`and shows changes and cancellations. Find your program, open it, and pick your calendar.`,
  ]}</p>`;
  const finder = html`<form class="feed-finder" data-feed-finder hidden role="search" aria-label="Find a feed">${[
    html`<label>Find your program `,
    html`<input type="search" name="find" placeholder="e.g. Computer Science, CS, comp sci" autocomplete="off">`,
    html`</label><p class="filter-status" data-feed-finder-status aria-live="polite"></p></form>`,
  ]}`;
  const jumps = html`<nav class="jump-links" aria-label="Feeds by group"><ul>${feeds.faculties.map(
    (f) => html`<li><a href="#${anchor(f.group.slug)}">${f.group.name}</a></li>`,
  )}<li><a href="#by-audience">By audience</a></li><li><a href="#by-term">By term</a></li></ul></nav>`;
  const all = html`<ul class="feed-list">${[
    feedItem(feeds.all, 'All sessions', findText(['all sessions everything']), ctx),
    feedItem(feeds.everyProgram, 'Sessions open to every program', findText(['every program all']), ctx),
  ]}</ul>`;
  const faculties = feeds.faculties.map((f) => {
    const any = feedItem(
      f,
      `Any program of ${f.group.fullName}`,
      findText([f.group.name, f.group.fullName], f.group.abbreviations),
      ctx,
    );
    const programs = f.programs.map((p) =>
      feedItem(
        p,
        p.program.name,
        findText([p.program.name, f.group.name, ...p.program.labels], p.program.abbreviations),
        ctx,
        programAnchor(p.program.slug),
      ),
    );
    const open = html`<section id="${anchor(f.group.slug)}" data-feed-section><h2>${f.group.name}</h2>`;
    return html`${open}<ul class="feed-list">${[any, programs]}</ul></section>`;
  });
  const byAudience = html`<section id="by-audience" data-feed-section><h2>By audience</h2>`;
  const audiences = html`${byAudience}<ul class="feed-list">${feeds.audiences.map((a) =>
    feedItem(a, a.label, findText([a.label, 'audience']), ctx),
  )}</ul></section>`;
  const terms = html`<section id="by-term" data-feed-section><h2>By term</h2><ul class="feed-list">${feeds.terms.map(
    (t) => feedItem(t, t.name.replace(/^Information sessions, /, ''), findText([t.name]), ctx),
  )}</ul></section>`;
  const earlier = html`<p class="muted">${[
    html`Addresses of earlier feeds keep working: a program feed named for a label as the data wrote it `,
    html`(<code>programs/math-computer-science.ics</code>, <code>programs/all-math-faculty.ics</code>) `,
    html`holds the same as the program's or faculty's feed it now means; `,
    html`an audience's feed holds every session open to that audience, and an audience label's feed `,
    html`(<code>audiences/co-op-and-graduating-students.ics</code>) the sessions open to every audience it names.`,
  ]}</p>`;
  return html`<h1>Calendar feeds</h1>${lead}${finder}${jumps}${all}${faculties}${audiences}${terms}${windowNote(
    feeds,
  )}${earlier}`;
}
