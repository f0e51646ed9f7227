import { spawn } from 'node:child_process';
import { copyFileSync, linkSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The script the detached process runs (remover.ts: this module's `removeClaimed` and `prepareSpare`). */
const SCRIPT = path.join(import.meta.dirname, 'remover.ts');

/**
 * Hands work to a detached background process, off the build's critical path: removing `paths` (old versions and
 * leftovers), and, with `spareFrom`, preparing a spare version for the next build to update in place.
 */
export function removeLater(paths: readonly string[], versions: string, spareFrom?: string): void {
  if (paths.length === 0 && !spareFrom) return;
  const args = [SCRIPT, versions, spareFrom ?? '', ...paths];
  const child = spawn(process.execPath, ['--experimental-strip-types', '--no-warnings=ExperimentalWarning', ...args], {
    detached: true,
    stdio: 'ignore',
  });
  child.on('error', () => {}); // the next build removes what this one could not hand over
  child.unref();
}

/**
 * Claims each path by renaming it to `<pid>-<time>-removing-<n>` in `versions` (later builds leave what a running
 * remover holds alone, and remove what a killed one left), then removes what it claimed. Only a
 * path on another file system is removed where it is; one that cannot be claimed for another reason is left for a
 * later build (a folder being removed in place could be read half gone by a build).
 */
export function removeClaimed(versions: string, paths: readonly string[]): void {
  const claimed: string[] = [];
  // The time too: a process id is reused (a container's remover may always get the same one).
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  paths.forEach((p, i) => {
    const to = path.join(versions, `${stamp}-removing-${i}`);
    try {
      renameSync(p, to);
      claimed.push(to);
    } catch (error) {
      // Gone (another remover claimed it): nothing to do; on another file system: remove it where it is.
      if ((error as NodeJS.ErrnoException).code === 'EXDEV') claimed.push(p);
    }
  });
  for (const to of claimed) rmSync(to, { recursive: true, force: true });
}

/**
 * Makes a spare copy of version `from` in `versions`: every file a hard link (files are never changed in place, so the
 * copy stays the same bytes), the manifest copied last, which makes it usable. Named for this process, so builds leave
 * it alone while it grows and remove it if this process dies. Nothing is left when `from` went away meanwhile (a
 * build took it over).
 */
export function prepareSpare(versions: string, from: string): void {
  const spare = path.join(versions, `${process.pid}-${Date.now().toString(36)}-spare`);
  try {
    mkdirSync(spare);
    for (const e of readdirSync(from, { recursive: true, withFileTypes: true })) {
      const rel = path.relative(from, path.join(e.parentPath, e.name));
      if (e.isDirectory()) mkdirSync(path.join(spare, rel));
      else linkSync(path.join(from, rel), path.join(spare, rel));
    }
    copyFileSync(`${from}.files`, `${spare}.files.draft`);
    renameSync(`${spare}.files.draft`, `${spare}.files`);
  } catch {
    rmSync(spare, { recursive: true, force: true });
    rmSync(`${spare}.files.draft`, { force: true });
  }
}
