import { execFile, spawnSync } from 'node:child_process';
import { mkdir, readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hugoVersion } from '../../bench/build-cases.ts';
import { generateSessions, sessionRows, termCodes } from '../../bench/generate.ts';
import { hugoSessionPages, writeHugoSite } from '../../bench/hugo-site.ts';
import { readDataFiles } from '../../src/core/datasets/data-folder.ts';
import { DATASETS } from '../../src/core/datasets/registry.ts';
import { NODE_ARGS } from '../../src/pipeline/node-command.ts';
import { copySmallData, ROOT, removeDir, tempDir } from '../helpers/build.ts';

const real = sessionRows(path.join(ROOT, 'data'));

describe('the synthetic data generator', () => {
  it('gives the same files for the same seed, and other files for another', () => {
    const a = generateSessions(real, 500);
    const b = generateSessions(real, 500);
    expect([...a.entries()]).toEqual([...b.entries()]);
    expect([...generateSessions(real, 500, 7).values()]).not.toEqual([...a.values()]);
  });

  it('writes valid data: the check finds no error, ids are unique, the count is exact', () => {
    const files = generateSessions(real, 1234);
    const report = readDataFiles(
      [...files.entries()].map(([name, text]) => ({ rel: `infosessions/${name}`, bytes: Buffer.from(text) })),
      (r) => r,
      DATASETS,
    );
    expect(report.findings.errors).toEqual([]);
    expect(report.datasets.infosessions!.sessions).toHaveLength(1234);
  });

  it('spreads large archives over distinct term codes', () => {
    const codes = termCodes(100_000);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(250);
  });
});

describe("the bench's floor scripts", () => {
  it.each(['floor', 'files-floor'])(
    '%s: --help exits 0; an unknown option or a missing argument is one line, exit 2',
    async (name) => {
      const script = (args: string[]) =>
        promisify(execFile)(process.execPath, [...NODE_ARGS, `bench/${name}.ts`, ...args], { cwd: ROOT }).then(
          (r) => ({ code: 0, ...r }),
          (e: { code: number; stdout: string; stderr: string }) => e,
        );
      const [help, bogus, one] = await Promise.all([script(['--help']), script(['--bogus', 'a', 'b']), script(['a'])]);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^${name}: node bench/${name}\\.ts `));
      for (const [run, what] of [
        [bogus, 'unknown option --bogus'],
        [one, 'give two arguments'],
      ] as const) {
        expect(run.code).toBe(2);
        expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
        expect(run.stderr).toContain(`${name}: ${what}. Usage: node bench/${name}.ts`);
      }
    },
  );
});

// Hugo is the bench's yardstick only where it is installed (CI installs it when Debian has it); the test sets Hugo's
// clock (`--clock`), which an older Hugo may not have.
const hugoWithClock =
  hugoVersion() !== undefined && spawnSync('hugo', ['--help'], { encoding: 'utf8' }).stdout.includes('--clock');

describe.skipIf(!hugoWithClock)('the Hugo yardstick', () => {
  it('builds a page for every session, whatever the date Hugo runs on', async () => {
    const work = await tempDir();
    try {
      const data = path.join(work, 'data/infosessions');
      await mkdir(data, { recursive: true });
      for (const [name, text] of generateSessions(real, 300)) await writeFile(path.join(data, name), text);
      const count = writeHugoSite(path.join(work, 'data'), path.join(work, 'site'));
      expect(count).toBe(300);
      // Run as if before the first session (every page in the future) and after the last (every one past).
      for (const clock of ['1990-01-01T00:00:00Z', '2200-01-01T00:00:00Z']) {
        const dest = path.join(work, `out-${clock.slice(0, 4)}`);
        const site = path.join(work, 'site');
        await promisify(execFile)('hugo', ['--source', site, '--destination', dest, '--quiet', '--clock', clock]);
        expect(hugoSessionPages(dest), `Hugo's clock at ${clock}`).toBe(count);
      }
    } finally {
      await removeDir(work);
    }
  });
});

