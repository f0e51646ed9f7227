import { FILTER_FIELDS, type FilterState, filterQuery, filtersOf } from '../core/calendar/filter-state.ts';
import { lastSessionsLead } from '../core/calendar/pages/front-words.ts';
import { calendarPaths, feedSubscription, withBase } from '../core/site/paths.ts';
import { filterSummary } from './filter-summary.ts';
import { carryFilters, forgetFilters, rememberedFilters, rememberFilters } from './remembered.ts';
import { offerClosest } from './unknown-filter.ts';

/**
 * Fills a subscribe block (the server's template) with the feed at site-relative `path`, addressed at the site's URL
 * (SITE_URL, as the feeds page gives it).
 */
function fillSubscribe(block: HTMLElement, site: string, base: string, path: string, label: string): void {
  const href = withBase(base, path);
  const links: Record<string, string> = {
    ...feedSubscription(new URL(href, site).href, `Information sessions: ${label}`),
    download: href,
  };
  for (const el of block.querySelectorAll<HTMLElement>('[data-subscribe-link]')) {
    const value = links[el.dataset.subscribeLink!]!;
    if (el instanceof HTMLInputElement) el.value = value;
    else el.setAttribute('href', value);
  }
  for (const el of block.querySelectorAll('[data-subscribe-name]')) el.textContent = label;
}

/** Shows every "Copy address" button; a click copies the feed address beside it. */
export function attachCopyButtons(root: ParentNode = document): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const input = button.parentElement?.querySelector('input');
      if (!input) return;
      input.select();
      try {
        await navigator.clipboard.writeText(input.value);
        button.textContent = 'Copied';
      } catch {
        button.textContent = 'Press Ctrl+C to copy';
      }
      setTimeout(() => (button.textContent = 'Copy address'), 2000);
    });
  }
}

/** The program and audience a field names, read from a select or a group of radio buttons. */
function fieldValue(form: HTMLFormElement, name: string): string {
  const field = form.elements.namedItem(name) as HTMLSelectElement | HTMLInputElement | RadioNodeList | null;
  return field ? String(field.value ?? '').trim() : '';
}

/**
 * A choice's label without its count: `Computer Science (75)` → `Computer Science` (kept: the script rewrites counts).
 */
function labelOf(el: HTMLElement): string {
  let label = labels.get(el);
  if (label === undefined) labels.set(el, (label = (el.textContent ?? '').replace(/\s*\(\d+\)$/, '')));
  return label;
}

/** Each choice's label, read once (kept out of the DOM: writing an attribute per option costs a phone a restyle). */
const labels = new WeakMap<HTMLElement, string>();

/** The label of the chosen program or audience, without its count. */
function choiceLabel(form: HTMLFormElement, name: string): string {
  const value = fieldValue(form, name);
  const select = form.querySelector<HTMLSelectElement>(`select[name=${name}]`);
  if (select) return select.selectedOptions[0] ? labelOf(select.selectedOptions[0]) : '';
  const radio = [...form.querySelectorAll<HTMLInputElement>(`input[name=${name}]`)].find((r) => r.value === value);
  const count = radio?.parentElement?.querySelector<HTMLElement>('[data-count]');
  return count ? labelOf(count) : '';
}

/** A session item's filter data, read once. */
interface Item {
  el: HTMLElement;
  programs: string[];
  audiences: string[];
  employer: string;
}

/** A filter to match items against: a program with its faculty's token, an audience, employer words. */
interface Criteria {
  program: string;
  group: string;
  audience: string;
  employer: string;
}

/** Whether an item matches: one function for what the list shows and what every count says. */
function matches(item: Item, c: Criteria): boolean {
  return (
    (!c.audience || item.audiences.includes(c.audience)) &&
    (!c.program ||
      item.programs.includes(c.program) ||
      item.programs.includes(c.group) ||
      item.programs.includes('@all')) &&
    (!c.employer || item.employer.includes(c.employer))
  );
}

