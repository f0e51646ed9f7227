import { lstatSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../core/read/findings.ts';

/** The project's folders a build publishes from or runs: Astro copies public/ as it is, following links. */
const LINKED_FOLDERS = ['public', 'src'];

/**
 * Refuses a symbolic link below public/ or src/ that leaves the project or points nowhere, with
 * one line naming it (a link to /etc/passwd in public/ was published and served). A link to a
 * file or folder inside the project is allowed: the build copies what it points to. Links are
 * not followed while looking, so a link to a large folder costs nothing.
 */
export function checkProjectLinks(root: string): void {
  const top = realpathSync(root);
  const inside = (target: string) => target === top || target.startsWith(`${top}${path.sep}`);
  const walk = (rel: string) => {
    let names: string[];
    try {
      names = readdirSync(path.join(root, rel)).sort();
    } catch {
      return; // not there, or not a folder
    }
    for (const name of names) {
      const child = `${rel}/${name}`;
      const full = path.join(root, child);
      const info = lstatSync(full);
      if (info.isDirectory()) walk(child);
      if (!info.isSymbolicLink()) continue;
      let target: string | undefined;
      try {
        target = realpathSync(full);
      } catch {
        target = undefined;
      }
      if (target === undefined || !inside(target)) {
        const where = target === undefined ? 'which does not exist' : 'outside the project';
        throw new ConfigError(
          `${child} is a link to ${readlinkSync(full)}, ${where}: ` +
            'public/ and src/ may hold links only to files and folders inside the project. ' +
            'Copy what it points to in, or remove the link.',
        );
      }
    }
  };
  for (const folder of LINKED_FOLDERS) walk(folder);
}
