import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { NODE_ARGS } from './node-command.ts';

/** Where Astro builds (its output and Vite's cache) and for which address: all it needs to bundle the pages. */
export interface AstroSetup {
  root: string;
  outDir: string;
  site: string;
  base: string;
  viteCache: string;
}

/** What a process of Astro is told once the build knows it: the page context (src/core/pages/page-context.ts). */
export interface AstroRequest {
  pageContextJson: string;
}

export type AstroBuildOptions = AstroSetup & AstroRequest;

/** An Astro build under way in a process of its own: `done` when it ended well, `stop` to end it early. */
export interface AstroRun {
  done: Promise<void>;
  stop: () => void;
  pid: number | undefined;
}

/** The files a run of Astro rendering into `outDir` is told through and prints into, beside that folder. */
export function astroRunFiles(outDir: string): [request: string, log: string] {
  return [`${outDir}-request.json`, `${outDir}-log.txt`];
}

/** How the process marks the line that says what went wrong (astro-child.ts). */
export const ASTRO_FAILED = 'astro-child failed: ';

/** The script the process runs. */
const CHILD = path.join(import.meta.dirname, 'astro-child.ts');

/**
 * An Astro process started before it knows the page context: it loads Astro and bundles the pages meanwhile (about a
 * second, which a cold build spends reading its data), then renders them over what `start` tells it, or is ended
 * unused by `cancel` (harmless after `start`), its files and folders removed.
 */
export interface WarmAstro {
  setup: AstroSetup;
  pid: number | undefined;
  start(request: AstroRequest): AstroRun;
  cancel(): void;
}

/**
 * Starts Astro's build in a process of its own, so that this build renders its other files on the machine's other
 * core meanwhile, and Astro's memory goes with its process when it ends.
 */
export function startAstroBuild(options: AstroBuildOptions): AstroRun {
  return warmAstroBuild(options).start(options);
}

/** What a run of Astro printed, from its log file (`files`: its request and log, both removed). */
function printedBy([request, log]: readonly string[]): string {
  let text = '';
  try {
    text = readFileSync(log!, 'utf8').trim();
  } catch {
    // gone (removed by hand): nothing to say
  }
  rmSync(request!, { force: true });
  rmSync(log!, { force: true });
  return text;
}

/**
 * Settles when Astro's process ends: resolves when it ended well (its warnings printed here) or was cancelled (what it
 * bundled before, `bundled`, removed), else rejects with the child's own line when it could say (astro-child.ts), else
 * its last line but Node's version.
 */
function astroEnd(
  child: ChildProcess,
  files: readonly string[],
  cancelled: () => boolean,
  bundled: readonly string[],
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    child.once('error', (error) => {
      printedBy(files);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      const text = printedBy(files);
      if (cancelled()) {
        for (const dir of bundled) rmSync(dir, { recursive: true, force: true });
        return resolve();
      }
      if (code === 0) {
        if (text) process.stderr.write(`${text}\n`);
        return resolve();
      }
      const lines = text.split('\n').filter((l) => l.trim() !== '' && !/^Node\.js v\d/.test(l));
      const why =
        lines.findLast((l) => l.startsWith(ASTRO_FAILED))?.slice(ASTRO_FAILED.length) ??
        lines.at(-1) ??
        'it printed nothing';
      reject(new Error(`Astro's build failed (${signal ?? `exit ${code}`}): ${why}`));
    });
  });
}

/**
 * Starts the process that runs Astro's build of `setup` (astro-child.ts); `start` tells it the page context, through
 * a file named on its channel. What it prints goes into another file, read at its end: a pipe would stall it while
 * this process is busy. `done` rejects with what it printed when it fails; its warnings are printed here when it ends
 * well.
 */
export function warmAstroBuild(given: AstroSetup): WarmAstro {
  const { root, outDir, site, base, viteCache } = given;
  const setup: AstroSetup = { root, outDir, site, base, viteCache }; // the setup alone, whatever else it was given
  const [request, log] = astroRunFiles(outDir);
  const out = openSync(log, 'w');
  // A channel to it too, which closes when this process ends however it ends: Astro then stops.
  const child = spawn(process.execPath, [...NODE_ARGS, CHILD, JSON.stringify(setup)], {
    // Astro writes its server bundle inside its output only when that is inside its working folder (else into the
    // working folder's .astro/, which concurrent builds would share): the folder holding the output is its own.
    cwd: path.dirname(outDir),
    stdio: ['ignore', out, out, 'ipc'],
  });
  closeSync(out);
  let state: 'warm' | 'started' | 'cancelled' = 'warm';
  const done = astroEnd(child, [request, log], () => state === 'cancelled', [outDir, viteCache]);
  done.catch(() => {}); // awaited by `start`'s caller; a process never started is nobody's failure
  return {
    setup,
    pid: child.pid,
    start({ pageContextJson }) {
      if (state !== 'warm') throw new Error(`this Astro process was ${state} already`);
      state = 'started';
      const told: AstroRequest = { pageContextJson };
      writeFileSync(request, JSON.stringify(told));
      // A process that already ended (it could not load Astro) says why through `done`.
      if (child.connected) child.send({ request }, () => {});
      return { done, stop: () => void child.kill(), pid: child.pid };
    },
    cancel() {
      if (state !== 'warm') return;
      state = 'cancelled';
      child.kill();
      rmSync(log, { force: true });
    },
  };
}
