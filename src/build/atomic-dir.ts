import { cp, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
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

/**
 * Moves every entry of `source` into `target` (renames on the same file system, else copies),
 * then removes `source`. An entry that already exists in `target` is an error: nothing is overwritten.
 */
export async function mergeDirectory(source: string, target: string): Promise<void> {
  await mkdir(target, { recursive: true });
  for (const name of await readdir(source)) {
    const to = path.join(target, name);
    if (await exists(to)) throw new Error(`${to} already exists: two stages of the build wrote the same path`);
    try {
      await rename(path.join(source, name), to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      await cp(path.join(source, name), to, { recursive: true });
    }
  }
  await rm(source, { recursive: true, force: true });
}

/** Whether a path exists. */
async function exists(p: string): Promise<boolean> {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}