/**
 * The count a choice shows (`Computer Science (75)`): how many items choosing it shows, the other filters as they are.
 */
function setCount(el: HTMLElement, n: number): void {
  const text = `${labelOf(el)} (${n})`;
  // Only a count that changed is written: the page is built with the counts the script finds at start.
  if (el.textContent !== text) el.textContent = text;
}

/** A filter form, the parts of the page it drives, and the session items it filters. */
interface Filter {
  form: HTMLFormElement;
  scope: HTMLElement;
  base: string;
  site: string;
  status: HTMLElement | null;
  clear: HTMLElement | null;
  slot: HTMLElement | null;
  searchAll: HTMLAnchorElement | null;
  program: HTMLSelectElement | null;
  remembered: HTMLElement | null;
  summary: ReturnType<typeof filterSummary>;
  items: Item[];
}

/** The session items under `scope`, their filter data read once. */
function readItems(scope: ParentNode): Item[] {
  return [...scope.querySelectorAll<HTMLElement>('li.session')].map((el) => ({
    el,
    programs: (el.dataset.programs ?? '').split(' '),
    audiences: (el.dataset.audience ?? '').split(' '),
    employer: (el.querySelector('.what a')?.textContent ?? '').toLowerCase(),
  }));
}

/** The faculty token of a program's option: its group's. */
function groupOf(option: HTMLOptionElement | undefined): string {
  return (option?.parentElement as HTMLElement | null | undefined)?.dataset.group ?? '';
}

/**
 * Sets the form's fields to the `initial` choices; a choice the URL named (`fromUrl`) that the form does not know
 * offers the closest one instead, and choosing it calls `chosen`.
 */
function restoreChoices(form: HTMLFormElement, initial: FilterState, fromUrl: boolean, chosen: () => void): void {
  for (const name of FILTER_FIELDS) {
    const value = initial[name];
    if (!value) continue;
    const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | RadioNodeList | null;
    const known =
      field instanceof HTMLSelectElement
        ? [...field.options].some((o) => o.value === value)
        : field instanceof RadioNodeList
          ? [...field].some((r) => (r as HTMLInputElement).value === value)
          : true;
    if (field && known) field.value = value;
    else if (field && fromUrl)
      offerClosest(form, name, value, (closest) => {
        field.value = closest;
        chosen();
      });
  }
}

/** The criteria the form's fields name now. */
function criteriaOf(f: Filter): Criteria {
  return {
    program: f.program?.value ?? '',
    group: groupOf(f.program?.selectedOptions[0]),
    audience: fieldValue(f.form, 'audience'),
    employer: fieldValue(f.form, 'employer').toLowerCase(),
  };
}

/** Hides the items that do not match, and the days left empty; returns how many items show. */
function showMatches(f: Filter, c: Criteria): number {
  let shown = 0;
  for (const item of f.items) {
    const match = matches(item, c);
    item.el.hidden = !match;
    if (match) shown += 1;
  }
  for (const g of f.scope.querySelectorAll<HTMLElement>('[data-session-group]')) {
    g.classList.toggle('filtered-out', g.querySelectorAll('li.session:not([hidden]), li.all-day').length === 0);
  }
  return shown;
}

/** Every choice's count: what choosing it would show, the other filters kept. */
function updateCounts(f: Filter, c: Criteria): void {
  for (const option of f.program?.options ?? []) {
    setCount(option, f.items.filter((i) => matches(i, { ...c, program: option.value, group: groupOf(option) })).length);
  }
  for (const radio of f.form.querySelectorAll<HTMLInputElement>('input[name=audience]')) {
    const label = radio.parentElement?.querySelector<HTMLElement>('[data-count]');
    if (label) setCount(label, f.items.filter((i) => matches(i, { ...c, audience: radio.value })).length);
  }
}

