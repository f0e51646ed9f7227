import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { linkSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { cp, mkdtemp, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_INPUTS } from '../../src/pipeline/input-key.ts';
import { NODE_ARGS } from '../../src/pipeline/node-command.ts';

const run = promisify(execFile);

/** The repository's root folder. */
export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A fixed timestamp so builds in tests are reproducible. */
export const EPOCH = 1700000000;

/** A fresh temporary folder, removed by the returned cleanup. */
export async function tempDir(prefix = 'campus-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix));
}

/** What a build run printed, and how it ended. */
export interface BuildRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run build`'s entry point as a user would, into `outDir`, with extra environment. */
export async function runBuild(
  outDir: string,
  env: Record<string, string> = {},
  args: string[] = [],
): Promise<BuildRun> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [...NODE_ARGS, 'src/cli/build.ts', '--out', outDir, ...args],
      { cwd: ROOT, env: { ...process.env, SOURCE_DATE_EPOCH: String(EPOCH), ...env }, maxBuffer: 64 * 1024 * 1024 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** A build running in the background: the process, and what it printed so far. */
export interface RunningBuild {
  child: ChildProcess;
  stderr: () => string;
  /** Resolves when the build prints `text` on stderr (rejects when it ends first). */
  printed: (text: string) => Promise<void>;
  /** Resolves with the exit code, or the signal that ended it. */
  ended: Promise<number | NodeJS.Signals>;
}

/** Starts `npm run build`'s entry point into `outDir` without waiting for it. */
export function startBuild(outDir: string, env: Record<string, string> = {}, args: string[] = []): RunningBuild {
  const child = spawn(process.execPath, [...NODE_ARGS, 'src/cli/build.ts', '--out', outDir, ...args], {
    cwd: ROOT,
    env: { ...process.env, SOURCE_DATE_EPOCH: String(EPOCH), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let text = '';
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const ended = new Promise<number | NodeJS.Signals>((resolve) =>
    child.on('close', (code, signal) => resolve(signal ?? code ?? 1)),
  );
  const printed = (wanted: string) =>
    new Promise<void>((resolve, reject) => {
      const look = () => {
        if (text.includes(wanted)) resolve();
        else if (child.exitCode !== null || child.signalCode !== null)
          reject(new Error(`the build ended without printing "${wanted}":\n${text}`));
        else setTimeout(look, 20);
      };
      look();
    });
  return { child, stderr: () => text, printed, ended };
}

/** Runs one of the project's CLI scripts (check, diff, ...) and captures its output. */
export async function runCli(
  script: string,
  args: string[],
  env: Record<string, string> = {},
  cwd = ROOT,
): Promise<BuildRun> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [...NODE_ARGS, path.join(ROOT, 'src/cli', script), ...args],
      { cwd, env: { ...process.env, GITHUB_ACTIONS: '', ...env }, maxBuffer: 64 * 1024 * 1024 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

/** Every file below `dir` (relative paths with `/`, sorted); only those below its folder `under` when given. */
export function listTree(dir: string, under = ''): string[] {
  const entries = readdirSync(path.join(dir, under), { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
  return files.map((f) => f.split(path.sep).join('/')).sort();
}

/**
 * Every file below `dir` (relative paths, sorted) with its bytes; only those below its folder `under` when given.
 * Read synchronously: thousands of small files read one `await` at a time cost ten times the CPU (the thread pool's
 * hand-offs: 6.9 CPU-s against 0.5 for 10,000 feeds).
 */
export async function readTree(dir: string, under = ''): Promise<Map<string, Buffer>> {
  return new Map(listTree(dir, under).map((f) => [f, readFileSync(path.join(dir, f))]));
}

/**
 * A copy of the folder `src` at `dest` made of hard links (folders made anew, each file linked): for a suite that adds
 * entries to a copy of a shared build and changes no file in it. 0.5 CPU-s for a real build's 32,000 files, where
 * fs.cp took 9.2 (it reads and writes every byte).
 */
export function linkTree(src: string, dest: string): void {
  mkdirSync(dest, { recursive: true });
  for (const e of readdirSync(src, { withFileTypes: true })) {
    const from = path.join(src, e.name);
    const to = path.join(dest, e.name);
    if (e.isDirectory()) linkTree(from, to);
    else if (e.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else linkSync(from, to);
  }
}

/** The one term of exam schedules small data keeps (the smallest file but one of data/exam-schedule/). */
const SMALL_EXAM_TERM = '1125';

/**
 * Copies data/ to `dest` for a build whose point is not the real data's size: courses cut to
 * one subject (CS; all of them are 10,000 of a full build's 13,000 files), exam schedules to one
 * term (SMALL_EXAM_TERM; reading and publishing all 26 took a third of a small API build's CPU
 * time), every other data set as it is (methods.csv names them all), and only the session files
 * of `terms` when given.
 */
export async function copySmallData(dest: string, options: { terms?: readonly string[] } = {}): Promise<void> {
  const data = path.join(ROOT, 'data');
  const keep = (src: string): boolean => {
    const dir = path.relative(data, path.dirname(src));
    if (dir === 'courses') return path.basename(src) === 'CS.csv';
    if (dir === 'exam-schedule') return !src.endsWith('.csv') || path.basename(src) === `${SMALL_EXAM_TERM}.csv`;
    if (dir === 'infosessions' && options.terms) return options.terms.includes(path.basename(src, '.csv'));
    return true;
  };
  await cp(data, dest, { recursive: true, filter: keep });
}

/**
 * A copy of the project in `dest` that builds on its own: what the build's input key says a build
 * reads (PROJECT_INPUTS: src/, public/, the configuration and the lock file) and `extra` files,
 * node_modules linked, and the data cut small (copySmallData), for a suite that changes a
 * page's source or adds a data set without touching the repository.
 */
export async function copyProject(dest: string, extra: readonly string[] = []): Promise<void> {
  for (const name of [...PROJECT_INPUTS, ...extra])
    await cp(path.join(ROOT, name), path.join(dest, name), { recursive: true });
  await symlink(path.join(ROOT, 'node_modules'), path.join(dest, 'node_modules'));
  await copySmallData(path.join(dest, 'data'));
}

/**
 * Removes a folder made by tempDir, trying again for up to 60 s while a build's detached remover still writes a spare
 * version there. Each try lists the folder again: rmSync's own retries only retry the last rmdir, so a spare the
 * remover finished after the listing made it fail with ENOTEMPTY after 505 s of waiting (CI, stop 46). Synchronously:
 * the promise API's removal of a whole build (32,000 files) took 1.6 CPU-s, this 0.7.
 */
export async function removeDir(dir: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      rmSync(dir, { recursive: true, force: true });
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code !== 'ENOTEMPTY' && code !== 'EBUSY') || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/**
 * Commits everything in the git repository `dir` at a time (Unix seconds), as a pull request's merge does, with an
 * identity of its own (CI's machine has none); `how` replaces the message (e.g. an amend).
 */
export function commitAt(dir: string, at: number, how: readonly string[] = ['-m', `at ${at}`]): void {
  const env = {
    ...process.env,
    GIT_AUTHOR_DATE: `@${at} +0000`,
    GIT_COMMITTER_DATE: `@${at} +0000`,
    GIT_AUTHOR_NAME: 't',
    GIT_AUTHOR_EMAIL: 't@x',
    GIT_COMMITTER_NAME: 't',
    GIT_COMMITTER_EMAIL: 't@x',
  };
  execFileSync('git', ['add', '-A', '.'], { cwd: dir, env });
  execFileSync('git', ['commit', '-q', ...how], { cwd: dir, env });
}
