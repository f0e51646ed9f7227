// The benchmark's build cases at one size: a cold build, a rebuild after a one-row change and one
// with nothing changed, each repeated; Hugo's build of the same sessions between them when asked.
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { NODE_ARGS } from '../src/pipeline/node-command.ts';
import { generateSessions, sessionRows } from './generate.ts';
import { hugoSessionPages, writeHugoSite } from './hugo-site.ts';
import { round, type Spread, settle, spread, type Timed, timed, treeSize } from './measure.ts';
import { toggleOneRow } from './one-row.ts';

/** The time of the data's first commit (Unix seconds). */
const EPOCH = '1700000000';
/** The size that is the real data itself. */
const REAL = 363;

/** Where one benchmark run works. */
export interface Workplace {
  root: string;
  /** The data folder the sizes start from (DATA_DIR): its other data sets are copied as they are. */
  data: string;
  tmp: string;
  reps: number;
  /** The hugo command to compare with, or undefined to skip Hugo. */
  hugo?: string;
}

/** What the benchmark found at one size. */
export interface SizeResult {
  sessions: number;
  /** The cold build's median wall seconds (as before the incremental cases). */
  build_s: number;
  cold_s: Spread;
  one_row_s: Spread;
  no_change_s: Spread;
  /** Each rebuild over the cold build of the same repetition. */
  one_row_ratio: Spread;
  no_change_ratio: Spread;
  hugo_s?: Spread;
  /** Our cold build over Hugo's build, pair by pair. */
  hugo_ratio?: Spread;
  peak_rss_mb: number;
  hugo_peak_rss_mb?: number;
  /** Stage seconds of the median cold build and the median one-row rebuild, as the build reports them. */
  stages_s: Record<string, number>;
  one_row_stages_s: Record<string, number>;
  /** Whatever else the median one-row rebuild reported (files reused, whether Astro ran). */
  one_row_report: Record<string, unknown>;
  output_files: number;
  output_bytes: number;
}

/** The real sessions, the distributions the generator draws from. */
let realRows: string[][] | undefined;

