import { cp, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Fills a fresh temporary directory beside `target`, then swaps it into place. When
 * `fill` throws, the temporary directory is removed and `target` is left exactly as it was.
 */
export async function replaceDirectory(target: string, fill: (tmp: string) => Promise<void>): Promise<void> {
  const parent = path.dirname(path.resolve(target));
  const stamp = `${process.pid}-${Date.now().toString(36)}`;
  const tmp = path.join(parent, `.${path.basename(target)}-new-${stamp}`);
  const old = path.join(parent, `.${path.basename(target)}-old-${stamp}`);
  await mkdir(tmp, { recursive: true });
  try {
    await fill(tmp);
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    throw error;
  }
  let moved = false;
  try {
    await rename(target, old);
    moved = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await rename(tmp, target);
  if (moved) await rm(old, { recursive: true, force: true });
}

/** Moves a folder to `target` (replacing it): a rename on the same file system, else a copy. */
export async function moveDirectory(source: string, target: string): Promise<void> {
  await rm(target, { recursive: true, force: true });
  try {
    await rename(source, target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await cp(source, target, { recursive: true });
    await rm(source, { recursive: true, force: true });
  }
}
