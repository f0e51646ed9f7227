import { FILTER_FIELDS, type FilterState, filterQuery, filtersOf } from '../core/calendar/filter-state.ts';
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
  return (el.dataset.label ??= (el.textContent ?? '').replace(/\s*\(\d+\)$/, ''));
}

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
  el.textContent = `${labelOf(el)} (${n})`;
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
      else if (field && initial === fromUrl)
        offerClosest(form, name, value, (closest) => {
          field.value = closest;
          apply(true);
        });
    }
    const summary = filterSummary(form);
    const read = (): Item[] =>
      [...scope.querySelectorAll<HTMLElement>('li.session')].map((el) => ({
        el,
        programs: (el.dataset.programs ?? '').split(' '),
        audiences: (el.dataset.audience ?? '').split(' '),
        employer: (el.querySelector('.what a')?.textContent ?? '').toLowerCase(),
      }));
    let items = read();
    const groupOf = (option: HTMLOptionElement | undefined) =>
      (option?.parentElement as HTMLElement | null | undefined)?.dataset.group ?? '';
    const apply = (byStudent = false) => {
      // The front door's script replaces its days: read the items again when they changed.
      if (items.length !== scope.querySelectorAll('li.session').length || items.some((i) => !i.el.isConnected))
        items = read();
      const c: Criteria = {
        program: program?.value ?? '',
        group: groupOf(program?.selectedOptions[0]),
        audience: fieldValue(form, 'audience'),
        employer: fieldValue(form, 'employer').toLowerCase(),
      };
      let shown = 0;
      for (const item of items) {
        const match = matches(item, c);
        item.el.hidden = !match;
        if (match) shown += 1;
      }
      for (const g of scope.querySelectorAll<HTMLElement>('[data-session-group]')) {
        g.classList.toggle('filtered-out', g.querySelectorAll('li.session:not([hidden]), li.all-day').length === 0);
      }
      // Every choice's count: what choosing it would show, the other filters kept.
      for (const option of program?.options ?? []) {
        setCount(
          option,
          items.filter((i) => matches(i, { ...c, program: option.value, group: groupOf(option) })).length,
        );
      }
      for (const radio of form.querySelectorAll<HTMLInputElement>('input[name=audience]')) {
        const label = radio.parentElement?.querySelector<HTMLElement>('[data-count]');
        if (label) setCount(label, items.filter((i) => matches(i, { ...c, audience: radio.value })).length);
      }
      const active = Boolean(c.program || c.audience || c.employer);
      const who = [c.program && choiceLabel(form, 'program'), c.audience && choiceLabel(form, 'audience')]
        .filter(Boolean)
        .join(', ');
      const chosen = [who, c.employer && `“${c.employer}”`].filter(Boolean).join(', ');
      if (status) {
        status.textContent = !active
          ? ''
          : shown > 0
            ? `${shown} of ${items.length} sessions match.`
            : `No sessions here match ${chosen}. ` +
              `Clear the filters${document.querySelector('a[rel~="next"]') ? ', try the next month,' : ''} ` +
              'or search all terms.';
        status.classList.toggle('empty-state', active && shown === 0);
        summary?.say(`${chosen}: ${status.textContent}`);
      }
      if (clear) clear.hidden = !active;
      if (searchAll) {
        searchAll.href =
          withBase(base, calendarPaths.search) + (c.employer ? `?q=${encodeURIComponent(c.employer)}` : '');
        searchAll.textContent = c.employer ? `Search all terms for “${c.employer}”` : 'Search all terms';
      }
      if (slot) {
        slot.hidden = !(c.program || c.audience);
        const path =
          c.program && c.audience
            ? calendarPaths.programAudienceFeed(c.program, c.audience)
            : c.program
              ? calendarPaths.programFeed(c.program)
              : c.audience
                ? calendarPaths.audienceFeed(c.audience)
                : '';
        if (path) fillSubscribe(slot, site, base, path, who);
      }
      // While a filter is on, the page's own feed line (all sessions, the term) is not what the student sees.
      for (const line of document.querySelectorAll<HTMLElement>('.subscribe'))
        line.hidden = Boolean(c.program || c.audience);
      const state: FilterState = { program: c.program, audience: c.audience, employer: c.employer };
      history.replaceState(history.state, '', `${location.pathname}${filterQuery(state)}${location.hash}`);
      if (byStudent) rememberFilters(base, state);
      const kept = rememberedFilters(base);
      if (remembered) {
        remembered.hidden = Object.keys(kept).length === 0;
        const text = remembered.querySelector('[data-remembered-text]');
        if (text) text.textContent = `This device remembers ${who || 'your choices'} for your next visit.`;
      }
      carryFilters(base, state);
    };
    form.addEventListener('input', () => apply(true));
    form.addEventListener('reset', () => setTimeout(() => apply(true)));
    form.addEventListener('submit', (e) => e.preventDefault());
    form.querySelector('[data-forget]')?.addEventListener('click', () => {
      forgetFilters(base);
      form.reset();
    });
    apply();
    // A filter the link or this device brought: folded to its line, the sessions first.
    const unknown = form.querySelector<HTMLElement>('[data-filter-unknown]');
    if ((program?.value || fieldValue(form, 'audience')) && (!unknown || unknown.hidden)) summary?.fold();
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
