// The suites' removal of their work folders (test/helpers/build.ts removeDir) while a build's detached remover still
// writes a spare version there. rmSync's own retries list the folder once: a file made after that listing failed the
// removal with ENOTEMPTY after 505 s of retries (server-published-directory in CI, stop 46).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../helpers/build.ts';

/** A process that makes a new file in `dir` every few milliseconds for `ms`, as a remover linking a spare does. */
function keepWriting(dir: string, ms: number): Promise<void> {
  const script = `const fs = require('node:fs'); const end = Date.now() + ${ms}; let i = 0;
    while (Date.now() < end) { try { fs.writeFileSync(${JSON.stringify(dir)} + '/late-' + i++, 'x'); } catch {} }`;
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  return new Promise((resolve) => child.on('exit', () => resolve()));
}

/** Waits for the writer's first file, so that the removal starts while it writes (a loaded machine starts it late). */
async function firstFile(dir: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!existsSync(path.join(dir, 'late-0'))) {
    if (Date.now() > deadline) throw new Error('the writing process made no file in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function fill(dir: string, files: number): void {
  mkdirSync(path.join(dir, 'version'), { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(path.join(dir, 'version', `f${i}`), 'x');
}

describe('removing a work folder a process still writes to', () => {
  it('lists it again until it is gone (rmSync with retries gave up: the removal before fails this test)', async () => {
    const dir = await tempDir();
    fill(dir, 5_000);
    const writing = keepWriting(dir, 1_000);
    await firstFile(dir);
    await removeDir(dir);
    await writing;
    expect(existsSync(dir)).toBe(false);
  });
});
