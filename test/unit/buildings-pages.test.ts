// The buildings for people: the building a session's location names (a table over every location
// the real sessions use), the list's groups, the map link, and the session page's link.

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { type Building, readBuildings } from '../../src/core/buildings/building.ts';
import { buildingLookup, buildingOf } from '../../src/core/buildings/location.ts';
import { buildingGroups, mapUrl, parentOf, positionText } from '../../src/core/buildings/pages.ts';
import { readSessions } from '../../src/core/calendar/session.ts';
import { buildingPages } from '../../src/core/pages/building-page.ts';
import { buildingPageBody } from '../../src/integrations/page-components.ts';
import { ROOT } from '../helpers/build.ts';
import { realSite } from '../helpers/real-data.ts';
import { renderedSessionPage } from '../helpers/session-page.ts';

/** A session page's body as its component renders it. */
const sessionBody = (await renderedSessionPage()).body;

const site = realSite();
const buildings = readBuildings(site);
const byCode = (code: string) => buildings.find((b) => b.code === code)!;

/** Every location the real sessions name, and the building code it starts with (undefined: none). */
const LOCATIONS: [string, string | undefined][] = [
  ['DC 1301', 'DC'],
  ['DC - 1301', 'DC'],
  ['DC- 1301', 'DC'],
  ['DC 1302', 'DC'],
  ['DC - 1302', 'DC'],
  ['DC 1304', 'DC'],
  ['DC 1301 Fish Bowl', 'DC'],
  ['DC Fish Bowl', 'DC'],
  ['DC Fish Bowl 1301', 'DC'],
  ['TC 2218', 'TC'],
  ['TC 2218A/B', 'TC'],
  ['TC2218', 'TC'],
  ['TC Atirum', 'TC'],
  ['SCH - Laurel Room', 'SCH'],
  ['SCH Laurel Room', 'SCH'],
  ['SCH-Laurel Room', 'SCH'],
  ['SCH - Festival Room', 'SCH'],
  ['SCH Festival Room', 'SCH'],
  ['SCH- Festival Room', 'SCH'],
  ['SCH - Festival', 'SCH'],
  ['QNC Lower Atrium', 'QNC'],
  ['QNC - Lower Atrium', 'QNC'],
  ['QNC Seminar Room', 'QNC'],
  ['QNC - Seminar Room (0101)', 'QNC'],
  ['SLC Bomber', 'SLC'],
  ['SLC Bombshelter', 'SLC'],
  ['SLC Bombshelter Pub', 'SLC'],
  ['SLC Bomb Shelter', 'SLC'],
  ['SLC - Multipupose Room', 'SLC'],
  ['SLC- Multipurpose Room', 'SLC'],
  ['UC - Burgundy Room', 'UC'],
  ['UC- Main Dining', 'UC'],
  ['M3 3103', 'M3'],
  ['AL 208', 'AL'],
  // A name or another name of a building at the start, case aside.
  ['Davis Centre 1301', 'DC'],
  ['Tatham Centre - 2218', 'TC'],
  ['South Campus Hall - Laurel Room', 'SCH'],
  ['University Club - Main Dining Room', 'UC'],
  ['Engineering 5 - Room 3102 (LiveLink)', 'E5'],
  // A code or a name after a separator, or a code as the last word.
  ['Sedra Student Design Centre, E5-1001', 'E5'],
  ['Festival Room - SCH', 'SCH'],
  ['Festival Room - South Campus Hall', 'SCH'],
  ['Laurel Room - SCH', 'SCH'],
  ['Bombshelter SLC', 'SLC'],
  ['Bomb shelter SLC', 'SLC'],
  // Rooms without their building, names no building of the data has, places off campus, placeholders.
  ['Quantum Building - lower atrium', undefined],
  ['Bombshelter', undefined],
  ['Bombshelter Pub', undefined],
  ['Bombershelter', undefined],
  ['Fed Hall - Main Space', undefined],
  ['Fed Hall- Main Space', undefined],
  ['Fed Hall - Meeting Room 1', undefined],
  ['Fed Hall - Multi Purpose Room A', undefined],
  ['Fed Hall- Multi Purpose Room A', undefined],
  ['Fed Hall - Multipurpose Room A', undefined],
  ['Fed Hall- Multi Purpose Room A & B', undefined],
  ['Fed Hall - Room 2 & 3', undefined],
  ['Feds Hall- Multipurpose Room A', undefined],
  ['Festival Room', undefined],
  ['Laurel Room', undefined],
  ['Laruel Room', undefined],
  ['RIM Park', undefined],
  ['Waterloo Inn', undefined],
  ['TBD', undefined],
  ['TBD*', undefined],
  ['', undefined],
];

