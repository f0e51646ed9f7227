import { spawn } from 'node:child_process';
import path from 'node:path';

/** The script of the child process that renders Astro's pages. */
const CHILD = path.join(import.meta.dirname, 'astro-child.ts');

/** Astro rendering in a child process: `done` settles when it ends; `stop` ends it early. */
export interface AstroRun {
  done: Promise<void>;
  stop(): void;
}

/**
 * Starts Astro's build of the pages into `outDir` in a child process (astro-child.ts), handing
 * it the page context, and returns at once: the build writes the API files and feeds meanwhile.
 * Astro's own warnings and errors go to this process's output; a failure rejects `done`.
 */
export function startAstro(root: string, outDir: string, pageContext: string): AstroRun {
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', CHILD], {
    cwd: root,
    stdio: ['pipe', 'inherit', 'inherit'],
  });
  const stop = () => child.kill();
  process.once('exit', stop); // an interrupted build takes its child with it
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', stop);
      if (code === 0) resolve();
      else reject(new Error(`Astro's build of the pages failed (${signal ?? `exit ${code}`}); its error is printed above.`));
    });
  });
  child.stdin!.end(JSON.stringify({ root, outDir, context: pageContext }));
  return { done, stop };
}
