import { spawn } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The script a detached remover runs (this module's `removeClaimed`, given paths on its command line). */
const REMOVER = path.join(import.meta.dirname, 'remover.ts');

/**
 * Hands paths to a detached background process that removes them, so removing the previous
 * output never sits on a build's critical path: the build publishes, spawns the remover and
 * ends. The remover first claims each path by renaming it to `<its pid>-removing-<n>` in the
 * versions folder (a path another remover claimed first is skipped), so later builds leave
 * what it holds alone while it runs, and remove what it left if it was killed.
 */
export function removeLater(paths: readonly string[], versions: string): void {
  if (paths.length === 0) return;
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', REMOVER, versions, ...paths], {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => {}); // the next build removes what this one could not hand over
  child.unref();
}

/** Claims each path (a rename into `versions`) and removes what it claimed; returns the paths it removed. */
export function removeClaimed(versions: string, paths: readonly string[], pid = process.pid): string[] {
  const claimed: [from: string, to: string][] = [];
  paths.forEach((p, i) => {
    const to = path.join(versions, `${pid}-removing-${i}`);
    try {
      renameSync(p, to);
      claimed.push([p, to]);
    } catch (error) {
      // Gone (another remover claimed it), or on another file system: remove it where it is.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') claimed.push([p, p]);
    }
  });
  for (const [, to] of claimed) rmSync(to, { recursive: true, force: true });
  return claimed.map(([from]) => from);
}