/** Writes a data folder of `n` sessions: the source folder's own for 363, synthetic otherwise. */
export function prepareData(w: Workplace, n: number): string {
  const dir = path.join(w.tmp, `data-${n}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'infosessions'), { recursive: true });
  copyFileSync(path.join(w.data, 'methods.csv'), path.join(dir, 'methods.csv'));
  // The other data sets and the program list as they are: only the sessions grow with the size
  // (the synthetic rows draw their program labels from the real ones, so they resolve as those do).
  for (const f of readdirSync(w.data, { withFileTypes: true })) {
    if (f.isDirectory() && f.name !== 'infosessions')
      cpSync(path.join(w.data, f.name), path.join(dir, f.name), { recursive: true });
  }
  if (n === REAL) {
    for (const f of readdirSync(path.join(w.data, 'infosessions')))
      copyFileSync(path.join(w.data, 'infosessions', f), path.join(dir, 'infosessions', f));
  } else {
    realRows ??= sessionRows(w.data);
    for (const [name, text] of generateSessions(realRows, n)) writeFileSync(path.join(dir, 'infosessions', name), text);
  }
  return dir;
}

/**
 * Commits the whole data folder, a git repository of its own, at a time (Unix seconds), as a
 * pull request's merge does: the builds take their timestamps from the commits (the build's
 * from the newest, each data set's API files from the newest touching its folder), so the
 * one-row rebuild has a real pull request's new timestamp.
 */
function commitData(data: string, at: number): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_NAME: 'bench',
    GIT_AUTHOR_EMAIL: 'bench@localhost',
    GIT_COMMITTER_NAME: 'bench',
    GIT_COMMITTER_EMAIL: 'bench@localhost',
    GIT_AUTHOR_DATE: `@${at} +0000`,
    GIT_COMMITTER_DATE: `@${at} +0000`,
  };
  const git = (...args: string[]) => {
    const run = spawnSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd: data, env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`git ${args[0]} in ${data} failed: ${run.stderr || run.error?.message}`);
  };
  if (!existsSync(path.join(data, '.git'))) git('init', '-q', '.');
  git('add', '-A', '.');
  git('commit', '-q', '--allow-empty', '-m', `data at ${at}`);
}

let asideCount = 0;
/** Moves a path into the workplace's `aside/` folder (removed at the end, off every timed run). */
function moveAside(w: Workplace, p: string): void {
  if (!existsSync(p)) return;
  const aside = path.join(w.tmp, 'aside');
  mkdirSync(aside, { recursive: true });
  // The process id too: a run kept with BENCH_KEEP leaves its aside/ for the next run in the same BENCH_TMP.
  renameSync(p, path.join(aside, `${process.pid}-${asideCount++}-${path.basename(p)}`));
}

/** The version of the hugo command, or undefined when it is not installed. */
export function hugoVersion(command = 'hugo'): string | undefined {
  const run = spawnSync(command, ['version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/**
 * Waits (at most a minute) until the background process of the last build is done: no path
 * being removed, every version in the versions folder with its manifest (a spare being made
 * has none yet), and no background process of this versions folder still running (one just
 * spawned has made no folder yet: without this, the build after a cold one often ran before
 * its spare existed, and linked every file anew). A person's next build rarely comes sooner,
 * and the run is measured alone.
 */
async function backgroundDone(versions: string): Promise<void> {
  const busy = () => {
    const names = existsSync(versions) ? readdirSync(versions) : [];
    return (
      names.some((n) => n.includes('-removing-') || (/^\d+-[^.]*$/.test(n) && !names.includes(`${n}.files`))) ||
      backgroundRunning(versions)
    );
  };
  for (let i = 0; i < 600 && busy(); i++) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Whether a build's background process (src/pipeline/remover.ts) for this versions folder is running (Linux /proc). */
function backgroundRunning(versions: string): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.some((a) => a.endsWith('remover.ts')) && args.includes(versions)) return true;
    } catch {
      // the process ended meanwhile
    }
  }
  return false;
}

/** One of our builds: wall time, memory, and its report. */
interface BuildRun extends Timed {
  report: { stages: Record<string, number> } & Record<string, unknown>;
}

/** The run in the middle of several (by wall time). */
function middle<T extends { seconds: number }>(runs: T[]): T {
  return [...runs].sort((a, b) => a.seconds - b.seconds)[Math.floor((runs.length - 1) / 2)]!;
}

/** Pairwise ratios a[i] / b[i]. */
function ratios(a: Timed[], b: Timed[]): Spread {
  return spread(a.map((x, i) => x.seconds / b[i]!.seconds));
}

/** Runs cold, one-row and no-change builds `reps` times at `n` sessions (and Hugo after each cold build). */
export async function benchSize(w: Workplace, n: number, say: (line: string) => void): Promise<SizeResult> {
  const data = prepareData(w, n);
  let commitTime = Number(EPOCH);
  commitData(data, commitTime);
  const out = path.join(w.tmp, `dist-${n}`);
  const versions = path.join(w.tmp, `.dist-${n}-versions`);
  const hugoSite = path.join(w.tmp, `hugo-${n}`);
  const hugoPages = w.hugo ? writeHugoSite(data, hugoSite) : 0;
  const build = async (label: string): Promise<BuildRun> => {
    const report = path.join(w.tmp, `report-${n}.json`);
    rmSync(report, { force: true });
    await backgroundDone(versions);
    settle();
    const run = await timed(
      [process.execPath, ...NODE_ARGS, 'src/cli/build.ts', '--out', out, '--report', report],
      { DATA_DIR: data, SOURCE_DATE_EPOCH: '', SITE_URL: 'http://localhost:3000/' },
      w.root,
    );
    if (run.code !== 0) throw new Error(`the ${label} build of ${n} sessions failed:\n${run.stderr}`);
    return { ...run, report: JSON.parse(readFileSync(report, 'utf8')) };
  };
  const cold: BuildRun[] = [];
  const oneRow: BuildRun[] = [];
  const noChange: BuildRun[] = [];
  const hugo: Timed[] = [];
  for (let rep = 0; rep < w.reps; rep++) {
    moveAside(w, out);
    moveAside(w, versions);
    cold.push(await build('cold'));
    if (w.hugo) {
      const dest = path.join(w.tmp, `hugo-out-${n}`);
      moveAside(w, dest);
      settle();
      const run = await timed([w.hugo, '--source', hugoSite, '--destination', dest, '--quiet'], {}, w.root);
      if (run.code !== 0) throw new Error(`hugo failed at ${n} sessions:\n${run.stderr}`);
      // A yardstick that skipped part of its job would flatter it: every session must have its page.
      const pages = hugoSessionPages(dest);
      if (pages !== hugoPages) throw new Error(`hugo wrote ${pages} session pages of ${hugoPages} at ${n} sessions`);
      hugo.push(run);
    }
    toggleOneRow(data);
    commitData(data, (commitTime += 86_400)); // a day later: a new timestamp, as a real pull request's
    oneRow.push(await build('one-row'));
    noChange.push(await build('no-change'));
    const h = w.hugo ? `, hugo ${hugo.at(-1)!.seconds.toFixed(2)} s` : '';
    say(
      `${n} sessions, run ${rep + 1}/${w.reps}: cold ${cold.at(-1)!.seconds.toFixed(2)} s, ` +
        `one row ${oneRow.at(-1)!.seconds.toFixed(2)} s, no change ${noChange.at(-1)!.seconds.toFixed(2)} s${h}`,
    );
  }
  // What runs next (the floors, the load test) runs alone too.
  await backgroundDone(versions);
  settle();
  const size = treeSize(out);
  const stagesOf = (r: BuildRun) => Object.fromEntries(Object.entries(r.report.stages).map(([k, v]) => [k, round(v)]));
  const { stages: _, ...oneRowReport } = middle(oneRow).report;
  return {
    sessions: n,
    build_s: spread(cold.map((r) => r.seconds)).median,
    cold_s: spread(cold.map((r) => r.seconds)),
    one_row_s: spread(oneRow.map((r) => r.seconds)),
    no_change_s: spread(noChange.map((r) => r.seconds)),
    one_row_ratio: ratios(oneRow, cold),
    no_change_ratio: ratios(noChange, cold),
    ...(w.hugo
      ? {
          hugo_s: spread(hugo.map((r) => r.seconds)),
          hugo_ratio: ratios(cold, hugo),
          hugo_peak_rss_mb: Math.round(middle(hugo).peakRss / 1048576),
        }
      : {}),
    peak_rss_mb: Math.round(Math.max(...cold.map((r) => r.peakRss)) / 1048576),
    stages_s: stagesOf(middle(cold)),
    one_row_stages_s: stagesOf(middle(oneRow)),
    one_row_report: oneRowReport,
    output_files: size.files,
    output_bytes: size.bytes,
  };
}
