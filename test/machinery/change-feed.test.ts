// The change feed as a mirror uses it: a developer keeps a copy of every table made from the site as it was built at
// an older commit, replays /data/changes.json over it, and ends with today's records (the site's downloads and its API
// files); each record's last change time is the commit that last touched it. Outside git the feed is empty and says so.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitAt, copySmallData, removeDir, tempDir } from '../helpers/build.ts';
import { buildInProcess } from '../helpers/build-in-process.ts';

type Row = Record<string, unknown>;
/** A table's change in one commit, as the feed writes it. */
interface FeedTable {
  download: string;
  key: string[];
  added: Row[];
  removed: Row[];
  changed: { key: Row; values: Row }[];
}
interface Feed {
  history: string;
  note?: string;
  complete: boolean;
  commits: { commit: string; time: number; message: string; tables: FeedTable[] }[];
}

/** A mirror: each download's records by their key (the key fields' values as JSON). */
type Mirror = Map<string, Map<string, Row>>;

const keyText = (key: readonly string[], row: Row) => JSON.stringify(key.map((k) => row[k]));

let work: string;
let data: string;
const FIRST = 1_700_000_000;
const SECOND = 1_700_100_000;
const THIRD = 1_700_200_000;

const readJson = async <T>(out: string, rel: string): Promise<T> =>
  JSON.parse(await readFile(path.join(out, rel), 'utf8')) as T;

/** Every table a built site offers for download, as a mirror keyed by the key of each table (from the feed's). */
async function tablesOf(out: string): Promise<Map<string, Row[]>> {
  const list = await readJson<{ files: { path: string; format: string; dataset?: string }[] }>(
    out,
    'data/downloads.json',
  );
  const tables = new Map<string, Row[]>();
  for (const f of list.files.filter((x) => x.format === 'json'))
    tables.set(path.basename(f.path, '.json'), await readJson<Row[]>(out, f.path.slice(1)));
  return tables;
}

/** Applies one commit's changes to the mirror: removes, adds, then sets the changed fields. */
function apply(mirror: Mirror, tables: readonly FeedTable[]): void {
  for (const t of tables) {
    const rows = mirror.get(t.download) ?? new Map<string, Row>();
    mirror.set(t.download, rows);
    for (const r of t.removed) rows.delete(keyText(t.key, r));
    for (const r of t.added) rows.set(keyText(t.key, r), r);
    for (const c of t.changed) {
      const k = keyText(t.key, c.key);
      rows.set(k, { ...rows.get(k), ...c.values });
    }
  }
}

/** Edits a data file in place. */
async function edit(rel: string, change: (text: string) => string): Promise<void> {
  const file = path.join(data, rel);
  const before = await readFile(file, 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  await writeFile(file, after);
}

/** A building code no other row names as its parent: its row can go without breaking another. */
function leafBuilding(csv: string): string {
  const rows = csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split(','));
  const parents = new Set(rows.map((r) => r[2]));
  return rows.map((r) => r[1]!).findLast((code) => code !== '' && !parents.has(code))!;
}

let mirrorAt: Map<string, Row[]>;
let noHistory: Feed;
let feed: Feed;
let today: string;
let removedBuilding: string;
let firstCommit: string;

beforeAll(async () => {
  work = await tempDir('campus-feed-');
  data = path.join(work, 'data');
  await copySmallData(data, { terms: ['1139'] });
  // The mirror's site: built from the data as it is at the first commit, before the folder is in git at all.
  const old = path.join(work, 'old');
  await buildInProcess(old, { DATA_DIR: data, SOURCE_DATE_EPOCH: String(FIRST) }, { pages: false });
  mirrorAt = await tablesOf(old);
  noHistory = await readJson<Feed>(old, 'data/changes.json');
  execFileSync('git', ['init', '-q', '.'], { cwd: data });
  commitAt(data, FIRST);
  firstCommit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: data }).toString().trim();
  // A pull request changes a session, removes a building and adds a subject; another only edits the README.
  await edit('infosessions/1139.csv', (t) => t.replace('McKinsey & Company', 'McKinsey and Company'));
  const buildings = await readFile(path.join(data, 'buildings/Buildings.csv'), 'utf8');
  removedBuilding = leafBuilding(buildings);
  await edit('buildings/Buildings.csv', (t) =>
    t
      .split('\n')
      .filter((l) => l.split(',')[1] !== removedBuilding)
      .join('\n'),
  );
  await edit('quest/Subjects.csv', (t) => `${t}"ZZTEST","A subject added by a pull request","VPA","VPA"\n`);
  await edit('methods.csv', (t) => t.replace('1087,Server time,', '1087,Server clock,'));
  commitAt(data, SECOND);
  await edit('README.md', (t) => `${t}\nA note.\n`);
  commitAt(data, THIRD);
  today = path.join(work, 'today');
  await buildInProcess(today, { DATA_DIR: data, SOURCE_DATE_EPOCH: String(THIRD) }, { pages: false });
  feed = await readJson<Feed>(today, 'data/changes.json');
});

