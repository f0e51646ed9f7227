import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './build.ts';

/**
 * The files below `dir` (a folder of the project), as paths from the project's root with `/`, outside node_modules
 * and without following links: test/astro-check's workspace holds TypeScript's own declarations (megabytes), and a
 * link there back to its own folder once made a recursive read walk it some 40 times (9 s of `npm run test:unit`).
 */
export function projectFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory() && e.name !== 'node_modules') out.push(...projectFiles(rel));
    else if (e.isFile()) out.push(rel);
  }
  return out;
}
