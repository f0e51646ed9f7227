import { dayLabel } from '../core/calendar/format.ts';
import {
  findSessions,
  highlightPieces,
  type SearchDoc,
  type SearchManifest,
  searchWords,
} from '../core/calendar/search-tokens.ts';
import { calendarPaths, withBase } from '../core/site/paths.ts';
import { markPast } from './past.ts';

/** Results shown at a time. */
const PAGE = 15;

/** A search form, the parts of the page it fills, what it fetched and what it found. */
interface Search {
  form: HTMLFormElement;
  list: HTMLElement;
  status: HTMLElement;
  more: HTMLButtonElement;
  base: string;
  input: HTMLInputElement;
  shards: Map<string, Promise<Record<string, number[]>>>;
  docs: Map<number, Promise<SearchDoc[]>>;
  manifest: Promise<SearchManifest> | undefined;
  found: number[];
  shown: number;
  /** The query, with the words a typo was forgiven for (`gogle google`): what the results highlight. */
  marked: string;
}

/** A file of the search index, read as JSON. */
async function json<T>(s: Search, path: string): Promise<T> {
  return (await fetch(withBase(s.base, path))).json() as Promise<T>;
}

/** A result's date and time: the pages' one date style (format.ts), `Tue, Jan 7, 2014`, then the time. */
function whenCell(date: string, when: string): HTMLElement {
  const cell = document.createElement('span');
  cell.className = 'when';
  const time = cell.appendChild(document.createElement('time'));
  time.dateTime = date;
  const [year, month, day] = date.split('-').map(Number);
  time.textContent = dayLabel({ year: year!, month: month!, day: day! });
  cell.append(document.createElement('br'), when);
  return cell;
}

/** A result's title, where the script that marks the past puts its badge, as in a day of a list. */
function titleCell(s: Search, [id, , title, cancelled]: SearchDoc): HTMLElement {
  const heading = document.createElement('span');
  heading.className = 'result-title';
  const link = document.createElement('a');
  link.href = withBase(s.base, calendarPaths.session(id));
  // The words found, highlighted: each piece a text node, a found word in <mark>; no markup from the data.
  for (const piece of highlightPieces(title, s.marked)) {
    link.append(piece.hit ? Object.assign(document.createElement('mark'), { textContent: piece.text }) : piece.text);
  }
  heading.append(cancelled ? Object.assign(document.createElement('s'), { textContent: '' }) : link);
  if (cancelled) heading.firstElementChild!.append(link);
  return heading;
}

/** One result's list item: when, then what (its title, place, and the words found elsewhere than the title). */
function resultItem(s: Search, doc: SearchDoc): HTMLLIElement {
  const [, date, title, cancelled, when, place] = doc;
  const li = document.createElement('li');
  li.className = cancelled ? 'session cancelled' : 'session';
  li.dataset.sessionGroup = '';
  li.dataset.date = date;
  li.appendChild(whenCell(date, when));
  const what = li.appendChild(document.createElement('span'));
  what.className = 'what';
  what.appendChild(titleCell(s, doc));
  const where = what.appendChild(document.createElement('span'));
  where.className = 'where';
  where.textContent = place;
  const missing = searchWords(s.marked).filter((w) => !highlightPieces(title, w).some((p) => p.hit));
  if (missing.length > 0) {
    const why = what.appendChild(document.createElement('span'));
    why.className = 'why muted';
    why.textContent = `${missing.map((w) => `“${w}”`).join(', ')} in its place, audience or description`;
  }
  return li;
}

/** Adds the next page of results to the list, fetching their details; hides "More" once all show. */
async function showMore(s: Search): Promise<void> {
  const m = await s.manifest!;
  const batch = s.found.slice(s.shown, s.shown + PAGE);
  s.shown += batch.length;
  for (const n of batch) {
    const chunk = Math.floor(n / m.chunk);
    if (!s.docs.has(chunk)) s.docs.set(chunk, json(s, calendarPaths.searchDocs(chunk)));
    s.list.append(resultItem(s, (await s.docs.get(chunk)!)[n % m.chunk]!));
  }
  s.more.hidden = s.shown >= s.found.length;
}

/** What the status line says once the first results are in. */
function foundText(q: string, found: number, total: number, fixes: [string, string[]][]): string {
  return found === 0
    ? `No session in any term has “${q}”. Check the spelling, or try the employer's name alone. ` +
        'Programs are not searched: see above for their sessions.'
    : `${found}${total > found ? ` newest of ${total}` : ''} ` +
        `session${found === 1 ? '' : 's'} with “${q}”` +
        (fixes.length > 0 ? ` (${fixes.map(([from, to]) => `“${from}” as “${to.join('”, “')}”`).join('; ')})` : '') +
        ', newest first.';
}

/** Runs the query in the field: keeps it in the URL, finds its sessions, shows the first of them and says how many. */
async function run(s: Search): Promise<void> {
  const q = s.input.value.trim();
  history.replaceState(history.state, '', q ? `?q=${encodeURIComponent(q)}` : location.pathname);
  s.list.replaceChildren();
  s.more.hidden = true;
  const words = searchWords(q);
  if (words.length === 0) {
    s.status.textContent = q ? 'Type a word of two letters or more.' : '';
    return;
  }
  s.status.textContent = 'Searching…';
  s.manifest ??= json<SearchManifest>(s, calendarPaths.searchManifest);
  const hits = await findSessions(q, await s.manifest, (k) => {
    if (!s.shards.has(k)) s.shards.set(k, json(s, calendarPaths.searchShard(k)));
    return s.shards.get(k)!;
  });
  if (s.input.value.trim() !== q) return; // a newer query is running
  s.found = hits.ordinals;
  s.shown = 0;
  const fixes = Object.entries(hits.corrected);
  s.marked = [q, ...fixes.flatMap(([, to]) => to)].join(' ');
  await showMore(s);
  markPast();
  // Said once the first results are in the list, so the count and the list agree.
  s.status.textContent = foundText(q, s.found.length, hits.total, fixes);
}

/**
 * The search across every term: reads the prebuilt index (manifest, one shard per word,
 * the details of the results shown), finds the sessions that have every word (a word of
 * three letters or more also matches the words it starts), newest first, and keeps the query
 * in the URL (`?q=`).
 */
export function attachSearch(): void {
  const form = document.querySelector<HTMLFormElement>('form[data-session-search]');
  const list = document.querySelector<HTMLElement>('[data-search-results]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  const more = document.querySelector<HTMLButtonElement>('[data-search-more]');
  if (!form || !list || !status || !more) return;
  const base = form.dataset.base ?? '/';
  const input = form.querySelector<HTMLInputElement>('input[name=q]')!;
  const s: Search = {
    form,
    list,
    status,
    more,
    base,
    input,
    shards: new Map(),
    docs: new Map(),
    manifest: undefined,
    found: [],
    shown: 0,
    marked: '',
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  form.hidden = false;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void run(s);
  });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => run(s), 200);
  });
  more.addEventListener('click', () => void showMore(s).then(() => markPast()));
  const q = new URLSearchParams(location.search).get('q');
  if (q) {
    input.value = q;
    void run(s);
  }
}