describe('buildingOf: the building a location names', () => {
  it('has a row for every location the real sessions name', () => {
    const real = new Set<string>();
    for (const f of readdirSync(path.join(ROOT, 'data/infosessions'))) {
      for (const r of Papa.parse<{ location: string }>(readFileSync(path.join(ROOT, 'data/infosessions', f), 'utf8'), {
        header: true,
        skipEmptyLines: true,
      }).data)
        real.add(r.location);
    }
    expect(new Set(LOCATIONS.map(([l]) => l))).toEqual(real);
  });

  it.each(LOCATIONS)('%j → %s', (location, code) => {
    expect(buildingOf(location, buildings)?.code).toBe(code);
  });

  it.each([
    ['MC 2017/2018', 'MC'], // the brief's example
    ['STJ-SW 2001', 'STJ-SW'], // the longest code first
    ['STJ 2001', 'STJ'],
    ['E5-1001', 'E5'],
    ['E51001', undefined], // a code ending in a digit needs a separator before the room
    ['dc 1301', undefined], // codes are matched case for case
    ['  DC 1301', 'DC'],
    ['davis centre', 'DC'], // names are matched case aside
    ['Davis Centres', undefined], // as whole words
    ['Institute for Quantum Computing', undefined], // a name three buildings share names none
    ['Room 2 - Davis Centre', 'DC'],
    ['Room A', undefined], // a last word that is no code
    // Later in the text, two-letter codes need a room and names must stand whole.
    ['Washington, DC', undefined],
    ['Calgary, AB', undefined],
    ['Atlanta GA', undefined],
    ['Online - 12:00 PT', undefined],
    ['Online, Physics Dept. webinar', undefined],
    ['Zoom - Velocity team call', undefined],
    ['Hotel Lobby, TC Energy tower', undefined],
    ['Career Fair, DC 1301', 'DC'],
    ['Career Fair - Physics', 'PHY'],
  ])('%j → %s', (location, code) => {
    expect(buildingOf(location, buildings)?.code).toBe(code);
  });

  it('gives session pages the building with its name, position and page', () => {
    expect(buildingLookup(buildings)('DC 1301')).toEqual({
      code: 'DC',
      name: 'William G. Davis Computer Research Centre',
      lat: 43.472761,
      lon: -80.542164,
      page: 'buildings/DC/',
    });
    expect(buildingLookup(buildings)('ART 101')).toMatchObject({ code: 'ART', lat: null, lon: null });
    expect(buildingLookup(buildings)('Laurel Room')).toBeUndefined();
  });
});

describe('a session page links its location to its building', () => {
  const sessions = readSessions(site);
  const at = sessions.find((s) => s.location === 'DC 1301')!;

  const ctx = (basePath: string, list = buildings) => ({
    url: `https://example.org${basePath}`,
    basePath,
    buildings: buildingLookup(list),
  });

  it('names the building after the location as written, linked to its page', () => {
    const body = sessionBody(at, ctx('/base/'));
    expect(body).toContain(
      '<span class="where">DC 1301 · <span class="building">' +
        '<a href="/base/buildings/DC/">William G. Davis Computer Research Centre</a> (DC)',
    );
    expect(sessionBody(at, { url: 'https://example.org/base/', basePath: '/base/' })).not.toContain('class="building"');
  });

  it('escapes the building name and links nothing for a location to be announced', () => {
    const hostile: Building = { ...byCode('DC'), name: '<b>Davis</b> & co' };
    expect(sessionBody(at, ctx('/', [hostile]))).toContain(
      '<a href="/buildings/DC/">&lt;b&gt;Davis&lt;/b&gt; &amp; co</a> (DC)',
    );
    const tbd = sessions.find((s) => s.locationTbd)!;
    expect(sessionBody({ ...tbd, location: 'DC 1301 TBD' }, ctx('/'))).not.toContain('buildings/DC/');
  });
});

