import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/build.ts';

// The type checks of `npm test`, run here so they overlap the other suites instead of
// preceding them: tsc --noEmit (TypeScript 7) over every .ts file, and astro check
// (test/astro-check, TypeScript 6) over the Astro files. A type error fails npm test.

/** Runs a node script of the project to its end; its exit code and everything it printed. */
async function runNode(script: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [path.join(ROOT, script), ...args], {
      cwd: ROOT,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === 'number' ? e.code : 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

describe.concurrent('the type checks', () => {
  it('tsc --noEmit finds no error', async () => {
    const run = await runNode('node_modules/typescript/bin/tsc', ['--noEmit', '-p', 'tsconfig.json']);
    expect(run.code, run.output).toBe(0);
  });

  it('astro check finds no error in the Astro files', async () => {
    const run = await runNode('test/astro-check/run.mjs', []);
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/- 0 errors/);
  });
});
