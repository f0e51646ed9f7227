// The build's progress line: shown on a terminal only, redrawn at most every 100 ms, cleared at the end.
import { describe, expect, it } from 'vitest';
import { lineProgress, progressFor, silentProgress } from '../../src/pipeline/progress.ts';

/** A fake terminal that keeps what is written, and a clock the test moves. */
function terminal(isTTY = true) {
  const written: string[] = [];
  return { isTTY, write: (text: string) => written.push(text), written };
}

describe('the progress line', () => {
  it('shows the stage and the files so far, redrawn at most every 100 ms, and clears itself at the end', () => {
    const out = terminal();
    let now = 0;
    const progress = lineProgress(out, () => now);
    progress.stage('API files');
    for (let i = 0; i < 5; i++) progress.tick(); // within the same 100 ms: not redrawn
    now = 140;
    progress.tick();
    now = 2500;
    progress.stage('calendar pages');
    progress.done();
    expect(out.written).toEqual([
      '\r\x1b[KBuilding: API files… 0 files (0.0 s)',
      '\r\x1b[KBuilding: API files… 6 files (0.1 s)',
      '\r\x1b[KBuilding: calendar pages… 6 files (2.5 s)',
      '\r\x1b[K',
    ]);
  });

  it('is shown only on a terminal, and not when asked to be quiet (CI, --report)', () => {
    expect(progressFor(terminal(false), false)).toBe(silentProgress);
    expect(progressFor(terminal(true), true)).toBe(silentProgress);
    expect(progressFor(terminal(true), false)).not.toBe(silentProgress);
  });
});
