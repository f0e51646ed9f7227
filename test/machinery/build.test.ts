import { execFileSync, spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ICAL from 'ical.js';
import { parseHTML } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSiteUrl } from '../../src/core/site/address.ts';
import { dataHistory } from '../../src/load/timestamp.ts';
import { buildSite } from '../../src/pipeline/build.ts';
import { holderRunning } from '../../src/pipeline/output-lock.ts';
import { OWNER_MARK } from '../../src/pipeline/output-versions.ts';
import { processStartTicks } from '../../src/pipeline/process-start.ts';
import {
  commitAt,
  copySmallData,
  EPOCH,
  ROOT,
  readTree,
  removeDir,
  runBuild,
  runCli,
  tempDir,
} from '../helpers/build.ts';
import { buildInProcess } from '../helpers/build-in-process.ts';

let work: string;
/** data/ cut small (copySmallData), for the builds whose point is not the real data. */
let SMALL: { DATA_DIR: string };
/** The API of SMALL built once at SMALL_EPOCH: its timestamp is read, and a failing build is run over it. */
let smallOut: string;
const SMALL_EPOCH = '1234567890';
beforeAll(async () => {
  work = await tempDir();
  SMALL = { DATA_DIR: path.join(work, 'data') };
  await copySmallData(SMALL.DATA_DIR);
  smallOut = path.join(work, 'small');
  await buildInProcess(smallOut, { ...SMALL, SOURCE_DATE_EPOCH: SMALL_EPOCH }, { pages: false });
});
afterAll(() => removeDir(work));

// That a build gives byte-identical files for the same data in another process is
// incremental.test.ts's: every file of a build made in two steps, in two processes, equals a cold
// build's made in a third. Astro's part of it is astro-cache.test.ts's: two
// outputs Astro rendered in two processes, compared byte for byte. The builds whose subject is what they write run in
// this process (buildInProcess); those whose subject is what the command prints, or its lock, run the command.
describe('a full build', () => {
  it('takes its timestamp from SOURCE_DATE_EPOCH', async () => {
    const doc = JSON.parse(await readFile(path.join(smallOut, 'v2/api/methods.json'), 'utf8'));
    expect(doc.meta.timestamp).toBe(Number(SMALL_EPOCH));
    expect(SMALL_EPOCH).not.toBe(String(EPOCH)); // not the default of runBuild
  });
});

