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
  const json = async <T>(path: string): Promise<T> => (await fetch(withBase(base, path))).json() as Promise<T>;
  const shards = new Map<string, Promise<Record<string, number[]>>>();
  const docs = new Map<number, Promise<SearchDoc[]>>();
  let manifest: Promise<SearchManifest> | undefined;
  let found: number[] = [];
  let shown = 0;

  /** The query, with the words a typo was forgiven for (`gogle google`): what the results highlight. */
  let marked = '';
  const showMore = async () => {
    const m = await manifest!;
    const batch = found.slice(shown, shown + PAGE);
    shown += batch.length;
    for (const n of batch) {
      const chunk = Math.floor(n / m.chunk);
      if (!docs.has(chunk)) docs.set(chunk, json(calendarPaths.searchDocs(chunk)));
      const [id, date, title, cancelled, when, place] = (await docs.get(chunk)!)[n % m.chunk]!;
      const li = document.createElement('li');
      li.className = cancelled ? 'session cancelled' : 'session';
      li.dataset.sessionGroup = '';
      li.dataset.date = date;
      // The pages' one date style (format.ts): `Tue, Jan 7, 2014`, then the time.
      const whenCell = li.appendChild(document.createElement('span'));
      whenCell.className = 'when';
      const time = whenCell.appendChild(document.createElement('time'));
      time.dateTime = date;
      const [year, month, day] = date.split('-').map(Number);
      time.textContent = dayLabel({ year: year!, month: month!, day: day! });
      whenCell.append(document.createElement('br'), when);
      const what = li.appendChild(document.createElement('span'));
      what.className = 'what';
      // The title, where the script that marks the past puts its badge, as in a day of a list.
      const heading = what.appendChild(document.createElement('span'));
      heading.className = 'result-title';
      const link = document.createElement('a');
      link.href = withBase(base, calendarPaths.session(id));
      // The words found, highlighted: each piece a text node, a found word in <mark>; no markup from the data.
      for (const piece of highlightPieces(title, marked)) {
        link.append(
          piece.hit ? Object.assign(document.createElement('mark'), { textContent: piece.text }) : piece.text,
        );
      }
      heading.append(cancelled ? Object.assign(document.createElement('s'), { textContent: '' }) : link);
      if (cancelled) heading.firstElementChild!.append(link);
      const where = what.appendChild(document.createElement('span'));
      where.className = 'where';
      where.textContent = place;
      const missing = searchWords(marked).filter((w) => !highlightPieces(title, w).some((p) => p.hit));
      if (missing.length > 0) {
        const why = what.appendChild(document.createElement('span'));
        why.className = 'why muted';
        why.textContent = `${missing.map((w) => `“${w}”`).join(', ')} in its place, audience or description`;
      }
      list.append(li);
    }
    more.hidden = shown >= found.length;
  };

  const run = async () => {
    const q = input.value.trim();
    history.replaceState(history.state, '', q ? `?q=${encodeURIComponent(q)}` : location.pathname);
    list.replaceChildren();
    more.hidden = true;
    const words = searchWords(q);
    if (words.length === 0) {
      status.textContent = q ? 'Type a word of two letters or more.' : '';
      return;
    }
    status.textContent = 'Searching…';
    manifest ??= json<SearchManifest>(calendarPaths.searchManifest);
    const hits = await findSessions(q, await manifest, (k) => {
      if (!shards.has(k)) shards.set(k, json(calendarPaths.searchShard(k)));
      return shards.get(k)!;
    });
    if (input.value.trim() !== q) return; // a newer query is running
    found = hits.ordinals;
    shown = 0;
    const fixes = Object.entries(hits.corrected);
    marked = [q, ...fixes.flatMap(([, to]) => to)].join(' ');
    await showMore();
    markPast();
    // Said once the first results are in the list, so the count and the list agree.
    status.textContent =
      found.length === 0
        ? `No session in any term has “${q}”. Check the spelling, or try the employer's name alone.`
        : `${found.length}${hits.total > found.length ? ` newest of ${hits.total}` : ''} ` +
          `session${found.length === 1 ? '' : 's'} with “${q}”` +
          (fixes.length > 0 ? ` (${fixes.map(([from, to]) => `“${from}” as “${to.join('”, “')}”`).join('; ')})` : '') +
          ', newest first.';
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  form.hidden = false;
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void run();
  });
  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(run, 200);
  });
  more.addEventListener('click', () => void showMore().then(() => markPast()));
  const q = new URLSearchParams(location.search).get('q');
  if (q) {
    input.value = q;
    void run();
  }
}