// The load test of the servers adds about 8 s of autocannon; npm test runs it only when
// BENCH_TEST_SERVING is set (CI sets it), and otherwise checks that the bench skips it.
const serving = Boolean(process.env.BENCH_TEST_SERVING);

describe('npm run bench', () => {
  let work: string;
  beforeAll(async () => {
    work = await tempDir();
    // What is tested is the bench's code, not the cost of the real data's 10,000 course files.
    await copySmallData(path.join(work, 'data'));
  });
  afterAll(() => removeDir(work));

  const scope = serving ? ', serving included' : ' (builds only: BENCH_TEST_SERVING is unset)';
  it(`runs end to end at a tiny size and writes its results${scope}`, async () => {
    const out = path.join(work, 'latest.json');
    // A fifth of a second per server and target: each server answers every target, which is what is tested here.
    const load = serving ? ['--serve-seconds', '0.2', '--connections', '2'] : ['--no-serving'];
    await promisify(execFile)(
      process.execPath,
      [
        ...NODE_ARGS,
        'bench/run.ts',
        '--sizes',
        '40',
        '--reps',
        '1',
        // The calendar guard's own sizes are calendar-scale.test.ts's; here, that the bench runs it, at small sizes.
        '--scale-sizes',
        '10,100',
        ...load,
        '--out',
        out,
      ],
      {
        cwd: ROOT,
        // Kept (BENCH_KEEP) to count the built API files apart from the bench.
        env: { ...process.env, BENCH_TMP: path.join(work, 'tmp'), BENCH_KEEP: '1', DATA_DIR: path.join(work, 'data') },
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    const result = JSON.parse(await readFile(out, 'utf8'));
    expect(result.runs).toHaveLength(1);
    expect(Object.keys(result.runs[0])).toEqual(
      expect.arrayContaining([
        'sessions',
        'build_s',
        'api_s',
        'floor_s',
        'peak_rss_mb',
        'output_bytes',
        'cold_s',
        'one_row_s',
        'no_change_s',
      ]),
    );
    // The files floor wrote every file the API stage made: the built site's v2/ but OpenAPI and the schemas.
    const v2 = path.join(await realpath(path.join(work, 'tmp/dist-40')), 'v2');
    const apiFiles = (await readdir(v2, { recursive: true, withFileTypes: true })).filter(
      (e) =>
        e.isFile() && !(e.parentPath === v2 && e.name === 'openapi.json') && path.basename(e.parentPath) !== 'schemas',
    ).length;
    expect(apiFiles).toBeGreaterThan(30);
    expect(result.runs[0].api_files).toBe(apiFiles);
    expect(result.runs[0].files_floor_s).toBeGreaterThan(0);
    // The ratio is of the unrounded seconds, which the rounded ones (to the ms) bound.
    const { api_s, files_floor_s, api_files_floor_ratio } = result.runs[0];
    expect(api_files_floor_ratio).toBeGreaterThanOrEqual((api_s - 0.0005) / (files_floor_s + 0.0005) - 0.01);
    expect(api_files_floor_ratio).toBeLessThanOrEqual((api_s + 0.0005) / (files_floor_s - 0.0005) + 0.01);
    // The one-row rebuild links what did not change from the previous output.
    expect(result.runs[0].one_row_report.reused).toBeGreaterThan(0);
    expect(result.runs[0].sessions).toBe(40);
    expect(result.runs[0].output_bytes).toBeGreaterThan(0);
    expect(result.runs[0].output_files, 'built from DATA_DIR: courses of one subject').toBeLessThan(10_000);
    if (!serving) {
      expect(result.serving).toEqual([]);
      return;
    }
    expect(result.serving.map((s: { server: string }) => s.server)).toEqual(
      expect.arrayContaining(['npm start', 'npx serve dist', 'Worker (miniflare)']),
    );
    for (const s of result.serving) expect(s.errors + s.non2xx, `${s.server} ${s.target}`).toBe(0);
    // Three builds (the cold one runs Astro), six floor runs and three servers started (the Worker's takes 10 to 30 s
    // on a loaded machine): 93 to 135 s at a load of 10 to 18, past the suites' 120 s.
  }, 300_000);
});