/** Says how many sessions match, or that none does and what to try, in the status line and the folded summary. */
function sayStatus(f: Filter, active: boolean, shown: number, chosen: string): void {
  if (!f.status) return;
  f.status.textContent = !active
    ? ''
    : shown > 0
      ? `${shown} of ${f.items.length} sessions match.`
      : `No sessions here match ${chosen}. ` +
        `Clear the filters${document.querySelector('a[rel~="next"]') ? ', try the next month,' : ''} ` +
        'or search all terms.';
  f.status.classList.toggle('empty-state', active && shown === 0);
  f.summary?.say(`${chosen}: ${f.status.textContent}`);
}

/**
 * The front door's lead into the newest term's last days ("Its last sessions:"): with every one of them filtered out,
 * it says none matches what was chosen, rather than lead into an empty list.
 */
function sayLastSessionsLead(f: Filter, active: boolean, shown: number, chosen: string): void {
  const lead = f.scope.querySelector<HTMLElement>('[data-note-lead]');
  const text = lastSessionsLead(active && shown === 0 ? chosen : '');
  if (lead && lead.textContent !== text) lead.textContent = text;
}

/** Points the "Search all terms" link at a search for the employer words, if any. */
function updateSearchAll(f: Filter, c: Criteria): void {
  if (!f.searchAll) return;
  f.searchAll.href =
    withBase(f.base, calendarPaths.search) + (c.employer ? `?q=${encodeURIComponent(c.employer)}` : '');
  f.searchAll.textContent = c.employer ? `Search all terms for “${c.employer}”` : 'Search all terms';
}

/** Offers the feed of the chosen program and audience; while one is chosen, hides the page's own feed lines. */
function updateSubscribe(f: Filter, c: Criteria, who: string): void {
  if (f.slot) {
    f.slot.hidden = !(c.program || c.audience);
    const path =
      c.program && c.audience
        ? calendarPaths.programAudienceFeed(c.program, c.audience)
        : c.program
          ? calendarPaths.programFeed(c.program)
          : c.audience
            ? calendarPaths.audienceFeed(c.audience)
            : '';
    if (path) fillSubscribe(f.slot, f.site, f.base, path, who);
  }
  // While a filter is on, the page's own feed line (all sessions, the term) is not what the student sees.
  for (const line of document.querySelectorAll<HTMLElement>('.subscribe'))
    line.hidden = Boolean(c.program || c.audience);
}

/** Keeps the choices in the URL, on the device (when the student made them) and in links to listing pages. */
function keepChoices(f: Filter, c: Criteria, who: string, byStudent: boolean): void {
  const state: FilterState = { program: c.program, audience: c.audience, employer: c.employer };
  history.replaceState(history.state, '', `${location.pathname}${filterQuery(state)}${location.hash}`);
  if (byStudent) rememberFilters(f.base, state);
  const kept = rememberedFilters(f.base);
  if (f.remembered) {
    f.remembered.hidden = Object.keys(kept).length === 0;
    const text = f.remembered.querySelector('[data-remembered-text]');
    if (text) text.textContent = `This device remembers ${who || 'your choices'} for your next visit.`;
  }
  carryFilters(f.base, state);
}

/** Applies the form's choices to the page; `byStudent` when the student made them (then the device remembers). */
function apply(f: Filter, byStudent = false): void {
  // The front door's script replaces its days: read the items again when they changed.
  if (f.items.length !== f.scope.querySelectorAll('li.session').length || f.items.some((i) => !i.el.isConnected))
    f.items = readItems(f.scope);
  const c = criteriaOf(f);
  const shown = showMatches(f, c);
  updateCounts(f, c);
  const active = Boolean(c.program || c.audience || c.employer);
  const who = [c.program && choiceLabel(f.form, 'program'), c.audience && choiceLabel(f.form, 'audience')]
    .filter(Boolean)
    .join(', ');
  const chosen = [who, c.employer && `“${c.employer}”`].filter(Boolean).join(', ');
  sayStatus(f, active, shown, chosen);
  sayLastSessionsLead(f, active, shown, chosen);
  if (f.clear) f.clear.hidden = !active;
  updateSearchAll(f, c);
  updateSubscribe(f, c, who);
  keepChoices(f, c, who, byStudent);
}

