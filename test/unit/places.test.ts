// Places as data (data/places/places.csv): every location the real sessions write maps to a building or a named
// place, counted from the CSVs with papaparse; an unmapped one is a check warning at its cell; directions open the
// platform's own maps.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { readBuildings } from '../../src/core/buildings/building.ts';
import { directionsHref } from '../../src/core/buildings/directions.ts';
import { buildingLookup } from '../../src/core/buildings/location.ts';
import { readDataFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { sortFindings } from '../../src/core/read/findings.ts';
import { ROOT } from '../helpers/build.ts';
import { realDataReport, realSite } from '../helpers/real-data.ts';
import { sessionRows } from '../helpers/student-oracle.ts';

const HEADER = 'id,employer,date,start_time,end_time,location,website,audience,programs,description';
const BUILDINGS = readFileSync(path.join(ROOT, 'data/buildings/Buildings.csv'));
const PLACES = readFileSync(path.join(ROOT, 'data/places/places.csv'), 'utf8');

/** Reads an in-memory data folder: the real buildings, a place list, and one session per location. */
function check(places: string, locations: string[], buildings: Uint8Array = BUILDINGS) {
  const rows = locations.map((l, i) => `${i + 1},A,"January 7, 2014",11:30 AM,1:30 PM,"${l}",,Students,x,`);
  const files = [
    { rel: 'buildings/Buildings.csv', bytes: buildings },
    { rel: 'places/places.csv', bytes: Buffer.from(places) },
    { rel: 'infosessions/1141.csv', bytes: Buffer.from(`${HEADER}\n${rows.join('\n')}\n`) },
  ];
  return readDataFiles(files, (r) => `data/${r}`, DATASETS).findings.list;
}

describe('the place list (data/places/)', () => {
  const site = realSite();
  const lookup = buildingLookup(readBuildings(site), site.places?.places);

  it('maps every location of the real sessions to a building or a named place, with a position or address', () => {
    const placeholders = /^\s*(tbd\*?)?\s*$/i;
    const locations = new Set(sessionRows.map((r) => r.location!).filter((l) => !placeholders.test(l)));
    expect(locations.size).toBeGreaterThan(60);
    const unmapped = [...locations].filter((l) => !lookup(l));
    expect(unmapped).toEqual([]);
    const nowhere = [...locations].filter((l) => lookup(l)!.lat === null && !lookup(l)!.address);
    expect(nowhere).toEqual([]);
    expect(realDataReport().findings.list.filter((f) => f.rule === 'unknown-place')).toEqual([]);
  });

  it('puts Fed Hall in Federation Hall and every way of writing the Bombshelter in the SLC', () => {
    const fed = sessionRows.filter((r) => /^feds? hall/i.test(r.location!.trim()));
    expect(fed).toHaveLength(15);
    for (const r of fed)
      expect(lookup(r.location!), r.location).toMatchObject({ code: 'FED', place: 'Federation Hall' });
    const bomb = sessionRows.filter((r) => /bomb/i.test(r.location!));
    expect(bomb.length).toBeGreaterThanOrEqual(13);
    for (const r of bomb)
      expect(lookup(r.location!), r.location).toMatchObject({ code: 'SLC', place: 'Bombshelter Pub' });
    expect(lookup('RIM Park')).toMatchObject({
      code: '',
      page: undefined,
      address: '2001 University Ave E, Waterloo, ON',
    });
  });

  it('warns of a location that names no building and no place, at its cell, and of nothing else', () => {
    const found = check(PLACES, ['DC 1301', 'Fed Hall - Main Space', 'Mars Base Alpha', 'TBD']);
    expect(found.map((f) => `${f.file}:${f.line}:${f.column}: ${f.severity} ${f.rule}`)).toEqual([
      'data/infosessions/1141.csv:4:41: warning unknown-place',
    ]);
    expect(found[0]!.message).toMatch(/^location "Mars Base Alpha" names no building .* add the place to data\/places/);
  });

  it('reports a place in a building the data does not have, a bad coordinate and a name listed twice', () => {
    const list = `${PLACES.trimEnd()}\nMoon Hall,,MOON,,,\nSomewhere,,,91,10,\nFed Hall,,FED,,,\n`;
    const found = check(list, []).map((f) => `${f.line}:${f.column} ${f.rule}: ${f.message}`);
    expect(found.some((f) => /"Moon Hall" names building "MOON"/.test(f))).toBe(true);
    expect(found.some((f) => /"91" is not a coordinate/.test(f))).toBe(true);
    expect(found.some((f) => /"Fed Hall" is already named on line 3/.test(f))).toBe(true);
  });

  it('reports a building code the buildings lack at the building cell', () => {
    const list = PLACES.replace('Federation Hall,Fed Hall|Feds Hall,FED,', 'Federation Hall,Fed Hall|Feds Hall,FDE,');
    const line3 = list.split('\n')[2]!;
    const found = check(list, []).map((f) => `${f.line}:${f.column} ${f.rule}`);
    expect(found).toEqual([`3:${line3.indexOf('FDE') + 1} place-list`]);
  });

  it('says one error only, not warnings of the sessions, when a place has half a position', () => {
    const fed = 'Federation Hall,Fed Hall|Feds Hall,FED,,,';
    expect(PLACES).toContain(fed);
    const list = PLACES.replace(fed, 'Federation Hall,Fed Hall|Feds Hall,FED,43.47,,');
    const found = check(list, ['Fed Hall - Main Space', 'Feds Hall']);
    expect(found.map((f) => `${f.file}:${f.line}:${f.column}: ${f.severity} ${f.rule}`)).toEqual([
      `data/places/places.csv:3:${fed.length - 1}: error place-list`,
    ]);
  });

  it('says one error only, not warnings of the sessions, when a place repeats an alias of another', () => {
    const list = `${PLACES.trimEnd()}\nMoon Hall,Fed Hall|Moonie,,,,\n`;
    const found = check(list, ['Moonie', 'Moon Hall', 'Fed Hall']);
    expect(found.map((f) => `${f.file}:${f.line} ${f.severity} ${f.rule}`)).toEqual([
      `data/places/places.csv:${list.trimEnd().split('\n').length} error place-list`,
    ]);
  });

  it('says one error only, not a hint to copy a position, when a building has a malformed latitude', () => {
    const text = BUILDINGS.toString('utf8');
    const dc = text.split('\n').findIndex((l) => l.startsWith('37,DC,'));
    const broken = Buffer.from(text.replace('37,DC,,William G. Davis Computer Research Centre,Davis Centre,4', '$&x'));
    const found = check(PLACES, [], broken).map((f) => `${f.line} ${f.severity} ${f.rule}`);
    expect(found).toEqual([`${dc + 1} error number`]);
  });

  // A new user's trial: with a wrong header in Buildings.csv, "DCC 1302" got no finding until the header was fixed.
  it('says, right after a wrong header of the buildings, that the places and session locations wait on it', () => {
    const broken = Buffer.from(BUILDINGS.toString('utf8').replace('building_name', 'buildingname'));
    const report = check(PLACES, ['DCC 1302', 'DC 1301', 'TBD'], broken);
    const shown = sortFindings(report).map((f) => `${f.file}:${f.line} ${f.severity} ${f.rule}`);
    expect(shown).toEqual(['data/buildings/Buildings.csv:1 error header', 'data/places/places.csv:1 error reference']);
    const waiting = report.find((f) => f.rule === 'reference')!;
    expect(waiting.message).toBe(
      'the buildings of this list and the 2 session locations are not checked: they name buildings of ' +
        'data/buildings/Buildings.csv, which could not be read (its error is reported above). ' +
        'Fix that first, then check again.',
    );
    // With the header right, the misspelt building is warned of, at its cell.
    expect(check(PLACES, ['DCC 1302', 'DC 1301', 'TBD']).map((f) => `${f.line} ${f.rule}`)).toEqual([
      '2 unknown-place',
    ]);
  });

  it('lists each place once, every column as data/README.md describes it', () => {
    const rows = Papa.parse<Record<string, string>>(PLACES, { header: true, skipEmptyLines: true }).data;
    expect(Object.keys(rows[0]!)).toEqual(['name', 'aliases', 'building', 'latitude', 'longitude', 'address']);
  });
});

describe('a directions link', () => {
  const dc = { label: 'Davis Centre', lat: 43.472761, lon: -80.542164, address: '' };
  it.each([
    ['android', 'geo:43.472761,-80.542164?q=43.472761,-80.542164(Davis%20Centre)'],
    ['apple', 'https://maps.apple.com/?daddr=43.472761%2C-80.542164&q=Davis%20Centre'],
    ['other', 'https://www.google.com/maps/dir/?api=1&destination=43.472761%2C-80.542164'],
  ] as const)('opens %s maps', (platform, href) => {
    expect(directionsHref(platform, dc)).toBe(href);
  });

  it('gives an address when no position is known', () => {
    const rim = { label: 'RIM Park', lat: null, lon: null, address: '2001 University Ave E, Waterloo, ON' };
    expect(directionsHref('android', rim)).toBe('geo:0,0?q=2001%20University%20Ave%20E%2C%20Waterloo%2C%20ON');
  });
});