describe('the building pages', () => {
  it('list every building once, by the first letter of its code', () => {
    const groups = buildingGroups(buildings);
    expect(groups.flatMap((g) => g.buildings.map((b) => b.code)).sort()).toEqual(buildings.map((b) => b.code).sort());
    expect(groups[0]).toMatchObject({ label: 'A', id: 'letter-a' });
    expect(groups.map((g) => g.label).join('')).toMatch(/^[A-Z]+$/);
    expect(buildingGroups([{ ...byCode('DC'), code: '4B' }, byCode('MC')]).map((g) => g.label)).toEqual(['M', '0–9']);
  });

  it('give the position and a plain OpenStreetMap link', () => {
    const dc = byCode('DC');
    expect(positionText(dc.position!)).toBe('43.472761° N, 80.542164° W');
    expect(mapUrl(dc.position!)).toBe(
      'https://www.openstreetmap.org/?mlat=43.472761&mlon=-80.542164#map=18/43.472761/-80.542164',
    );
    expect(positionText(byCode('AAR').position!)).toBe('41.889615° N, 12.470925° E');
  });

  it('name the parts, linking a part that is a building of its own, and the building a part belongs to', () => {
    expect(byCode('V1').parts.slice(0, 2)).toEqual([
      { name: 'Student Village 1 Central Complex', position: { lat: 43.4716, lon: -80.54996 }, code: 'V1C' },
      { name: 'Student Village 1 House East 1', position: { lat: 43.471745, lon: -80.549317 }, code: 'VE1' },
    ]);
    expect(byCode('REN').parts.map((p) => p.code)).toEqual(['REN-OB', undefined, undefined, undefined, undefined]);
    expect(parentOf(byCode('VE1'), buildings)?.code).toBe('V1');
    expect(parentOf(byCode('V1'), buildings)).toBeUndefined();
    expect(byCode('ART').position).toBeNull();
  });
});

describe("a building's page in an archive", () => {
  // Built in 2023, years after the data's newest session. A student reaches PAC from an exam's rooms: no session of
  // the data was held there (its locations name none), and the page offers nothing to subscribe to.
  const sessions = readSessions(site);
  const lookup = buildingLookup(buildings);
  const render = { basePath: '/', timestamp: Date.parse('2023-11-14T12:00:00Z') / 1000 };
  const pages = [...buildingPages(buildings, sessions, lookup, site.directory, render)];
  const body = async (code: string) => (await buildingPageBody())(pages.find((p) => p.code === code)!.view);
  const heldAt = (code: string) => sessions.filter((s) => /^[A-Z]+/.exec(s.location.trim())?.[0] === code).length;

  it('says nothing of an archive where no session was held', async () => {
    expect(heldAt('PAC')).toBe(0);
    const pac = await body('PAC');
    expect(pac).toContain('No information session of the data was held here.');
    expect(pac).not.toContain('data-archive-notice');
  });

  it('says, where sessions were held, that none here is coming up, offering no subscription', async () => {
    expect(heldAt('DC')).toBeGreaterThan(50);
    const notice = /<p class="notice archive-notice"[^>]*>(.*?)<\/p>/s
      .exec(await body('DC'))?.[1]
      ?.replace(/\s+/g, ' ');
    expect(notice).toBe(
      "<strong>An archive:</strong> the data's sessions end on Tue, Mar 17, 2015, the newest one published, so none " +
        'held here is coming up until new sessions are published.',
    );
  });
});