afterAll(async () => {
  if (work) await removeDir(work);
});

describe('a developer keeping a mirror current from the change feed', () => {
  it('ends with records equal to the site built today, having replayed the commits after its own', async () => {
    const index = feed.commits.findIndex((c) => c.commit === firstCommit);
    expect(index).toBeGreaterThan(0); // the first commit (every record added) is in the feed, and newer ones too
    const newer = feed.commits.slice(0, index).reverse();
    const keys = new Map(feed.commits.flatMap((c) => c.tables.map((t) => [t.download, t.key] as const)));
    const mirror: Mirror = new Map(
      [...mirrorAt].map(([name, rows]) => [name, new Map(rows.map((r) => [keyText(keys.get(name) ?? [], r), r]))]),
    );
    for (const c of newer) apply(mirror, c.tables);
    const now = await tablesOf(today);
    for (const [name, rows] of now) {
      const key = keys.get(name)!;
      const sorted = (list: Iterable<Row>) => [...list].sort((a, b) => (keyText(key, a) < keyText(key, b) ? -1 : 1));
      expect({ name, rows: sorted(mirror.get(name)?.values() ?? []) }).toEqual({ name, rows: sorted(rows) });
    }
    // And the API's own listing of buildings: every record the mirror holds, field for field.
    const listing = await readJson<{ data: Row[] }>(today, 'v2/buildings/list.json');
    const buildings = mirror.get('buildings')!;
    expect(listing.data.length).toBe(buildings.size);
    for (const b of listing.data) {
      const held = buildings.get(JSON.stringify([b.building_code]))!;
      expect(Object.fromEntries(Object.keys(b).map((f) => [f, held[f]]))).toEqual(b);
    }
    expect(buildings.has(JSON.stringify([removedBuilding]))).toBe(false);
  });

  it('tells each commit that changed records, with its time and message, newest first', () => {
    expect(feed.history).toBe('git');
    expect(feed.complete).toBe(true);
    // The README's commit changed no record: it is not an entry.
    expect(feed.commits.map((c) => [c.time, c.message])).toEqual([
      [SECOND, `at ${SECOND}`],
      [FIRST, `at ${FIRST}`],
    ]);
    const tables = Object.fromEntries(
      feed.commits[0]!.tables.map((t) => [t.download, [t.added.length, t.removed.length, t.changed.length]]),
    );
    expect(tables).toEqual({
      buildings: [0, 1, 0],
      infosessions: [0, 0, 1],
      'quest-subjects': [1, 0, 0],
      methods: [0, 0, 1],
    });
    expect(feed.commits[0]!.tables.find((t) => t.download === 'infosessions')!.changed[0]!.values).toEqual({
      employer: 'McKinsey and Company',
    });
  });

  it("tells the method directory's changes as a table's: replayed from the start, it is today's methods.csv", () => {
    const mirror: Mirror = new Map();
    for (const c of [...feed.commits].reverse()) apply(mirror, c.tables);
    const rows = Papa.parse<Row>(readFileSync(path.join(data, 'methods.csv'), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    const directory = mirror.get('methods')!;
    expect(directory.size).toBe(rows.length);
    for (const row of rows) expect(directory.get(JSON.stringify([row.method_id]))).toEqual(row);
    expect(directory.get(JSON.stringify(['1087']))!.name).toBe('Server clock');
  });

  it('gives each record the time of the commit that last changed it', async () => {
    const times = await readJson<{ complete: boolean; tables: Record<string, { times: Record<string, number> }> }>(
      today,
      'data/quest/changed.json',
    );
    expect(times.complete).toBe(true);
    expect(times.tables.subjects!.times.ZZTEST).toBe(SECOND);
    expect(times.tables.subjects!.times.AADMS).toBe(FIRST);
  });

  it('publishes the same commits as an Atom feed', async () => {
    const atom = await readFile(path.join(today, 'data/changes.atom'), 'utf8');
    expect(atom.match(/<entry>/g)).toHaveLength(2);
    expect(atom).toContain(`<title>at ${SECOND}</title>`);
  });

  it('is empty outside git, and says why', () => {
    expect(noHistory).toMatchObject({ history: 'none', commits: [] });
    expect(noHistory.note).toMatch(/not in a git repository/);
  });
});
