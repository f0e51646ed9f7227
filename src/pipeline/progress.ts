/** What a build shows while it runs: the stage, and how many files it has written. */
export interface Progress {
  /** A new stage begins. */
  stage(name: string): void;
  /** One more file. */
  tick(): void;
  /** The build is over: clear the line. */
  done(): void;
}

/** Shows nothing (not a terminal, CI, `--report`, tests). */
export const silentProgress: Progress = { stage() {}, tick() {}, done() {} };

/** The terminal a progress line is drawn on. */
interface Terminal {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * One line, redrawn at most every 100 ms: `Building: calendar pages… 12,345 files (8.1 s)`.
 * Cleared at the end, where the command prints its one-line summary.
 */
export function lineProgress(out: Terminal, now: () => number = () => performance.now()): Progress {
  const started = now();
  let stage = '';
  let files = 0;
  let drawn = -Infinity;
  const draw = (force: boolean) => {
    const t = now();
    if (!force && t - drawn < 100) return;
    drawn = t;
    out.write(
      `\r\x1b[KBuilding: ${stage}… ${files.toLocaleString('en-US')} files (${((t - started) / 1000).toFixed(1)} s)`,
    );
  };
  return {
    stage(name) {
      stage = name;
      draw(true);
    },
    tick() {
      files += 1;
      draw(false);
    },
    done() {
      out.write('\r\x1b[K');
    },
  };
}

/** The progress a command shows: a line on a terminal, nothing under CI (the CI setting) or when asked to be quiet. */
export function progressFor(out: Terminal, quiet: boolean): Progress {
  return out.isTTY && !quiet ? lineProgress(out) : silentProgress;
}
