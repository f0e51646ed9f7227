import { describe, expect, it } from 'vitest';
import { readBuildings } from '../../src/core/buildings/building.ts';
import { buildingLookup, locationSearchText } from '../../src/core/buildings/location.ts';
import { chronological, realSessions } from '../../src/core/calendar/calendar.ts';
import { programCatalog } from '../../src/core/calendar/programs.ts';
import { highlightPieces, searchWords, withinOneEdit } from '../../src/core/calendar/search-tokens.ts';
import { readSessions, type Session } from '../../src/core/calendar/session.ts';
import { realSite } from '../helpers/real-data.ts';
import { index } from '../helpers/search-index.ts';
import { audiencesOf, sessionRows as csvRows } from '../helpers/student-oracle.ts';

/**
 * The oracle: sessions (not notes) whose employer, description, location or audience has every word of the query,
 * or a word it starts;
 * newest first.
 */
function scan(sessions: readonly Session[], q: string): string[] {
  const words = searchWords(q);
  return realSessions(sessions)
    .filter((s) => {
      const where = s.locationTbd ? '' : s.location;
      const has = searchWords(`${s.employer} ${s.description} ${where} ${s.audience} ${s.audiences.join(' ')}`);
      return words.every((w) => has.some((h) => h === w || (w.length >= 3 && h.startsWith(w))));
    })
    .map((s) => s.id)
    .reverse();
}

describe('the search index across terms, on the real data', () => {
  const site = realSite();
  const sessions = chronological(readSessions(site, programCatalog(site.programs)));
  const idx = index(sessions);

  it.each(['google', 'goo', 'software engineer', 'Mozilla', 'machine learning', 'EY', 'zzzz nothing'])(
    'finds what a scan of every session finds for %j, newest first',
    async (q) => {
      const { docs } = await idx.query(q, 1000);
      expect(docs.map((d) => d[0])).toEqual(scan(sessions, q));
    },
  );

  it('finds an employer in every term it came, with its date and a cancellation', async () => {
    const { docs } = await idx.query('google', 100);
    expect(new Set(docs.map((d) => d[1].slice(0, 4))).size).toBeGreaterThan(1);
    const jonah = (await idx.query('jonah')).docs;
    expect(jonah).toContainEqual([
      '2414',
      '2014-02-25',
      'Cancelled: The Jonah Group information session',
      1,
      '5:30 PM–7:00 PM',
      'DC 1301',
    ]);
  });

  it('leaves out the holiday, a note and not a session', async () => {
    expect((await idx.query('thanksgiving')).hits.ordinals).toEqual([]);
    expect(idx.manifest.count).toBe(sessions.length - 1);
  });
});

/** Every string one typing slip from `word` over `alphabet`: the oracle withinOneEdit is held to. */
function oneSlip(word: string, alphabet: string): Set<string> {
  const out = new Set([word]);
  for (let i = 0; i <= word.length; i++) {
    for (const c of alphabet) {
      out.add(word.slice(0, i) + c + word.slice(i)); // added
      if (i < word.length) out.add(word.slice(0, i) + c + word.slice(i + 1)); // changed
    }
    if (i < word.length) out.add(word.slice(0, i) + word.slice(i + 1)); // left out
    if (i + 1 < word.length) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2)); // swapped
  }
  return out;
}

describe('a search that forgives one typo in a word', () => {
  it('takes a word as one slip away exactly when the list of every slip has it', () => {
    const alphabet = 'abgo';
    const words = ['', 'a', 'go', 'goo', 'gogl', 'google', 'abba'];
    const all = new Set<string>(['']);
    for (let n = 0; n < 5; n++) for (const w of [...all]) for (const c of alphabet) all.add(w + c);
    for (const w of words) {
      const slips = oneSlip(w, alphabet);
      for (const other of all) expect(withinOneEdit(w, other), `${w} ~ ${other}`).toBe(slips.has(other));
    }
  });

  const site = realSite();
  const sessions = chronological(readSessions(site, programCatalog(site.programs)));
  const lookup = buildingLookup(readBuildings(site), site.places?.places);
  const idx = index(sessions, locationSearchText(lookup));
  const rows = csvRows.filter((r) => !/holiday|thanksgiving/i.test(r.employer!) || r.start_time !== r.end_time);
  const has = (text: string, word: string) => new RegExp(`\\b${word}\\b`, 'i').test(text);

  it('finds Google for "gogle", and says which word it took', async () => {
    const { hits } = await idx.query('gogle', 1000);
    expect(hits.ordinals.length).toBe(rows.filter((r) => has(`${r.employer} ${r.description}`, 'google')).length);
    expect(hits.ordinals.length).toBe(8);
    expect(hits.corrected).toEqual({ gogle: ['google'] });
    expect((await idx.query('google')).hits.corrected).toEqual({});
  });

  it('finds a room as written: "DC 1301", "DC - 1301", "DC Fish Bowl 1301", "Davis Centre 1301"', async () => {
    const { hits } = await idx.query('DC 1301', 1000);
    const inDc = (l: string) => /^(DC\b|Davis Centre)/i.test(l.trim()) && has(l, '1301');
    expect(hits.ordinals.length).toBe(rows.filter((r) => inDc(r.location!)).length);
    // 86 with "DC" and "1301" side by side, 2 "DC Fish Bowl 1301", 1 "Davis Centre 1301".
    expect(hits.ordinals.length).toBe(89);
    expect((await idx.query('DC 1305')).hits.ordinals).toEqual([]); // no typo forgiven in a room number
  });

  it('finds a building by its name and a named place by any of its names', async () => {
    const fed = rows.filter((r) => /^feds? hall/i.test(r.location!.trim())).length;
    expect((await idx.query('federation hall', 1000)).hits.ordinals.length).toBe(fed);
    const bomb = rows.filter((r) => /bomb/i.test(r.location!)).length;
    expect((await idx.query('bombshelter', 1000)).hits.ordinals.length).toBe(bomb);
  });

  it('finds an employer for an audience: "facebook co-op"', async () => {
    const { hits } = await idx.query('facebook co-op', 1000);
    const open = rows.filter(
      (r) => has(`${r.employer} ${r.description}`, 'facebook') && audiencesOf(r.audience!).includes('Co-op Students'),
    );
    // The 8 sessions Facebook held, all open to co-op students, and 3 of others whose description names Facebook.
    expect(hits.ordinals.length).toBe(open.length);
    expect(open.filter((r) => r.employer === 'Facebook')).toHaveLength(8);
  });
});

describe('highlighting the words found', () => {
  it('marks the words a query finds (accents aside, a word it starts) and keeps every other character as text', () => {
    const text = 'Café <b>Google</b> & "Googlers" information session';
    const pieces = highlightPieces(text, 'cafe googl');
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.filter((p) => p.hit).map((p) => p.text)).toEqual(['Café', 'Google', 'Googlers']);
    // A two-letter word matches only itself, as the search does.
    expect(
      highlightPieces('Go Google', 'go')
        .filter((p) => p.hit)
        .map((p) => p.text),
    ).toEqual(['Go']);
  });
});
