// A developer opening an old data set is told it is old: the information sessions end in March 2015, so a build of
// today says their newest record is older than the source's promise, and a build made while they were current does
// not. The newest day is counted from data/'s CSV files with papaparse, apart from the readers.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { staleNotice } from '../../src/core/datasets/freshness.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { dataFolder, plainCsvRows } from '../helpers/datasets.ts';

const DATA = path.resolve(import.meta.dirname, '../../data');

/** The newest session's day (YYYY-MM-DD) in data/infosessions/, read as plain CSV. */
async function newestSessionDay(): Promise<string> {
  const folder = path.join(DATA, 'infosessions');
  const days: string[] = [];
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.csv'))) {
    for (const row of await plainCsvRows(path.join(folder, file)))
      days.push(new Date(`${row.date} 12:00 UTC`).toISOString().slice(0, 10));
  }
  return days.sort().at(-1)!;
}

/** Unix seconds at noon UTC of a day. */
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`) / 1000;

describe("a data set older than its source's update promise", () => {
  it('says so at a build of today, naming its newest day; not at a build while it was current', async () => {
    const newest = await newestSessionDay();
    expect(newest.startsWith('2015-03')).toBe(true);
    const tables = dataFolder().datasets.infosessions!;
    const today = staleNotice(DATASETS.infosessions!, tables, noonOf('2026-11-22'));
    expect(today).toContain(`the newest record is of ${newest}`);
    expect(today).toContain('Read it as an archive.');
    expect(staleNotice(DATASETS.infosessions!, tables, noonOf(newest) + 30 * 86_400)).toBeUndefined();
  });

  it('makes no claim for a set whose records carry no day (the buildings)', () => {
    expect(DATASETS.buildings!.updates).toBeUndefined();
    expect(staleNotice(DATASETS.buildings!, dataFolder().datasets.buildings!, noonOf('2026-11-22'))).toBeUndefined();
  });
});