/** Shows a filter form, sets its choices from the URL or the device, and reads the items it filters. */
function setUpFilter(form: HTMLFormElement, fromUrl: FilterState): Filter {
  form.hidden = false;
  const scope = form.parentElement ?? document.body;
  const base = form.dataset.base ?? '/';
  const site = form.dataset.site || location.href;
  const status = form.querySelector<HTMLElement>('.filter-status');
  const clear = form.querySelector<HTMLElement>('[data-clear]');
  const slot = form.querySelector<HTMLElement>('[data-subscribe-slot]');
  const searchAll = form.querySelector<HTMLAnchorElement>('[data-search-all]');
  const program = form.querySelector<HTMLSelectElement>('select[name=program]');
  const remembered = form.querySelector<HTMLElement>('[data-remembered]');
  const initial = Object.keys(fromUrl).length > 0 ? fromUrl : rememberedFilters(base);
  restoreChoices(form, initial, initial === fromUrl, () => apply(f, true));
  const summary = filterSummary(form);
  const f: Filter = {
    form,
    scope,
    base,
    site,
    status,
    clear,
    slot,
    searchAll,
    program,
    remembered,
    summary,
    items: [],
  };
  f.items = readItems(scope);
  return f;
}

/** Applies the form's choices whenever the student changes, resets or forgets them. */
function wireFilter(f: Filter): void {
  f.form.addEventListener('input', () => apply(f, true));
  f.form.addEventListener('reset', () => setTimeout(() => apply(f, true)));
  f.form.addEventListener('submit', (e) => e.preventDefault());
  f.form.querySelector('[data-forget]')?.addEventListener('click', () => {
    forgetFilters(f.base);
    f.form.reset();
  });
}

/**
 * Makes each session filter form work: takes its choices from the URL, or where the URL names
 * none from what this device remembers; hides sessions (and days left empty) that do not match;
 * keeps every count what choosing it shows; keeps the choices in the URL, on the device (with a
 * "Forget" button) and in every link to a listing page; offers the feed of exactly what it
 * shows; and says when nothing matches.
 */
export function attachFilters(): void {
  const fromUrl = filtersOf(location.search);
  for (const form of document.querySelectorAll<HTMLFormElement>('form[data-session-filter]')) {
    const f = setUpFilter(form, fromUrl);
    wireFilter(f);
    // With nothing chosen the page already shows what applying shows (every session, the counts it was built
    // with): applying waits for the next task, so loading blocks a phone the less.
    if (criteriaOf(f).program || criteriaOf(f).audience || criteriaOf(f).employer) apply(f);
    else setTimeout(() => apply(f), 0);
    // A filter the link or this device brought: folded to its line, the sessions first.
    const unknown = form.querySelector<HTMLElement>('[data-filter-unknown]');
    if ((f.program?.value || fieldValue(form, 'audience')) && (!unknown || unknown.hidden)) f.summary?.fold();
  }
}

/**
 * On a page without a filter form (all terms, the feeds page): links to listing pages carry the
 * filters the URL names or, where it names none, those this device remembers; the feeds page
 * opens the chosen program's feeds.
 */
export function attachFilterLinks(): void {
  if (document.querySelector('form[data-session-filter]')) return;
  // The site's base path: where the navigation's first link (the front door) points.
  const base = document.querySelector<HTMLAnchorElement>('.site-nav a')?.getAttribute('href') ?? '/';
  const fromUrl = filtersOf(location.search);
  const state = Object.keys(fromUrl).length > 0 ? fromUrl : rememberedFilters(base);
  carryFilters(base, state);
}