describe('meta.timestamp of an API file', () => {
  const commit = commitAt;
  const read = async (out: string, file: string) =>
    JSON.parse(await readFile(path.join(out, file), 'utf8')) as { meta: { timestamp: number } };
  /** Appends a mark to the employer of the first session of the newest file. */
  const editSession = async (data: string, mark: string) => {
    const file = path.join(data, 'infosessions/1145.csv');
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[1] = lines[1]!.replace(/^(\d+,)("?)/, `$1$2${mark} `);
    await writeFile(file, lines.join('\n'));
  };

  it("is the newest commit changing one of its files, merges included, from one log (this repository's data/)", () => {
    const parts = {
      methods: 'methods.csv',
      infosessions: 'infosessions',
      buildings: 'buildings',
      programs: 'programs',
    };
    const data = path.join(ROOT, 'data');
    const git = (...args: string[]) => execFileSync('git', args, { cwd: data, encoding: 'utf8' }).trim();
    // File by file, git log -1 -- <file> shows a merge when it changed the file from every parent.
    const newest = (rel: string) =>
      Math.max(
        ...git('ls-files', '--', rel)
          .split('\n')
          .map((f) => Number(git('log', '-1', '--format=%ct', '--', f))),
      );
    const expected = Object.fromEntries(Object.entries(parts).map(([name, rel]) => [name, newest(rel)]));
    expect(dataHistory(data, parts)?.parts).toEqual(expected);
  });

  it("is when its own data last changed: a data set a pull request left alone keeps its files' bytes", async () => {
    const data = path.join(work, 'git-data');
    await cp(SMALL.DATA_DIR, data, { recursive: true });
    execFileSync('git', ['init', '-q', '.'], { cwd: data });
    commit(data, 1_600_000_000);
    await editSession(data, 'First');
    commit(data, 1_650_000_000);
    const out = path.join(work, 'git-dist');
    const fromGit = { DATA_DIR: data, SOURCE_DATE_EPOCH: '' };
    await buildInProcess(out, fromGit, { pages: false });
    expect((await read(out, 'v2/resources/infosessions.json')).meta.timestamp).toBe(1_650_000_000);
    expect((await read(out, 'v2/buildings/list.json')).meta.timestamp).toBe(1_600_000_000);
    expect((await read(out, 'v2/api/methods.json')).meta.timestamp).toBe(1_600_000_000);
    // Server time answers "now": the build's time, the newest commit's.
    expect((await read(out, 'v2/server/time.json')).meta.timestamp).toBe(1_650_000_000);
    const buildings = await readFile(path.join(out, 'v2/buildings/list.xml'), 'utf8');
    const inode = (await stat(path.join(out, 'v2/buildings/list.xml'))).ino;

    await editSession(data, 'Second');
    commit(data, 1_700_000_000);
    await buildInProcess(out, fromGit, { pages: false });
    expect((await read(out, 'v2/resources/infosessions.json')).meta.timestamp).toBe(1_700_000_000);
    expect((await read(out, 'v2/buildings/list.json')).meta.timestamp).toBe(1_600_000_000);
    expect(await readFile(path.join(out, 'v2/buildings/list.xml'), 'utf8')).toBe(buildings);
    // Not written again: the published file, linked into the new version.
    expect((await stat(path.join(out, 'v2/buildings/list.xml'))).ino).toBe(inode);
  });

  it("gives each event the time its own row last changed: a pull request remakes its sessions' feeds", async () => {
    const data = path.join(work, 'git-events');
    await cp(SMALL.DATA_DIR, data, { recursive: true });
    execFileSync('git', ['init', '-q', '.'], { cwd: data });
    commit(data, 1_600_000_000);
    const file = path.join(data, 'infosessions/1145.csv');
    const idAt = async (line: number) => (await readFile(file, 'utf8')).split('\n')[line - 1]!.split(',')[0]!;
    const [edited, neighbour, uncommitted] = [await idAt(2), await idAt(3), await idAt(4)];
    const out = path.join(work, 'git-events-dist');
    const build = () => buildInProcess(out, { DATA_DIR: data, SOURCE_DATE_EPOCH: '' }, { pages: false });
    await build();
    const ics = (id: string) => path.join(out, `infosessions/${id}.ics`);
    const untouched = [ics(neighbour), path.join(out, 'infosessions/terms/1139.ics')];
    const inodes = await Promise.all(untouched.map(async (f) => (await stat(f)).ino));

    await editSession(data, 'Second');
    commit(data, 1_700_000_000);
    // A row edited and not committed: its event carries the build's time, the newest commit's.
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[3] = lines[3]!.replace(/^(\d+,)("?)/, '$1$2Third ');
    await writeFile(file, lines.join('\n'));
    await build();

    /** DTSTAMP, LAST-MODIFIED and SEQUENCE of each event of a feed, by session id, as ical.js reads them. */
    const stamps = async (feed: string) => {
      const cal = new ICAL.Component(ICAL.parse(await readFile(feed, 'utf8')));
      return Object.fromEntries(
        cal
          .getAllSubcomponents('vevent')
          .map((v) => [
            String(v.getFirstPropertyValue('uid')).replace(/^infosession-|@.*$/g, ''),
            [
              (v.getFirstPropertyValue('dtstamp') as ICAL.Time).toUnixTime(),
              (v.getFirstPropertyValue('last-modified') as ICAL.Time).toUnixTime(),
              Number(v.getFirstPropertyValue('sequence')),
            ],
          ]),
      );
    };
    const at = (t: number) => [t, t, Math.floor((t - 1_577_836_800) / 60)];
    const term = await stamps(path.join(out, 'infosessions/terms/1145.ics'));
    expect(term[edited]).toEqual(at(1_700_000_000));
    expect(term[neighbour]).toEqual(at(1_600_000_000));
    expect(term[uncommitted]).toEqual(at(1_700_000_000));
    expect((await stamps(ics(edited)))[edited]).toEqual(at(1_700_000_000));
    const all = await stamps(path.join(out, 'infosessions.ics'));
    const times = Object.entries(all).filter(([id]) => id !== edited && id !== uncommitted);
    expect(times.length).toBeGreaterThan(10);
    for (const [, t] of times) expect(t).toEqual(at(1_600_000_000));
    // The neighbour's own feed and another term's feed were not made again: the published files, linked.
    expect(await Promise.all(untouched.map(async (f) => (await stat(f)).ino))).toEqual(inodes);

    // History rewritten with the same bytes (an amended commit's new time): the events follow it.
    commit(data, 1_750_000_000);
    await build();
    commit(data, 1_760_000_000, ['--amend', '--no-edit', '--reset-author']);
    await build();
    expect((await stamps(ics(uncommitted)))[uncommitted]).toEqual(at(1_760_000_000));
    // Asking git changes nothing the build reads (a data folder that is a repository of its own holds git's index):
    // built again, the output is reused whole.
    expect(await build()).toMatchObject({ unchanged: true });
  });
});

describe('text from data/', () => {
  it(
    "is shown as text on the pages, never as HTML: markup, quotes, ampersands and text like the build's hole " +
      'markers',
    async () => {
      const data = path.join(work, 'hostile-data');
      await cp(SMALL.DATA_DIR, data, { recursive: true });
      const methods = path.join(data, 'methods.csv');
      const hostile = '<script>window.__xss=1</script> "quoted" & </textarea><b>bold</b>';
      await writeFile(
        methods,
        (await readFile(methods, 'utf8')).replace(
          'Returns a list of campus employer information sessions',
          `"${hostile.replace(/"/g, '""')}"`,
        ),
      );
      // A building's name written as the build's hole markers (src/integrations/page-holes.ts), raw
      // and escaped: the build fills only the markers the pages themselves render. The building
      // list is an Astro page the build fills; the building's own page is filled into a shell.
      const buildings = path.join(data, 'buildings/Buildings.csv');
      const markers = 'Physics &@HOLE:front.list@@ @@HOLE:nosuch@@ &amp;@HOLE:front.terms@@';
      await writeFile(buildings, (await readFile(buildings, 'utf8')).replace('4,PHY,,Physics,', `4,PHY,,${markers},`));
      const out = path.join(work, 'hostile-dist');
      await buildInProcess(out, { DATA_DIR: data });
      const doc = parseHTML(await readFile(path.join(out, 'methods/1129/index.html'), 'utf8')).document;
      expect(doc.querySelector('main')!.textContent).toContain(hostile);
      // As text it may stand in an attribute (a description), never as an element of its own.
      expect([...doc.querySelectorAll('script')].filter((s) => s.textContent!.includes('__xss'))).toEqual([]);
      expect(doc.querySelectorAll('b, textarea')).toHaveLength(0);
      const physics = parseHTML(await readFile(path.join(out, 'buildings/PHY/index.html'), 'utf8')).document;
      expect(physics.querySelector('h1')!.textContent).toContain(markers);
      expect(physics.querySelector('meta[name=description]')!.getAttribute('content')).toContain(markers);
      expect(physics.querySelectorAll('[data-note], li a[href*="terms/"]')).toHaveLength(0);
      const list = parseHTML(await readFile(path.join(out, 'buildings/index.html'), 'utf8')).document;
      expect(list.querySelector('a[href="/buildings/PHY/"]')!.textContent).toContain(markers);
      expect(list.querySelectorAll('[data-note], li a[href*="terms/"]')).toHaveLength(0);
    },
  );
});

describe('a build that fails', () => {
  it('names the bad row, writes nothing and leaves the earlier output byte for byte', async () => {
    const out = smallOut;
    const before = await readTree(out);
    expect(before.size).toBeGreaterThan(100);

    const data = path.join(work, 'bad-data');
    await cp(SMALL.DATA_DIR, data, { recursive: true });
    const file = path.join(data, 'infosessions/1141.csv');
    const lines = (await readFile(file, 'utf8')).split('\n');
    lines[4] = lines[4]!.replace(/"January \d+, 2014"/, '"January 32, 2014"');
    await writeFile(file, lines.join('\n'));

    const run = await runBuild(out, { DATA_DIR: data });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /1141\.csv:5:\d+: error: date "January 32, 2014" is not a real date: January 2014 has 31 days\./,
    );
    expect(run.stderr).toContain('still holds the previous output; this build did not change it.');
    const after = await readTree(out);
    expect([...after.keys()]).toEqual([...before.keys()]);
    for (const [f, bytes] of before) expect(bytes.equals(after.get(f)!), f).toBe(true);
  });

  it('refuses a SITE_URL that is not a URL, writing nothing', async () => {
    const out = path.join(work, 'badurl');
    const run = await runBuild(out, { ...SMALL, SITE_URL: 'not a url' }, ['--api-only']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('SITE_URL "not a url" is not a URL');
    await expect(readTree(out)).rejects.toThrow();
  });
});

// Found by building as a careless user would (issue 37): `--out data` replaced the data folder, `--out .` moved the
// whole project, `--out /` tried to rename `/`, and any folder given was moved aside and deleted.
describe('the output folder: a build writes only into what it made', () => {
  /** A project with its data and a folder of someone's notes; what every case checks is left as it was. */
  const project = async () => {
    const root = path.join(await tempDir(), 'project');
    await mkdir(path.join(root, 'data'), { recursive: true });
    await mkdir(path.join(root, 'src'));
    await mkdir(path.join(root, 'notes'));
    await writeFile(path.join(root, 'data/methods.csv'), 'kept\n');
    await writeFile(path.join(root, 'notes/todo.txt'), 'kept\n');
    // Installed packages shared by several clones, as on this project's machines.
    await mkdir(path.join(path.dirname(root), 'shared-node_modules'));
    await symlink('../shared-node_modules', path.join(root, 'node_modules'));
    return root;
  };
  const build = (root: string, outDir: string) =>
    buildSite({
      root,
      outDir,
      settings: { dataDir: path.join(root, 'data'), site: parseSiteUrl('http://localhost'), sourceDateEpoch: 1 },
      pages: false,
      say: () => {},
    }).then(
      () => 'built',
      (e: Error) => e.message,
    );
  /** Every entry below the project's parent, links unfollowed: nothing may be moved, made or removed. */
  const entries = async (root: string) => (await readdir(path.dirname(root), { recursive: true })).sort();

  it.each([
    ['the project itself', (root: string) => root, 'the project itself'],
    ['a folder holding the project', (root: string) => path.dirname(root), 'a folder holding the project'],
    ['/', () => '/', 'a folder holding the project'],
    ['the data folder', (root: string) => path.join(root, 'data'), 'the data folder'],
    ['a folder inside the data folder', (root: string) => path.join(root, 'data/site'), 'inside the data folder'],
    ['src/', (root: string) => path.join(root, 'src'), 'src/'],
    ['inside node_modules/, a link', (root: string) => path.join(root, 'node_modules/site'), 'inside node_modules/'],
  ])('refuses %s in one line, moving nothing', async (_, out, place) => {
    const root = await project();
    try {
      const before = await entries(root);
      const message = await build(root, out(root));
      expect(message).toMatch(new RegExp(`^cannot build into \\S+: it is ${place}, and a build replaces its output`));
      expect(message).not.toContain('\n');
      expect(await entries(root)).toEqual(before);
    } finally {
      await removeDir(path.dirname(root));
    }
  });

  it.each([
    [
      'a folder of files',
      async (site: string) => {
        await mkdir(site);
        await writeFile(path.join(site, 'index.html'), 'mine\n');
      },
      'it is a folder no build made',
    ],
    ['an empty folder', (site: string) => mkdir(site), 'it is a folder no build made'],
    ['a link to another folder', (site: string) => symlink('notes', site), 'it is a link to notes, not into '],
    [
      'a folder beside a versions folder no build made',
      async (site: string) => {
        await mkdir(`${path.dirname(site)}/.site-versions`);
        await writeFile(`${path.dirname(site)}/.site-versions/photos.txt`, 'mine\n');
      },
      '.site-versions beside it was not made by a build',
    ],
  ])('refuses an output path that is %s, moving nothing', async (_, make, why) => {
    const root = await project();
    try {
      const site = path.join(path.dirname(root), 'site');
      await make(site);
      const before = await entries(root);
      const message = await build(root, site);
      expect(message).toContain(`${site}/ is not an output of this build (`);
      expect(message).toContain(why);
      expect(message).not.toContain('\n');
      expect(await entries(root)).toEqual(before);
    } finally {
      await removeDir(path.dirname(root));
    }
  });

  it('says so in one line from npm run build, exit 1, and from npm start -- --dist', async () => {
    const site = path.join(work, 'mine');
    await mkdir(site);
    await writeFile(path.join(site, 'index.html'), 'mine\n');
    for (const run of [
      await runBuild(site, SMALL, ['--api-only']),
      await runCli('start.ts', ['--dist', site], { ...SMALL, PORT: '0', CI: '1' }),
    ]) {
      expect(run.code).toBe(1);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toContain(`${site}/ is not an output of this build (it is a folder no build made)`);
    }
    expect(await readdir(site)).toEqual(['index.html']);
  });

  it("knows an output today's builds made, before its versions folder was marked, and marks it", async () => {
    const mark = path.join(work, '.small-versions', OWNER_MARK);
    await rm(mark);
    await buildInProcess(smallOut, { ...SMALL, SOURCE_DATE_EPOCH: SMALL_EPOCH }, { pages: false });
    expect(await readFile(mark, 'utf8')).toContain('made by the build of campus-api-static');
  });
});

// Found by killing builds (issue 37): a lock naming a live process that is not a build (its id given again after the
// build was killed) was waited on for 10 minutes.
describe('the output lock', () => {
  /** A process that is not a build, and when it started as a lock would record it. */
  const otherProcess = async () => {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('spawn', resolve));
    return { child, pid: child.pid!, ticks: processStartTicks(child.pid!)! };
  };

  it('is held by the build that took it, and not by a later process given its id', async () => {
    const { child, pid, ticks } = await otherProcess();
    try {
      const now = new Date().toISOString();
      expect(holderRunning({ pid, started: now, process: ticks })).toBe(true);
      expect(holderRunning({ pid, started: now })).toBe(true); // a system that does not say when a process started
      expect(holderRunning({ pid, started: now, process: ticks + 1 })).toBe(false);
    } finally {
      child.kill();
    }
    await new Promise((resolve) => child.once('exit', resolve));
    expect(holderRunning({ pid, started: new Date().toISOString(), process: ticks })).toBe(false);
  });

  it('is taken over at once, saying so, when the process it names is not the build that took it', async () => {
    const { child, pid, ticks } = await otherProcess();
    try {
      const lock = path.join(work, '.small-versions/build.lock');
      for (const holder of [{ pid, started: new Date().toISOString(), process: ticks - 1 }]) {
        await writeFile(lock, `${JSON.stringify(holder)}\n`);
        const run = await runBuild(smallOut, { ...SMALL, SOURCE_DATE_EPOCH: SMALL_EPOCH }, ['--api-only']);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).toContain(
          `Taking over the lock of ${smallOut}/: process ${pid} is not the build that took it (that build ended).`,
        );
        expect(run.stderr).not.toContain('waiting');
      }
    } finally {
      child.kill();
    }
  });
});
